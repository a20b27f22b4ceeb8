// Helpers of the thinking-time sweep specs: competitions in groups of any size with every
// player's actor, instants at a local time of day, and the sweep's own mail read back.
import type { INestApplication } from '@nestjs/common';
import { In } from 'typeorm';
import type { UserActor } from '../../src/auth/core/actor';
import { User } from '../../src/auth/user.entity';
import { actorOf } from '../../src/auth/users.service';
import type { Color } from '../../src/engine';
import type { CreateCompetitionInput } from '../../src/competitions/competition-setup.service';
import type { GroupsInput } from '../../src/competitions/core/group-plans';
import { Sequence } from '../../src/competitions/sequence.entity';
import { Database } from '../../src/database/database';
import type { ActionResult } from '../../src/games/model/game-views';
import { Game } from '../../src/games/entities/game.entity';
import { MovesService } from '../../src/games/actions/moves.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { localDate, type LocalDate } from '../../src/common/calendar';
import { SweepService } from '../../src/thinking-time/sweep.service';
import { ManualClock } from '../../src/common/clock';
import { startTestApp, type TestApp } from './test-app';
import { createUser, setUpCompetition, type TestUser } from './competitions';
import { nextRandomMove, seededRandom } from './games';

export interface Groups {
  readonly competitionId: string;
  readonly arbiter: TestUser;
  /** In a stable order: group (round) then id. */
  readonly games: readonly Game[];
  readonly actors: ReadonlyMap<string, UserActor>;
}

let arbiters = 0;

/** A started competition split into `groups`, with each player's actor (no API keys: service calls only). */
export async function startGroups(
  app: INestApplication,
  {
    players,
    groups,
    settings = {},
    domain = 'example.org',
  }: { players: number; groups: GroupsInput; settings?: Partial<CreateCompetitionInput>; domain?: string },
): Promise<Groups> {
  arbiters += 1;
  const arbiter = await createUser(app, { email: `arbitru-sweep${arbiters}@${domain}`, roles: ['arbiter'], name: `Arbitrul ${arbiters}` });
  const competition = await setUpCompetition(app, arbiter.actor, { players, groups, settings, start: true, domain });
  return app.get(Database).run(async (m) => {
    const games = await m.find(Game, { where: { competitionId: competition.id }, order: { groupId: 'ASC', round: 'ASC', id: 'ASC' } });
    const users = await m.find(User, { where: { playerId: In(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId])) } });
    return { competitionId: competition.id, arbiter, games, actors: new Map(users.map((u) => [u.playerId!, actorOf(u)])) };
  });
}

export function actorIn(groups: Groups, game: Game, color: Color): UserActor {
  return groups.actors.get(color === 'red' ? game.redPlayerId : game.bluePlayerId)!;
}

/**
 * Random legal play through the games service, deterministic per seed: `play(game, color)`
 * makes the move (or pass) of the player to move, and `moves` keeps each game's record.
 */
export async function randomPlay(app: INestApplication, groups: Groups, seed: number) {
  const movesService = app.get(MovesService);
  const { tiles: sequence } = await app.get(Database).run((m) => m.findOneByOrFail(Sequence, { competitionId: groups.competitionId }));
  const random = seededRandom(seed);
  const moves = new Map<string, string[]>();
  return {
    random,
    moves,
    async play(game: Game, color: Color): Promise<ActionResult> {
      const before = moves.get(game.id) ?? [];
      const move = nextRandomMove({ tileSet: 'ro', sequence }, before, random);
      const actor = actorIn(groups, game, color);
      const result = move === 'PAS' ? await movesService.pass(actor, game.id) : await movesService.submitMove(actor, game.id, { move });
      moves.set(game.id, [...before, move]);
      return result;
    },
  };
}

export const SWEEP_TZ = 'Europe/Bucharest';

export interface SweepTest {
  readonly t: TestApp;
  readonly clock: ManualClock;
  readonly sweep: SweepService;
  readonly g: Groups;
  readonly play: (game: Game, color: Color) => Promise<ActionResult>;
  /** Sets the clock to a wall-clock time of a day in Bucharest. */
  readonly at: (day: LocalDate, time: string) => void;
}

/** The application, a competition in Bucharest time starting 01.02.2027, and random play, for the sweep specs. */
export async function startSweepTest({
  players,
  groups,
  closingDate,
  seed,
}: {
  players: number;
  groups: number;
  closingDate: LocalDate;
  seed: number;
}): Promise<SweepTest> {
  const clock = new ManualClock('2027-01-20T10:00:00Z');
  const t = await startTestApp({ clock });
  const g = await startGroups(t.app, {
    players,
    groups: { count: groups },
    settings: { startDate: '2027-02-01', closingDate, timeZone: SWEEP_TZ },
  });
  const { play } = await randomPlay(t.app, g, seed);
  return {
    t,
    clock,
    sweep: t.app.get(SweepService),
    g,
    play,
    at: (day, time) => clock.set(instantAt(day, time, SWEEP_TZ)),
  };
}

/** The instant a wall clock in `timeZone` shows `time` (HH:MM) on `day`. */
export function instantAt(day: LocalDate, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  let instant = wall;
  // Two steps settle the zone's offset, also across a DST change.
  for (let i = 0; i < 2; i++) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
    const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`);
    instant += wall - shown;
  }
  return new Date(instant);
}

/** One mail the sweep wrote, as a line of a diary: `2027-02-26 reminder blue`. */
export interface SweepMail {
  readonly day: LocalDate;
  readonly template: string;
  readonly gameId: string | null;
  readonly playerId: string | null;
  readonly action: string;
  readonly language: 'ro' | 'en' | 'pl';
  readonly payload: Record<string, unknown>;
}

/** Every mail a sweep wrote (its payload names the timeline action), oldest first. */
export async function sweepMails(app: INestApplication, timeZone = 'Europe/Bucharest'): Promise<SweepMail[]> {
  const rows = await app
    .get(Database)
    .run((m) =>
      m
        .createQueryBuilder(OutboundMail, 'o')
        .where(`o.payload ->> 'action' IS NOT NULL`)
        .orderBy('o.created_at', 'ASC')
        .addOrderBy('o.template', 'ASC')
        .addOrderBy('o.player_id', 'ASC')
        .getMany(),
    );
  // A game's timeline facts are events (mail/core/timeline-facts.ts): their mail's model is built from the event, as the sender builds it.
  const composer = app.get(OutboxComposer);
  const models = await app.get(Database).run(async () => {
    const built: (object | undefined)[] = [];
    for (const r of rows) built.push(await composer.eventModel(r));
    return built;
  });
  return rows.map((r, i) => ({
    day: localDate(r.createdAt, timeZone),
    template: r.template,
    gameId: r.gameId,
    playerId: r.playerId!,
    action: String(r.payload.action),
    language: r.language,
    payload: { ...r.payload, ...models[i] } as Record<string, unknown>,
  }));
}
