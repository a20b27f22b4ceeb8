import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { UserActor } from '../../src/auth/core/actor';
import { Database } from '../../src/database/database';
import { Sequence } from '../../src/competitions/sequence.entity';
import { Player } from '../../src/players/player.entity';
import { applyMove, newGame, replayGame, type Color, type GameState, type TileSetId } from '../../src/engine';
import { randomMove, seededRandom } from '../../src/engine/testing/random-game';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import type { GameView } from '../../src/games/model/game-views';
import { createUser, keyForPlayer, setUpCompetition, type TestUser } from './competitions';

export interface Championship {
  readonly competitionId: string;
  readonly arbiter: TestUser;
  readonly tileSet: TileSetId;
  readonly sequence: string;
  /** Games in a stable order (round, then id). */
  readonly games: readonly Game[];
  /** Each player's user, by player id. */
  readonly users: ReadonlyMap<string, TestUser>;
  readonly names: ReadonlyMap<string, string>;
}

let arbiters = 0;

/** A started competition of one group of `players`, through the competitions services, with every player's API user. */
export async function startChampionship(
  app: INestApplication,
  { players = 6, settings = {}, domain = 'example.org' }: { players?: number; settings?: object; domain?: string } = {},
): Promise<Championship> {
  arbiters += 1;
  const arbiter = await createUser(app, { email: `arbitru${arbiters}@${domain}`, roles: ['arbiter'], name: `Arbitrul ${arbiters}` });
  const competition = await setUpCompetition(app, arbiter.actor, { players, start: true, settings, domain });
  const db = app.get(Database);
  const [games, sequence, people] = await db.run(
    async (m) =>
      [
        await m.find(Game, { where: { competitionId: competition.id }, order: { round: 'ASC', id: 'ASC' } }),
        await m.findOneByOrFail(Sequence, { competitionId: competition.id }),
        await m.find(Player, {}),
      ] as const,
  );
  const users = new Map<string, TestUser>();
  for (let i = 1; i <= players; i++) {
    const user = await keyForPlayer(app, `player${i}@${domain}`);
    users.set(user.actor.playerId!, user);
  }
  return {
    competitionId: competition.id,
    arbiter,
    tileSet: 'ro',
    sequence: sequence.tiles,
    games,
    users,
    names: new Map(people.map((p) => [p.id, p.name])),
  };
}

export function playerOf(ch: Championship, game: Game, color: Color): UserActor {
  return ch.users.get(color === 'red' ? game.redPlayerId : game.bluePlayerId)!.actor;
}

export function userOf(ch: Championship, game: Game, color: Color): TestUser {
  return ch.users.get(color === 'red' ? game.redPlayerId : game.bluePlayerId)!;
}

/** The engine state after these moves on the championship's sequence: the test's own model of a line. */
export function modelState(ch: Pick<Championship, 'tileSet' | 'sequence'>, moves: readonly string[]): GameState {
  const replay = replayGame({ tileSet: ch.tileSet, sequence: ch.sequence }, moves);
  if (!replay.ok) throw new Error(`model: move ${replay.n} refused: ${replay.code}`);
  return replay.state;
}

/** A random legal move for the side to move after `moves` (deterministic per random source). */
export function nextRandomMove(ch: Pick<Championship, 'tileSet' | 'sequence'>, moves: readonly string[], random: () => number): string {
  return randomMove(modelState(ch, moves), random, { passProbability: 0.03 });
}

/** A legal placement (never a pass) for the side to move, if one is found. */
export function placementFor(ch: Pick<Championship, 'tileSet' | 'sequence'>, moves: readonly string[], seed: number): string {
  const state = modelState(ch, moves);
  const random = seededRandom(seed);
  for (let i = 0; i < 50; i++) {
    const move = randomMove(state, random, { passProbability: 0 });
    if (move !== 'PAS' && applyMove(state, move).ok) return move;
  }
  throw new Error('no placement found');
}

/** With one live line, the moves not annulled are exactly that line's moves: its notations in order. */
export function keptNotations(view: GameView): string[] {
  if (view.lines.length !== 1) throw new Error('two lines are live');
  return view.moves
    .filter((m) => !m.annulled)
    .sort((a, b) => a.number - b.number)
    .map((m) => m.notation);
}

/** The game API as its players call it: a POST under `/api/games/:id`, and the move rows stored, in order. */
export function gameApi(app: INestApplication) {
  return {
    post: (game: Game, who: TestUser, path: string, body: object) =>
      request(app.getHttpServer()).post(`/api/games/${game.id}${path}`).set('Authorization', who.bearer).send(body),
    movesOf: (game: Game) => app.get(Database).run((m) => m.find(Move, { where: { gameId: game.id }, order: { number: 'ASC' } })),
  };
}

export { newGame, seededRandom };
