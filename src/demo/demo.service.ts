import { Injectable } from '@nestjs/common';
import type { UserActor } from '../auth/core/actor';
import { LoginLinks } from '../auth/login-links.service';
import { Refusal } from '../common/refusal';
import { User } from '../auth/user.entity';
import { actorOf, UsersService } from '../auth/users.service';
import { Clock } from '../common/clock';
import { Competition } from '../competitions/competition.entity';
import { CompetitionSetupService } from '../competitions/competition-setup.service';
import { GroupsService } from '../competitions/groups.service';
import { RegistrationService } from '../competitions/registration.service';
import { CompetitionStartService } from '../games/actions/competition-start.service';
import { Sequence } from '../competitions/sequence.entity';
import { Database } from '../database/database';
import { applyMove, replayGame, type GameState } from '../engine';
import { seededRandom } from '../engine/testing/random-game';
import type { WordTrie } from '../engine/word-trie';
import { Lexicons } from '../games/persistence/lexicons.service';
import { Game } from '../games/entities/game.entity';
import { gameSetup } from '../games/core/play';
import { DisputesService } from '../games/actions/disputes.service';
import { GameTimeService } from '../games/actions/game-time.service';
import { MovesService } from '../games/actions/moves.service';
import { OffersService } from '../games/actions/offers.service';
import { addDays, localDate } from '../common/calendar';
import { demoPlacement, demoSequence, demoWords } from './demo-play';
import { DEMO_LEXICON, DEMO_WORDS } from './demo-words';
import { polishForm } from '../common/bilingual';

/** Six players with Romanian names, as a federation's list would have them. */
const PLAYERS = [
  ['Popescu Ana', 'ana.popescu', 'CS Arad'],
  ['Ionescu Mihai', 'mihai.ionescu', 'CSM Iași'],
  ['Rădulescu Ștefania', 'stefania.radulescu', 'Universitatea Cluj'],
  ['Dumitrescu Tudor', 'tudor.dumitrescu', 'CS Arad'],
  ['Munteanu Ioana', 'ioana.munteanu', 'Rapid București'],
  ['Țurcanu Radu', 'radu.turcanu', 'CSM Iași'],
] as const;
const DOMAIN = 'demo.example';
const ARBITER = `arbitru@${DOMAIN}`;

export interface DemoResult {
  readonly competitionId: string;
  readonly games: number;
  readonly logins: ReadonlyArray<{ readonly who: string; readonly email: string; readonly url: string }>;
}

/**
 * `demo`: a competition a newcomer can look at within a minute of `npm start`,
 * made through the platform's own services so every number in it follows the rules:
 * games at different stages, one dispute played on two lines, one holiday, and one game
 * ended and waiting for homologation.
 */
@Injectable()
export class DemoService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly setup: CompetitionSetupService,
    private readonly registration: RegistrationService,
    private readonly groups: GroupsService,
    private readonly starts: CompetitionStartService,
    private readonly moves: MovesService,
    private readonly offers: OffersService,
    private readonly disputes: DisputesService,
    private readonly gameTime: GameTimeService,
    private readonly links: LoginLinks,
    private readonly lexicons: Lexicons,
  ) {}

  async fill({ force = false }: { force?: boolean } = {}): Promise<DemoResult> {
    const existing = await this.db.run((m) => m.count(Competition));
    if (existing > 0 && !force) {
      throw new Refusal(
        'DEMO_NOT_EMPTY',
        {
          ro: `Baza de date are deja ${existing} ${existing === 1 ? 'competiție' : 'competiții'}: demonstrația se pune doar într-una goală (sau cu --force).`,
          en: `The database already has ${existing} competition${existing === 1 ? '' : 's'}: the demo goes into an empty one only (or with --force).`,
          pl: `Baza danych zawiera już ${existing} ${polishForm(existing, ['rozgrywki', 'rozgrywki', 'rozgrywek'])}: demonstracja trafia tylko do pustej bazy (albo z --force).`,
        },
        409,
      );
    }
    const arbiter = await this.arbiter();
    // Real Romanian words from a list of its own (src/demo/demo-words.ts), so the arbiter's word
    // check finds them; a list is never replaced, so a second demo uses the one already stored.
    if (!(await this.lexicons.names()).includes(DEMO_LEXICON)) await this.lexicons.upload(DEMO_LEXICON, DEMO_WORDS.join('\n'));
    const words = demoWords('ro');
    const today = localDate(this.clock.now(), 'Europe/Bucharest');
    const created = await this.setup.create(arbiter, {
      name: 'Campionatul demonstrativ prin corespondență',
      shortName: 'Demo',
      startDate: today,
      closingDate: addDays(today, 365),
      tileSet: 'ro',
      lexicon: DEMO_LEXICON,
      // A fixed sequence: the demo's games are the same every time (and its words found every time).
      series: [{ label: '1', tiles: demoSequence('ro') }],
    });
    const csv = ['name,email,club,language', ...PLAYERS.map(([name, local, club]) => `${name},${local}@${DOMAIN},${club},ro`)].join('\n');
    await this.registration.importPlayers(arbiter, created.id, `${csv}\n`);
    await this.groups.makeGroups(arbiter, created.id, { count: 1 });
    await this.starts.start(arbiter, created.id);

    const { games, state0 } = await this.db.run(async (m) => {
      const competition = await m.findOneByOrFail(Competition, { id: created.id });
      const sequence = await m.findOneByOrFail(Sequence, { competitionId: created.id });
      const rows = await m.find(Game, { where: { competitionId: created.id }, order: { round: 'ASC', id: 'ASC' } });
      return { games: rows, state0: replayGame(gameSetup(competition, sequence), []) };
    });
    if (!state0.ok) throw new Error('demo: the dealt sequence does not start a game');
    const actors = new Map<string, UserActor>();
    const actorOfPlayer = async (playerId: string) => {
      if (!actors.has(playerId)) {
        actors.set(playerId, actorOf(await this.db.run((m) => m.findOneByOrFail(User, { playerId }))));
      }
      return actors.get(playerId)!;
    };
    const random = seededRandom(2027);
    /** Plays `count` placements in a game from the start, each by the side to move; returns the state. */
    const play = async (game: Game, count: number): Promise<GameState> => {
      let state = state0.state;
      for (let i = 0; i < count; i++) {
        const move = this.placement(state, words, random);
        const mover = await actorOfPlayer(state.toMove === 'red' ? game.redPlayerId : game.bluePlayerId);
        await this.moves.submitMove(mover, game.id, { move, source: 'web' });
        const step = applyMove(state, move);
        if (!step.ok) throw new Error(`demo: ${move} refused (${step.code})`);
        state = step.state;
      }
      return state;
    };

    // Games at different stages: a few moves in, a dozen in, untouched ones.
    const [disputed, holiday, ended, longer, ...rest] = games;
    await play(rest[0] ?? longer, 3);
    await play(longer, 10);
    // One dispute on two lines: BLUE contests RED's word with a provisional reply, RED appeals.
    const before = await play(disputed, 2);
    const contested = this.placement(before, words, random);
    const red = await actorOfPlayer(disputed.redPlayerId);
    const blue = await actorOfPlayer(disputed.bluePlayerId);
    await this.moves.submitMove(red, disputed.id, { move: contested, source: 'web' });
    const after = applyMove(before, contested);
    if (!after.ok) throw new Error('demo: the contested move was refused');
    const reply = this.placement(after.state, words, random);
    await this.disputes.contestWord(blue, disputed.id, { words: [after.record.words[0].word], reply, source: 'web' });
    await this.disputes.appealContest(red, disputed.id, {});
    // One holiday, declared by BLUE from next week.
    await play(holiday, 2);
    await this.gameTime.declareHoliday(await actorOfPlayer(holiday.bluePlayerId), holiday.id, {
      from: addDays(today, 7),
      to: addDays(today, 16),
    });
    // One game over (RED abandons after a few moves): its result waits for homologation.
    await play(ended, 4);
    await this.offers.abandon(await actorOfPlayer(ended.redPlayerId), ended.id);

    const logins = [
      { who: 'arbiter', email: ARBITER },
      { who: PLAYERS[0][0], email: `${PLAYERS[0][1]}@${DOMAIN}` },
      { who: PLAYERS[1][0], email: `${PLAYERS[1][1]}@${DOMAIN}` },
    ];
    return {
      competitionId: created.id,
      games: games.length,
      logins: await Promise.all(logins.map(async (l) => ({ ...l, url: (await this.links.linkForCli(l.email)).url }))),
    };
  }

  /** A placement of real words the engine takes (the demo never passes: a pass tells a newcomer nothing). */
  private placement(state: GameState, words: WordTrie, random: () => number): string {
    const move = demoPlacement(state, words, random);
    if (move === undefined || !applyMove(state, move).ok) throw new Error('demo: no placement found');
    return move;
  }

  private async arbiter(): Promise<UserActor> {
    return this.db.transaction(async () => {
      const { user } = await this.users.ensureUserWithRole({ email: ARBITER, role: 'arbiter', displayName: 'Arbitru Demonstrație' });
      return actorOf(user);
    });
  }
}
