import { Refusal } from '../../common/refusal';
import { refusals } from './game-refusals';

describe("the games service's refusals", () => {
  const what = { ro: 'Verificarea', en: 'The check', pl: 'Sprawdzenie' };
  /** Each refusal a player or an arbiter may read, made with sample details. */
  const made: Record<string, Refusal> = {
    unknownGame: refusals.unknownGame('g1'),
    unknownCompetition: refusals.unknownCompetition('c1'),
    unknownPlayer: refusals.unknownPlayer('p1'),
    notYourGame: refusals.notYourGame(),
    notArbiter: refusals.notArbiter(),
    notStarted: refusals.notStarted('2027-03-01'),
    unknownConditional: refusals.unknownConditional('k1'),
    notYourTurn: refusals.notYourTurn(),
    alreadyPlayed: refusals.alreadyPlayed(3),
    gameOver: refusals.gameOver(),
    lineAnnulled: refusals.lineAnnulled('A'),
    unknownLine: refusals.unknownLine('C'),
    lineRequired: refusals.lineRequired(['A', 'B']),
    longThinkingRefused: refusals.longThinkingRefused(40, 30),
    noOffer: refusals.noOffer(),
    offerPending: refusals.offerPending(),
    contestTooLate: refusals.contestTooLate(),
    nothingToContest: refusals.nothingToContest(),
    wordNotInMove: refusals.wordNotInMove('ŻÓŁW', ['KOT']),
    disputeOpen: refusals.disputeOpen(),
    disputeAwaitsAnswer: refusals.disputeAwaitsAnswer(),
    noDispute: refusals.noDispute(),
    keyReused: refusals.keyReused(),
    reasonRequired: refusals.reasonRequired(),
    notPfsRules: refusals.notPfsRules(what),
    frscOnly: refusals.frscOnly(what),
    challengeTooLate: refusals.challengeTooLate(),
    nothingToChallenge: refusals.nothingToChallenge(),
    alreadyChallenged: refusals.alreadyChallenged(),
    noWordList: refusals.noWordList(),
  };

  it.each(Object.entries(made))('%s is written in Polish too, with the same details (docs/rules.md §12)', (_name, refusal) => {
    const { ro, en, pl } = refusal.messages;
    expect([ro, en, pl].every((text) => typeof text === 'string' && text.length > 0)).toBe(true);
    expect(pl).not.toBe(en);
    // The numbers and names the English gives, the Polish gives too.
    for (const detail of en.match(/\d+|[A-ZŻÓŁ]{2,}|g1|c1|p1|k1/g) ?? []) expect(pl).toContain(detail);
  });

  it('reads the engine refusal of a line in Polish', () => {
    const illegal = refusals.illegalMove(
      { ok: false, code: 'NOT_CONNECTED', message: { ro: 'neconectată', en: 'not connected', pl: 'niepołączony' } },
      'A',
    );
    expect(illegal.messages).toEqual({ ro: 'Varianta A: neconectată', en: 'Line A: not connected', pl: 'Wariant A: niepołączony' });
  });
});
