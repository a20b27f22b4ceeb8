import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UserActor } from '../../src/auth/core/actor';
import { computeCoefficients, toDecimal } from '../../src/coefficients/core/coefficients';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Case } from '../../src/arbiter/case.entity';
import { ManualClock } from '../../src/common/clock';
import { Result } from '../../src/games/entities/result.entity';
import { ResultsService } from '../../src/coefficients/results.service';
import type { Color } from '../../src/engine';
import { ActionReceipt } from '../../src/games/entities/action-receipt.entity';
import { Dispute } from '../../src/games/entities/dispute.entity';
import { GameLine } from '../../src/games/entities/game-line.entity';
import { Game } from '../../src/games/entities/game.entity';
import { GameCheckService } from '../../src/games/reads/game-check.service';
import { DisputesService } from '../../src/games/actions/disputes.service';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { WithdrawalService } from '../../src/games/actions/withdrawal.service';
import { Holiday } from '../../src/games/entities/holiday.entity';
import { LongThinkingNotice } from '../../src/games/entities/long-thinking-notice.entity';
import { Move } from '../../src/games/entities/move.entity';
import { Offer } from '../../src/games/entities/offer.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { applyMove } from '../../src/engine';
import { wordCheckLines } from '../../src/games/core/word-check';
import { modelState, placementFor, playerOf, startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

/**
 * The games service against the real database: every bad input is refused with
 * its typed code and changes nothing; moves, idempotency, holidays, offers, disputes and
 * results do what docs/rules.md says.
 */
describe(`games (${TEST_DB})`, () => {
  let t: TestApp;
  let movesService: MovesService;
  let offersService: OffersService;
  let disputesService: DisputesService;
  let timeService: GameTimeService;
  let readsService: GameReadsService;
  let withdrawalService: WithdrawalService;
  let results: ResultsService;
  let ch: Championship;
  let next = 0;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    movesService = t.app.get(MovesService);
    offersService = t.app.get(OffersService);
    disputesService = t.app.get(DisputesService);
    timeService = t.app.get(GameTimeService);
    readsService = t.app.get(GameReadsService);
    withdrawalService = t.app.get(WithdrawalService);
    results = t.app.get(ResultsService);
    ch = await startChampionship(t.app, { players: 6 });
  });

  afterAll(async () => {
    await t.close();
  });

  /** A game no other test has touched. */
  const freshGame = () => {
    const game = ch.games[next++];
    if (!game) throw new Error('out of games: raise the group size');
    return game;
  };
  const red = (game: Game) => playerOf(ch, game, 'red');
  const blue = (game: Game) => playerOf(ch, game, 'blue');
  const actor = (game: Game, color: Color) => (color === 'red' ? red(game) : blue(game));

  /** Everything an action could change, for "a refusal changes nothing". */
  const snapshot = (gameId: string) =>
    t.database.run(async (m) => ({
      game: await m.findOneBy(Game, { id: gameId }),
      moves: await m.find(Move, { where: { gameId }, order: { id: 'ASC' } }),
      lines: await m.find(GameLine, { where: { gameId }, order: { id: 'ASC' } }),
      mails: await m.count(OutboundMail),
      audit: await m.count(AuditEntry),
      offers: await m.find(Offer, { where: { gameId }, order: { id: 'ASC' } }),
      disputes: await m.find(Dispute, { where: { gameId }, order: { id: 'ASC' } }),
      holidays: await m.count(Holiday),
      notices: await m.count(LongThinkingNotice),
      receipts: await m.count(ActionReceipt),
      cases: await m.count(Case),
      results: await m.count(Result),
    }));

  /** The action is refused with `code` and nothing in the database changed. */
  async function refused(gameId: string, action: () => Promise<unknown>, code: string, extra: object = {}) {
    const before = await snapshot(gameId);
    await expect(action()).rejects.toMatchObject({ code, ...extra });
    expect(await snapshot(gameId)).toEqual(before);
  }

  /** Plays `count` legal moves in the main line through the service; returns the notations. */
  async function play(game: Game, count: number, moves: string[] = [], seed = 1): Promise<string[]> {
    for (let i = 0; i < count; i++) {
      const state = modelState(ch, moves);
      const move = placementFor(ch, moves, seed + moves.length);
      await movesService.submitMove(actor(game, state.toMove), game.id, { move });
      moves.push(move);
    }
    return moves;
  }

  const mailsTo = (gameId: string, playerId: string, template: string) =>
    t.database.run((m) => m.find(OutboundMail, { where: { gameId, playerId, template }, order: { createdAt: 'ASC' } }));

  describe('start', () => {
    it('starts every game of the group together, RED to move, each player sent the game sheet', async () => {
      expect(ch.games).toHaveLength(15);
      const game = ch.games[0];
      const view = await readsService.view(red(game), game.id);
      expect(view).toMatchObject({ status: 'playing', turn: 1, version: 1, toMove: 'red', awaiting: 'move', startedOn: '2027-02-01' });
      expect(view.lines).toHaveLength(1);
      expect(view.lines[0].racks.red).toBe(ch.sequence.slice(0, 7));
      expect(view.lines[0].racks.blue).toBe(ch.sequence.slice(7, 14));
      expect(view.lines[0].bag).toBe(86);
      for (const g of ch.games) {
        const [sheet] = await mailsTo(g.id, g.redPlayerId, 'game-start');
        expect(sheet.payload).toMatchObject({ yourMove: true, color: 'red', turn: 1, sequence: ch.sequence });
        expect(sheet.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
        expect(await mailsTo(g.id, g.bluePlayerId, 'game-start')).toHaveLength(1);
      }
    });
  });

  describe('moves', () => {
    it('plays a move: the log, the cached state, the audit entry and the mails in one step', async () => {
      const game = freshGame();
      const move = placementFor(ch, [], 7);
      const result = await movesService.submitMove(red(game), game.id, { move, source: 'web' });
      const expected = modelState(ch, [move]);
      expect(result).toMatchObject({ gameId: game.id, version: 2, turn: 2, status: 'playing', turnComplete: true });
      expect(result.moves).toEqual([
        expect.objectContaining({
          line: 'main',
          number: 1,
          turn: 1,
          color: 'red',
          notation: expect.any(String),
          arrivedOn: '2027-02-01',
          sentOn: '2027-02-01',
          thinkingDays: 0,
          source: 'web',
          annulled: false,
        }),
      ]);
      expect(result.moves[0].recorded).toBe(Math.min(result.moves[0].score, 10));
      const view = await readsService.view(blue(game), game.id);
      expect(view.lines[0]).toMatchObject({
        movesPlayed: 1,
        toMove: 'blue',
        totals: expected.totals,
        racks: { red: expected.racks.red.map((r) => r.letter).join(''), blue: expect.any(String) },
      });
      expect(view.toMove).toBe('blue');
      expect(await mailsTo(game.id, game.redPlayerId, 'move-confirmation')).toHaveLength(1);
      const [yourMove] = await mailsTo(game.id, game.bluePlayerId, 'your-move');
      expect(yourMove.payload).toMatchObject({
        turn: 2,
        color: 'blue',
        lastMoves: [expect.objectContaining({ notation: result.moves[0].notation })],
      });
      const audit = await t.database.run((m) => m.findBy(AuditEntry, { gameId: game.id, action: 'move.submitted' }));
      expect(audit).toHaveLength(1);
    });

    it('counts thinking days on calendar days in the competition time zone (docs/rules.md §5)', async () => {
      const game = freshGame();
      const moves = await play(game, 1);
      // BLUE answers at 23:30 Bucharest time on 5 February: sent that day, 3 days thought (2..4).
      clock.set('2027-02-05T21:30:00Z');
      try {
        const result = await movesService.submitMove(blue(game), game.id, { move: placementFor(ch, moves, 99) });
        expect(result.moves[0]).toMatchObject({ arrivedOn: '2027-02-01', sentOn: '2027-02-05', thinkingDays: 3 });
        const view = await readsService.view(red(game), game.id);
        expect(view.clocks.blue).toMatchObject({ used: 3, left: 47 });
      } finally {
        clock.set('2027-02-01T09:00:00Z');
      }
    });

    it('returns the first result for a repeated idempotency key and plays once', async () => {
      const game = freshGame();
      const move = placementFor(ch, [], 3);
      const first = await movesService.submitMove(red(game), game.id, { move, idempotencyKey: '<m1@mail.example>' });
      const again = await movesService.submitMove(red(game), game.id, { move, idempotencyKey: '<m1@mail.example>' });
      expect(again).toEqual(first);
      expect(await t.database.run((m) => m.countBy(Move, { gameId: game.id }))).toBe(1);
      // The same actor's key for another action is a client bug, refused (another actor's key is
      // a new request: docs/web.md "Security model", idempotency-actors.spec.ts).
      await refused(
        game.id,
        () => movesService.pass(red(game), game.id, { idempotencyKey: '<m1@mail.example>' }),
        'IDEMPOTENCY_KEY_REUSED',
      );
    });
  });

  describe('bad input: refused with a typed error, nothing changed', () => {
    let game: Game;
    let moves: string[];

    beforeAll(async () => {
      game = freshGame();
      moves = await play(game, 2, [], 11);
    });

    it('an unknown game', async () => {
      await refused(game.id, () => movesService.submitMove(red(game), randomUUID(), { move: 'h8 AB' }), 'UNKNOWN_GAME', { status: 404 });
      await refused(game.id, () => movesService.submitMove(red(game), 'not-a-game', { move: 'h8 AB' }), 'UNKNOWN_GAME');
      await expect(readsService.view(red(game), randomUUID())).rejects.toMatchObject({ code: 'UNKNOWN_GAME' });
    });

    it('a player of another game, and an arbiter of another competition', async () => {
      const stranger = [...ch.users.values()].find((u) => u.actor.playerId !== game.redPlayerId && u.actor.playerId !== game.bluePlayerId)!;
      // To those who may not see it, the game does not exist.
      await refused(game.id, () => movesService.submitMove(stranger.actor, game.id, { move: 'PAS' }), 'UNKNOWN_GAME', { status: 404 });
      const other: UserActor = { kind: 'user', userId: randomUUID(), roles: ['arbiter'] };
      await refused(game.id, () => disputesService.rule(other, game.id, { kind: 'warning', player: 'red', reason: 'x' }), 'UNKNOWN_GAME', {
        status: 404,
      });
    });

    it('a move out of turn, and a stale reply for a turn already played', async () => {
      await refused(game.id, () => movesService.submitMove(blue(game), game.id, { move: placementFor(ch, moves, 5) }), 'NOT_YOUR_TURN', {
        status: 409,
      });
      await refused(game.id, () => movesService.submitMove(blue(game), game.id, { move: 'PAS', expectedTurn: 2 }), 'ALREADY_PLAYED');
      await refused(game.id, () => movesService.pass(red(game), game.id, { expectedTurn: 1 }), 'ALREADY_PLAYED');
      await refused(game.id, () => movesService.pass(red(game), game.id, { expectedTurn: 9 }), 'NOT_YOUR_TURN');
    });

    it('an illegal move, with the rules core code and message', async () => {
      const rack = modelState(ch, moves).racks.red.map((r) => (r.letter === '?' ? 'a' : r.letter));
      await refused(game.id, () => movesService.submitMove(red(game), game.id, { move: `a1 ${rack[0]}${rack[1]}` }), 'NOT_CONNECTED', {
        status: 400,
      });
      await refused(game.id, () => movesService.submitMove(red(game), game.id, { move: 'h8 CASA!' }), 'BAD_NOTATION');
      await refused(game.id, () => movesService.submitMove(red(game), game.id, { move: 'z9 AB' }), 'OFF_BOARD');
      const error = await movesService.submitMove(red(game), game.id, { move: `a1 ${rack[0]}${rack[1]}` }).catch((e) => e);
      expect(error.messages).toEqual({
        ro: expect.stringContaining('atingă'),
        en: expect.stringContaining('touch'),
        pl: expect.stringContaining('stykać'),
      });
    });

    it('a move before the game starts', async () => {
      const fresh = freshGame();
      clock.set('2027-01-20T09:00:00Z');
      try {
        await refused(fresh.id, () => movesService.submitMove(red(fresh), fresh.id, { move: placementFor(ch, [], 1) }), 'NOT_STARTED');
      } finally {
        clock.set('2027-02-01T09:00:00Z');
      }
    });

    it('a holiday that breaks the rules, with the reason', async () => {
      await refused(
        game.id,
        () => timeService.declareHoliday(red(game), game.id, { from: '2027-01-20', to: '2027-01-25' }),
        'HOLIDAY_REFUSED',
        {
          details: { reason: 'STARTS_IN_PAST' },
        },
      );
      await refused(
        game.id,
        () => timeService.declareHoliday(red(game), game.id, { from: '2027-02-10', to: '2027-03-10' }),
        'HOLIDAY_REFUSED',
        {
          details: { reason: 'TOO_LONG' },
        },
      );
      await refused(
        game.id,
        () => timeService.declareHoliday(red(game), game.id, { from: '2027-12-10', to: '2027-12-15' }),
        'HOLIDAY_REFUSED',
        {
          details: { reason: 'LAST_MONTH' },
        },
      );
    });

    it('an offer nobody can accept', async () => {
      await refused(game.id, () => offersService.acceptOffer(red(game), game.id), 'NO_OFFER');
      await refused(game.id, () => offersService.declineOffer(blue(game), game.id, { offerId: randomUUID() }), 'NO_OFFER');
    });

    it('a long-thinking notice out of turn or of 10 days or less', async () => {
      await refused(game.id, () => timeService.announceLongThinking(blue(game), game.id, { days: 12 }), 'NOT_YOUR_TURN');
      await refused(game.id, () => timeService.announceLongThinking(red(game), game.id, { days: 10 }), 'LONG_THINKING_REFUSED');
      await refused(game.id, () => timeService.announceLongThinking(red(game), game.id, { days: 51 }), 'LONG_THINKING_REFUSED');
    });

    it('a contest after the partner already moved on, of a word the move did not form, or of a pass', async () => {
      const words = (await readsService.view(red(game), game.id)).moves.map((m) => m.words[0].word);
      // BLUE answered RED's move 1 without contesting it: the move stands.
      await refused(
        game.id,
        () => disputesService.contestWord(blue(game), game.id, { words: [words[0]], reply: 'PAS' }),
        'CONTEST_TOO_LATE',
      );
      await refused(
        game.id,
        () => disputesService.contestWord(red(game), game.id, { words: ['NUEXISTA'], reply: placementFor(ch, moves, 3) }),
        'WORD_NOT_IN_MOVE',
      );
      await refused(game.id, () => disputesService.admitContest(red(game), game.id, {}), 'NO_DISPUTE');
      const third = placementFor(ch, moves, 4);
      await movesService.submitMove(red(game), game.id, { move: third });
      moves.push(third);
      // Move 1 was RED's too, but BLUE replied to it long ago.
      await refused(
        game.id,
        () => disputesService.contestWord(blue(game), game.id, { words: [words[0]], reply: 'PAS' }),
        'CONTEST_TOO_LATE',
      );
      await movesService.pass(blue(game), game.id);
      moves.push('PAS');
      await refused(game.id, () => disputesService.contestWord(red(game), game.id, { words: ['PAS'], reply: 'PAS' }), 'NOTHING_TO_CONTEST');
    });

    it('a withdrawal of a player who is not in the competition', async () => {
      await refused(
        game.id,
        () => withdrawalService.withdrawPlayer(ch.arbiter.actor, ch.competitionId, randomUUID(), { reason: 'x' }),
        'UNKNOWN_PLAYER',
      );
      await refused(
        game.id,
        () => withdrawalService.withdrawPlayer(ch.arbiter.actor, ch.competitionId, game.redPlayerId, { reason: ' ' }),
        'REASON_REQUIRED',
      );
    });
  });

  describe('the word list (docs/rules.md §3, §6)', () => {
    /** Writes the list `name` holding `words` and starts a 3-player championship that uses it. */
    const withWordList = async (name: string, words: string, domain: string) => {
      writeWordList(name, words);
      return startChampionship(t.app, { players: 3, settings: { lexicon: name }, domain });
    };
    const writeWordList = (name: string, words: string) => {
      const dir = join(t.settings.dataDir, 'lexicons');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}.txt`), words);
    };

    it('accepts a word missing from the list and flags it to the opponent as contestable', async () => {
      // The lexicon holds one word: every random word of the first move is missing from it.
      const small = await withWordList('mini', 'CASA\n', 'lexicon.example.org');
      const game = small.games[0];
      const move = placementFor(small, [], 5);
      const result = await movesService.submitMove(playerOf(small, game, 'red'), game.id, { move });
      expect(result.moves[0].unknownWords).toEqual(result.moves[0].words.map((w) => w.word));
      const [yourMove] = await mailsTo(game.id, game.bluePlayerId, 'your-move');
      expect(yourMove.payload.contestable).toEqual(result.moves[0].unknownWords);
    });

    it('tells the mover, word by word, which words the list holds, in the answer and the confirmation mail', async () => {
      // The list is read at its first use, the first move: until then it may still be written.
      const small = await withWordList('onlymain', 'CASA\n', 'wordcheck.example.org');
      const game = small.games[0];
      const move = placementFor(small, [], 7);
      const expected = applyMove(modelState(small, []), move);
      if (!expected.ok) throw new Error(expected.code);
      // The list holds the main word only: the cross words, if any, are off it.
      const main = expected.record.words[0].word;
      writeWordList('onlymain', `${main.toUpperCase()}\n`);
      const result = await movesService.submitMove(playerOf(small, game, 'red'), game.id, { move });
      const check = result.moves[0].wordCheck;
      expect(check).toEqual({
        list: true,
        words: expected.record.words.map((w) => ({ coord: w.coord, word: w.word, inList: w.word.toUpperCase() === main.toUpperCase() })),
      });
      const [confirmation] = await mailsTo(game.id, game.redPlayerId, 'move-confirmation');
      const content = await t.database.run(() => t.app.get(OutboxComposer).content(confirmation));
      const lang = confirmation.language as 'ro' | 'en';
      for (const line of wordCheckLines(check!, lang)) {
        // The mail says the same per word (the text part may wrap long lines, so compare the word and its verdict).
        const [word] = line.split(':');
        expect(content.text).toContain(
          `${word}: ${lang === 'ro' ? (line.includes('nu este') ? 'nu este în listă' : 'în listă') : line.includes('not in') ? 'not in the list' : 'in the list'}`,
        );
      }
    });

    it('says there is no list to check against when the competition names none', async () => {
      const game = freshGame();
      const result = await movesService.submitMove(red(game), game.id, { move: placementFor(ch, [], 33) });
      expect(result.moves[0].wordCheck).toEqual({ list: false, words: [] });
    });
  });

  describe('disputes (docs/rules.md §6)', () => {
    it('admitted: the contested move and the provisional reply are annulled, play resumes with the replacement', async () => {
      const game = freshGame();
      const moves = await play(game, 3, [], 21);
      const contested = (await readsService.view(blue(game), game.id)).moves[2];
      const reply = placementFor(ch, moves, 5);
      const opened = await disputesService.contestWord(blue(game), game.id, { words: [contested.words[0].word.toLowerCase()], reply });
      expect(opened.dispute).toMatchObject({ status: 'open', contester: 'blue', words: [contested.words[0].word] });
      // One open dispute per game.
      await refused(game.id, () => disputesService.contestWord(red(game), game.id, { words: ['X'], reply: 'PAS' }), 'DISPUTE_OPEN');
      // RED must answer the contest before anything else.
      await refused(game.id, () => movesService.pass(red(game), game.id), 'DISPUTE_OPEN');
      const replacement = placementFor(ch, moves.slice(0, 2), 77);
      const admitted = await disputesService.admitContest(red(game), game.id, { replacement });
      expect(admitted.dispute).toMatchObject({ status: 'admitted' });
      expect(admitted.moves).toEqual([expect.objectContaining({ number: 3, color: 'red', line: 'f1' })]);
      const view = await readsService.view(blue(game), game.id);
      expect(view.moves.filter((m) => m.annulled).map((m) => m.number)).toEqual([3, 4]);
      expect(view.lines).toEqual([expect.objectContaining({ id: 'f1', movesPlayed: 3, toMove: 'blue' })]);
      expect(view.lines[0].totals).toEqual(modelState(ch, [...moves.slice(0, 2), replacement]).totals);
      expect(view).toMatchObject({ toMove: 'blue', awaiting: 'move', dispute: null });
    });

    it('appealed: two lines until the ruling, a turn complete only when moved in both; the ruling annuls one', async () => {
      const game = freshGame();
      const moves = await play(game, 3, [], 31);
      const contested = (await readsService.view(blue(game), game.id)).moves[2];
      const reply = placementFor(ch, moves, 6);
      await disputesService.contestWord(blue(game), game.id, { words: [contested.words[0].word], reply });
      const lineA = [...moves, reply];
      const lineB = moves.slice(0, 2);
      const appeal = await disputesService.appealContest(red(game), game.id, { lines: { A: placementFor(ch, lineA, 8) } });
      lineA.push(placementFor(ch, lineA, 8));
      expect(appeal).toMatchObject({ turnComplete: false, dispute: { status: 'appealed', lines: { stands: 'main', replaced: 'f1' } } });
      let view = await readsService.view(red(game), game.id);
      expect(view.lines.map((l) => [l.id, l.label])).toEqual([
        ['main', 'A'],
        ['f1', 'B'],
      ]);
      expect(view.toMove).toBe('red');
      // RED already moved in A this turn; BLUE waits until RED moves in B too.
      await refused(game.id, () => movesService.submitMove(red(game), game.id, { lines: { A: 'PAS' } }), 'ALREADY_PLAYED');
      await refused(game.id, () => movesService.submitMove(blue(game), game.id, { lines: { A: 'PAS' } }), 'NOT_YOUR_TURN');
      const b = placementFor(ch, lineB, 9);
      const done = await movesService.submitMove(red(game), game.id, { move: b });
      lineB.push(b);
      expect(done).toMatchObject({ turnComplete: true, moves: [expect.objectContaining({ line: 'f1', label: 'B', number: 3 })] });
      // BLUE now owes a move in each line: one move alone is ambiguous.
      await refused(game.id, () => movesService.submitMove(blue(game), game.id, { move: 'PAS' }), 'LINE_REQUIRED');
      await movesService.submitMove(blue(game), game.id, { lines: { A: 'PAS', B: placementFor(ch, lineB, 10) } });
      lineA.push('PAS');
      lineB.push(placementFor(ch, lineB, 10));
      const [dispute] = await t.database.run((m) => m.findBy(Case, { gameId: game.id, kind: 'dispute', status: 'open' }));
      expect(dispute).toBeDefined();
      // The word is invalid: line B is kept, line A's own moves are annulled.
      await refused(
        game.id,
        () => disputesService.rule(ch.arbiter.actor, game.id, { kind: 'word', valid: false, reason: '' }),
        'REASON_REQUIRED',
      );
      await disputesService.rule(ch.arbiter.actor, game.id, { kind: 'word', valid: false, reason: 'not in the word list' });
      view = await readsService.view(red(game), game.id);
      expect(view.lines).toEqual([
        expect.objectContaining({ id: 'f1', label: null, movesPlayed: lineB.length, totals: modelState(ch, lineB).totals }),
      ]);
      expect(view.moves.filter((m) => m.annulled).map((m) => [m.line, m.number])).toEqual([
        ['main', 3],
        ['main', 4],
        ['main', 5],
        ['main', 6],
      ]);
      expect(await t.database.run((m) => m.countBy(Case, { gameId: game.id, kind: 'dispute', status: 'open' }))).toBe(0);
      // A reply still labelled for the annulled line is refused as such.
      await refused(game.id, () => movesService.submitMove(red(game), game.id, { lines: { A: 'PAS' } }), 'LINE_ANNULLED');
      await movesService.submitMove(red(game), game.id, { lines: { B: 'PAS' } });
      expect(await mailsTo(game.id, game.redPlayerId, 'ruling')).toHaveLength(1);
    });
  });

  describe('offers, abandonment and results', () => {
    it('an agreed draw ends the game 1/1; the arbiter homologates it', async () => {
      const game = freshGame();
      await play(game, 2, [], 41);
      const offered = await offersService.offer(red(game), game.id, { kind: 'draw' });
      await refused(game.id, () => offersService.offer(red(game), game.id, { kind: 'draw' }), 'OFFER_PENDING');
      await refused(game.id, () => offersService.acceptOffer(red(game), game.id), 'NO_OFFER');
      const accepted = await offersService.acceptOffer(blue(game), game.id, { offerId: offered.offer!.id });
      expect(accepted).toMatchObject({ status: 'ended', offer: { status: 'accepted', kind: 'draw', by: 'red' } });
      await refused(game.id, () => movesService.pass(red(game), game.id), 'GAME_OVER');
      const view = await readsService.view(red(game), game.id);
      expect(view.result).toMatchObject({
        status: 'proposed',
        automatic: false,
        coefficients: { red: 1, blue: 1 },
        outcome: { type: 'draw-agreement' },
      });
      expect(await mailsTo(game.id, game.bluePlayerId, 'game-end')).toHaveLength(1);
      await refused(game.id, () => results.homologate(red(game), game.id), 'FORBIDDEN');
      const homologated = await results.homologate(ch.arbiter.actor, game.id, 'agreed', true);
      expect(homologated.status).toBe('homologated');
      expect(await t.database.run((m) => m.countBy(Case, { gameId: game.id, status: 'open' }))).toBe(0);
    });

    it('an abandonment scores the running totals with the abandonment rule (docs/rules.md §7)', async () => {
      const game = freshGame();
      const moves = await play(game, 4, [], 51);
      await offersService.abandon(blue(game), game.id);
      const totals = modelState(ch, moves).totals;
      const view = await readsService.view(red(game), game.id);
      expect(view).toMatchObject({ status: 'ended', endReason: 'abandon', outcome: { type: 'abandon', by: 'blue' } });
      expect(view.result).toMatchObject({ scores: totals, outcome: { type: 'abandon', by: 'blue', fullTours: 2 } });
      // The scores depend on the pairing's handicap, so the expected coefficients come from the
      // rules core on the model's totals; the abandonment floor (§7) gives the partner at least 1.5.
      const c = (view.result as { coefficients: Record<Color, number> }).coefficients;
      const expected = computeCoefficients(totals, { type: 'abandon', by: 'blue', fullTours: 2 });
      expect(c.red).toBeCloseTo(toDecimal(expected.red), 4);
      expect(c.blue).toBeCloseTo(toDecimal(expected.blue), 4);
      expect(c.red).toBeGreaterThanOrEqual(1.5);
    });

    it("a holiday is declared once for all the player's games and every partner is told", async () => {
      const game = freshGame();
      const view = await timeService.declareHoliday(red(game), game.id, { from: '2027-03-10', to: '2027-03-29' });
      expect(view).toMatchObject({ kind: 'long', from: '2027-03-10', to: '2027-03-29', replaced: null });
      expect(view.games.length).toBeGreaterThanOrEqual(4);
      const notices = await t.database.run((m) => m.findBy(OutboundMail, { template: 'holiday-notice' }));
      expect(notices.filter((n) => view.games.includes(n.gameId!))).toHaveLength(view.games.length);
      // A second declaration after the first has been taken... changed while still a month ahead: replaces it.
      const changed = await timeService.declareHoliday(red(game), game.id, { from: '2027-04-10', to: '2027-04-20' });
      expect(changed.replaced).toEqual({ from: '2027-03-10', to: '2027-03-29' });
    });

    it('withdrawing a player settles every unfinished game as an abandonment, each a case', async () => {
      const game = freshGame();
      const playerId = game.bluePlayerId;
      const withdrawn = await withdrawalService.withdrawPlayer(ch.arbiter.actor, ch.competitionId, playerId, {
        reason: 'left the federation',
      });
      expect(withdrawn.games.length).toBeGreaterThan(0);
      for (const id of withdrawn.games) {
        const g = await t.database.run((m) => m.findOneByOrFail(Game, { id }));
        expect(g).toMatchObject({ status: 'ended', endReason: 'abandon' });
        expect(await t.database.run((m) => m.countBy(Case, { gameId: id, kind: 'result', status: 'open' }))).toBe(1);
      }
    });
  });

  describe('afterwards', () => {
    it('leaves a database the check finds consistent', async () => {
      const report = await t.app.get(GameCheckService).check();
      expect(report.problems).toEqual([]);
      // 15 of the main championship, 3 of the word-list one and 3 of the word-check one.
      expect(report.games).toBe(21);
    });
  });
});
