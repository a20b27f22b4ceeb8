import fc from 'fast-check';
import { caseNoticeKey, COMPETITION_EVENT, competitionMails, roundCompleteKey, type CompetitionFact } from './competition-facts';
import { GAME_EVENT } from './game-events';

describe("a competition's facts outside any game (docs/rules.md §5)", () => {
  it('the end of holiday rights and a bye are told to the player they name, with the payload such rows have always listed', () => {
    const fact: CompetitionFact = {
      kind: 'holiday-rights-ended',
      action: 'holiday-rights-end',
      competition: 'CN 2027',
      player: { id: 'p1', name: 'Popescu Ana' },
      closingDate: '2027-03-31',
      lastHolidayDay: '2027-02-27',
    };
    expect(competitionMails(fact)).toEqual([
      {
        to: { player: 'p1' },
        template: 'holiday-rights-end',
        details: {
          name: 'Popescu Ana',
          competition: 'CN 2027',
          closingDate: '2027-03-31',
          lastHolidayDay: '2027-02-27',
          action: 'holiday-rights-end',
        },
      },
    ]);
    const bye: CompetitionFact = {
      kind: 'bye-given',
      competition: 'CN 2027',
      player: { id: 'p2', name: 'Ionescu Dan' },
      round: 2,
      closingDate: '2027-05-31',
    };
    expect(competitionMails(bye)).toEqual([
      {
        to: { player: 'p2' },
        template: 'round-bye',
        details: { name: 'Ionescu Dan', competition: 'CN 2027', round: 2, closingDate: '2027-05-31' },
      },
    ]);
    // docs/rules.md §11.6: the round's completion is the arbiter's, once per (competition, round), as its Message-ID always named it.
    const complete: CompetitionFact = {
      kind: 'round-completed',
      competitionId: 'c1',
      competition: 'CN 2027',
      round: 3,
      games: 20,
      nextRound: 4,
      roundsUrl: 'https://scrabble.example.org/arbiter/competitions/c1/rounds',
    };
    expect(competitionMails(complete)).toEqual([
      {
        to: 'arbiter',
        template: 'round-complete',
        details: {
          competition: 'CN 2027',
          round: 3,
          games: 20,
          nextRound: 4,
          roundsUrl: 'https://scrabble.example.org/arbiter/competitions/c1/rounds',
        },
        once: 'round-complete.3.c1',
      },
    ]);
    // docs/sweep.md: special leave to the player outside any game, and to each partner in that game's thread, the reason in none.
    const game = { competition: 'CN 2027', group: 'A', red: 'Popescu Ana', blue: 'Ionescu Dan', gameUrl: 'https://x/games/g1' };
    const leave: CompetitionFact = {
      kind: 'special-leave-approved',
      competition: 'CN 2027',
      leaveId: 'l1',
      player: { id: 'p2', name: 'Ionescu Dan' },
      from: '2027-02-12',
      to: '2027-02-16',
      partners: [{ player: 'p1', gameId: 'g1', turn: 7, you: 'red', game }],
    };
    const told = { competition: 'CN 2027', playerName: 'Ionescu Dan', from: '2027-02-12', to: '2027-02-16', days: 5, leaveId: 'l1' };
    expect(competitionMails(leave)).toEqual([
      { to: { player: 'p2' }, template: 'special-leave', details: told },
      {
        to: { player: 'p1' },
        template: 'special-leave',
        details: { game, you: 'red', ...told, gameId: 'g1', turn: 7 },
        game: { id: 'g1', turn: 7 },
      },
    ]);
    // docs/mail-rules.md 20: a case's notice is the arbiter's, once per case and notice, as its Message-ID always named it.
    const line = {
      caseId: 'k1',
      notice: 'overdue' as const,
      competition: 'CN 2027',
      summary: 'Reclamație de timp',
      deadline: 'Termen depășit',
      overdue: true,
      url: 'https://x/arbiter#case-k1',
    };
    const urls = { dashboardUrl: 'https://x/arbiter', settingsUrl: 'https://x/settings' };
    expect(competitionMails({ kind: 'case-noticed', competitionId: 'c1', line, subject: '[CN 2027] Caz', ...urls })).toEqual([
      { to: 'arbiter', template: 'arbiter-cases', details: { subject: '[CN 2027] Caz', cases: [line], ...urls }, once: 'case-overdue.k1' },
    ]);
    // Never mistaken for a game's event, nor a game's for it.
    expect(GAME_EVENT.safeParse({ fact }).success).toBe(false);
    expect(COMPETITION_EVENT.safeParse({ fact: { kind: 'move-played', turn: 1, by: 'red', moves: [] }, snapshot: {} }).success).toBe(false);
  });
});

const day = fc
  .date({ min: new Date('2026-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const player = fc.record({ id: fc.uuid(), name: fc.string() });
const competitionFact: fc.Arbitrary<CompetitionFact> = fc.oneof(
  fc.record({
    kind: fc.constant('holiday-rights-ended' as const),
    action: fc.string(),
    competition: fc.string(),
    player,
    closingDate: day,
    lastHolidayDay: day,
  }),
  fc.record({
    kind: fc.constant('bye-given' as const),
    competition: fc.string(),
    player,
    round: fc.integer({ min: 1, max: 30 }),
    closingDate: day,
  }),
  fc.record({
    kind: fc.constant('round-completed' as const),
    competitionId: fc.uuid(),
    competition: fc.string(),
    round: fc.integer({ min: 1, max: 30 }),
    games: fc.nat({ max: 200 }),
    nextRound: fc.option(fc.integer({ min: 2, max: 31 }), { nil: null }),
    roundsUrl: fc.webUrl(),
  }),
  fc
    .record({
      competition: fc.string(),
      leaveId: fc.uuid(),
      player,
      from: day,
      days: fc.nat({ max: 60 }),
      partners: fc.array(
        fc.record({
          player: fc.uuid(),
          gameId: fc.uuid(),
          turn: fc.nat({ max: 300 }),
          you: fc.constantFrom('red' as const, 'blue' as const),
          game: fc.record({ competition: fc.string(), red: fc.string(), blue: fc.string(), gameUrl: fc.webUrl() }),
        }),
        { maxLength: 6 },
      ),
    })
    .map(({ days, ...f }) => ({
      kind: 'special-leave-approved' as const,
      ...f,
      to: new Date(Date.parse(f.from) + days * 86_400_000).toISOString().slice(0, 10),
    })),
  fc.record({
    kind: fc.constant('case-noticed' as const),
    competitionId: fc.uuid(),
    line: fc.record({
      caseId: fc.uuid(),
      notice: fc.constantFrom('opened' as const, 'overdue' as const),
      competition: fc.string(),
      summary: fc.string(),
      deadline: fc.string(),
      overdue: fc.boolean(),
      url: fc.webUrl(),
    }),
    subject: fc.string(),
    dashboardUrl: fc.webUrl(),
    settingsUrl: fc.webUrl(),
  }),
);

describe("a competition's facts under fast-check", () => {
  it('every fact reads back as itself and yields mails only to the players it names, or to the arbiter once', () => {
    fc.assert(
      fc.property(competitionFact, (fact) => {
        expect(COMPETITION_EVENT.parse(JSON.parse(JSON.stringify({ fact })))).toEqual({ fact });
        const mails = competitionMails(fact);
        for (const mail of mails) {
          if (fact.kind === 'special-leave-approved') {
            // The player outside any game, each partner in their game's thread at its turn, with the leave's length.
            const partner = fact.partners.find((p) => p.gameId === mail.game?.id);
            expect(mail.to).toEqual({ player: partner ? partner.player : fact.player.id });
            expect(mail.game).toEqual(partner && { id: partner.gameId, turn: partner.turn });
            expect(mail.details.days).toBe((Date.parse(fact.to) - Date.parse(fact.from)) / 86_400_000 + 1);
          } else if ('player' in fact) expect(mail.to).toEqual({ player: fact.player.id });
          else if (fact.kind === 'round-completed')
            expect([mail.to, mail.once]).toEqual(['arbiter', roundCompleteKey(fact.competitionId, fact.round)]);
          else expect([mail.to, mail.once]).toEqual(['arbiter', caseNoticeKey(fact.line.caseId, fact.line.notice)]);
        }
        if (fact.kind === 'special-leave-approved') expect(mails).toHaveLength(1 + fact.partners.length);
      }),
    );
  });

  it("a round's completion names its mail by the competition and the round alone", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (c1, c2, r1, r2) => {
        expect(roundCompleteKey(c1, r1) === roundCompleteKey(c2, r2)).toBe(c1 === c2 && r1 === r2);
      }),
    );
  });
});
