import { asksWhatToSend, mailsOf, rowPayload } from './event-mails';
import { GAME_FACT, parseGameEvent, type GameFact } from './game-events';

const who = (fact: GameFact) => mailsOf(fact).map((m) => `${m.to} ${m.template}`);

describe('the mails of a game fact (who hears of it, by which template)', () => {
  it('a move is confirmed to its mover; the turn passing is "your move" to the player now to move', () => {
    const moves = [{ id: 'm1', line: 'l1', number: 3, notation: 'h8 CASA' }];
    expect(who({ kind: 'move-played', turn: 4, by: 'red', moves, turnComplete: true })).toEqual(['red move-confirmation']);
    expect(who({ kind: 'turn-passed', turn: 5, to: 'blue', owed: ['main'], lastMoves: [], contestable: [] })).toEqual(['blue your-move']);
    // An event written before the positions were the snapshot's alone carries each owed line's too.
    const before = GAME_FACT.parse({
      kind: 'turn-passed',
      turn: 5,
      to: 'blue',
      lines: [{ line: 'main', board: [] }],
      lastMoves: [],
      contestable: [],
    });
    expect(mailsOf(before)).toEqual([
      { to: 'blue', template: 'your-move', details: { lines: [{ line: 'main', board: [] }], lastMoves: [], contestable: [] } },
    ]);
  });

  it('the partner hears of an offer, a contest, an admission, an appeal and long thinking; the offerer of the answer', () => {
    expect(who({ kind: 'offer-made', turn: 3, by: 'blue', offerId: 'o', offer: 'draw', byName: 'Ionescu' })).toEqual(['red offer']);
    expect(who({ kind: 'offer-answered', turn: 3, offerer: 'blue', offerId: 'o', offer: 'draw', accepted: false })).toEqual([
      'blue offer-answer',
    ]);
    expect(who({ kind: 'dispute-opened', turn: 6, by: 'red', details: { words: ['XZ'] } })).toEqual(['blue contest']);
    expect(who({ kind: 'dispute-admitted', turn: 6, by: 'blue', words: ['XZ'], withdrawn: 'h8 XZ' })).toEqual(['red contest-admitted']);
    expect(who({ kind: 'dispute-appealed', turn: 6, by: 'blue', words: ['XZ'], lines: {} })).toEqual(['red contest-appealed']);
    expect(who({ kind: 'long-thinking-announced', turn: 2, by: 'red', player: 'Popescu', from: '2027-02-01', days: 10 })).toEqual([
      'blue long-thinking-notice',
    ]);
  });

  it('a time claim goes to the partner and is confirmed to the claimant', () => {
    const fact: GameFact = { kind: 'time-claimed', turn: 9, by: 'red', claimant: 'Popescu', daysUsed: 51, answerBy: '2027-03-06' };
    expect(mailsOf(fact)).toEqual([
      { to: 'blue', template: 'time-claim', details: { claimant: 'Popescu', daysUsed: 51, answerBy: '2027-03-06' } },
      { to: 'red', template: 'time-claim-confirmation', details: { daysUsed: 51 } },
    ]);
  });

  it('rulings, checks and the end of the game go to both players; the mover of the last move has it confirmed in their game-end', () => {
    expect(who({ kind: 'ruling-made', turn: 7, details: { kind: 'word', valid: true } })).toEqual(['red ruling', 'blue ruling']);
    const check = { turn: 7, challengeId: 'c', move: 'h8 XZ', successful: true, words: ['XZ'], overridden: false };
    expect(who({ kind: 'challenge-verdict', ...check })).toEqual(['red challenge-verdict', 'blue challenge-verdict']);
    expect(who({ kind: 'challenge-overridden', ...check })).toEqual(['red challenge-override', 'blue challenge-override']);
    const ended: GameFact = {
      kind: 'game-ended',
      turn: 30,
      endReason: 'out',
      result: { scores: { red: 400, blue: 350 } },
      confirms: { color: 'blue', moves: [{ id: 'last' }] },
    };
    const [red, blue] = mailsOf(ended);
    expect([red.template, blue.template]).toEqual(['game-end', 'game-end']);
    expect(red.details).toEqual({ endReason: 'out', scores: { red: 400, blue: 350 } });
    expect(blue.details).toEqual({ endReason: 'out', scores: { red: 400, blue: 350 }, moves: [{ id: 'last' }] });
  });

  it('conditional replies are their owner’s alone', () => {
    for (const kind of ['conditional-stored', 'conditional-applied', 'conditional-dropped'] as const)
      expect(who({ kind, turn: 3, owner: 'blue', details: { text: 'IF PAS THEN PAS' } })).toEqual([`blue ${kind}`]);
  });

  it('a contest, an admission and an appeal already tell the partner what to send: no "your move" beside them', () => {
    const opened: GameFact = { kind: 'dispute-opened', turn: 6, by: 'red', details: {} };
    expect([asksWhatToSend(opened, 'blue'), asksWhatToSend(opened, 'red')]).toEqual([true, false]);
    expect(asksWhatToSend({ kind: 'offer-made', turn: 3, by: 'red', offerId: 'o', offer: 'draw', byName: 'P' }, 'blue')).toBe(false);
  });

  it('the start gives each player the sheet with their own rack; RED moves first', () => {
    const fact: GameFact = {
      kind: 'game-started',
      turn: 1,
      sequence: 'ABC',
      startedOn: '2027-02-01',
      closingDate: '2027-03-31',
      names: { red: 'Popescu', blue: 'Ionescu' },
      racks: { red: 'ABCDEFG', blue: 'HIJKLMN' },
    };
    const [red, blue] = mailsOf(fact);
    expect([red.to, red.template, red.details]).toEqual([
      'red',
      'game-start',
      { opponent: 'Ionescu', yourMove: true, sequence: 'ABC', startedOn: '2027-02-01', closingDate: '2027-03-31', rack: 'ABCDEFG' },
    ]);
    expect([blue.to, blue.details.opponent, blue.details.yourMove, blue.details.rack]).toEqual(['blue', 'Popescu', false, 'HIJKLMN']);
  });

  it('a holiday is told to the partner of each game; the game it was declared from also answers the player', () => {
    const holiday = {
      turn: 4,
      by: 'red',
      player: 'Popescu',
      from: '2027-02-10',
      to: '2027-02-19',
      holidayKind: 'long',
      replaced: null,
    } as const;
    expect(who({ kind: 'holiday-declared', ...holiday, partnerTold: true })).toEqual(['blue holiday-notice']);
    expect(who({ kind: 'holiday-declared', ...holiday, partnerTold: true, confirmation: { id: 'h' } })).toEqual([
      'blue holiday-notice',
      'red holiday-confirmation',
    ]);
    expect(who({ kind: 'holiday-declared', ...holiday, partnerTold: false, confirmation: { id: 'h' } })).toEqual([
      'red holiday-confirmation',
    ]);
  });

  it("the sweep's facts: the silent player is reminded and the partner gets a copy; notices of a player go to the partner", () => {
    const at = { turn: 5, action: 'k' };
    expect(who({ kind: 'silence-reminded', ...at, silent: 'blue', move: 4, since: '2027-02-10', silentDays: 15 })).toEqual([
      'blue reminder',
      'red reminder-copy',
    ]);
    expect(who({ kind: 'silence-escalated', ...at, silent: 'blue', silentDays: 30, since: '2027-02-10' })).toEqual([
      'red escalation',
      'blue escalation',
    ]);
    const range = { from: '2027-02-10', to: '2027-02-19' };
    expect(who({ kind: 'holiday-started', ...at, player: 'blue', ...range })).toEqual(['red holiday-notice']);
    expect(who({ kind: 'holiday-ended', ...at, player: 'blue', ...range, resumesOn: '2027-02-20' })).toEqual(['red holiday-end']);
    const ended = { kind: 'long-thinking-ended', ...at, player: 'red', from: '2027-02-05', days: 20, resumesOn: '2027-02-25' } as const;
    expect(who(ended)).toEqual(['blue long-thinking-end']);
    expect(who({ kind: 'time-exceeded', ...at, player: 'red', used: 51, limit: 50 })).toEqual(['blue time-exceeded']);
    expect(who({ kind: 'closing-date-reached', ...at, closingDate: '2027-03-31', declareBy: '2027-04-05' })).toEqual([
      'red closing-date',
      'blue closing-date',
    ]);
    expect(who({ kind: 'report-window-closed', ...at, declared: [] })).toEqual(['red report-window-closed', 'blue report-window-closed']);
    expect(who({ kind: 'state-declared', turn: 9, player: 'red', text: 'RED 212', declaredOn: '2027-04-02' })).toEqual([
      'blue state-declared',
    ]);
    // Each row names the timeline action it comes from (docs/sweep.md), as the sweep's rows always did.
    expect(mailsOf({ kind: 'time-exceeded', ...at, player: 'red', used: 51, limit: 50 })[0].details).toMatchObject({ action: 'k' });
  });

  it('the delivery row lists the game, the turn its reply answers and the colour before the fact', () => {
    const fact: GameFact = { kind: 'offer-made', turn: 3, by: 'blue', offerId: 'o', offer: 'interrupt', byName: 'Ionescu' };
    expect(rowPayload('g', fact, mailsOf(fact)[0])).toEqual({
      gameId: 'g',
      turn: 3,
      color: 'red',
      offerId: 'o',
      kind: 'interrupt',
      by: 'Ionescu',
    });
  });
});

describe('a game event read back from the outbox', () => {
  it('is refused when its fact does not have its kind’s shape', () => {
    expect(GAME_FACT.safeParse({ kind: 'move-played', turn: 1, by: 'green', moves: [] }).success).toBe(false);
    expect(GAME_FACT.safeParse({ kind: 'no-such-fact', turn: 1 }).success).toBe(false);
    expect(() => parseGameEvent({ fact: { kind: 'offer-made', turn: 1, by: 'red' }, snapshot: {} })).toThrow();
  });
});
