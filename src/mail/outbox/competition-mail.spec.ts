import fc from 'fast-check';
import type { JsonObject } from '../../common/json';
import { competitionMails, type CompetitionFact } from '../core/competition-facts';
import { renderMail } from '../templates';
import { arbiterCompetitionOf, competitionArbiterMail, competitionMail } from './competition-mail';
import { renderMailContent } from './mail-content';

const LANGUAGES = ['ro', 'en', 'pl'] as const;

const fact = (nextRound: number | null): CompetitionFact => ({
  kind: 'round-completed',
  competitionId: 'c1',
  competition: 'CN 2027',
  round: 3,
  games: 20,
  nextRound,
  roundsUrl: 'https://scrabble.example.org/arbiter/competitions/c1/rounds',
});

describe("a round's completion built from its fact (docs/rules.md §11.6)", () => {
  it('is the mail a row written before events rendered from its model, in every language, the next round or the final standings', () => {
    for (const nextRound of [4, null]) {
      const built = competitionArbiterMail(fact(nextRound), 'round-complete', 'Marinescu Dan')!;
      const { competitionId: _id, kind: _kind, ...rest } = fact(nextRound) as Extract<CompetitionFact, { kind: 'round-completed' }>;
      // The payload such rows carried: the model, the arbiter's name when written included.
      const legacy = { name: 'Marinescu Dan', ...rest } as unknown as JsonObject;
      for (const language of LANGUAGES) {
        const rendered = renderMail(built.template, language, built.model);
        expect({ subject: rendered.subject, text: rendered.text, html: rendered.html }).toEqual(
          renderMailContent('round-complete', language, legacy),
        );
      }
    }
  });

  it("is the arbiter's alone, of its competition", () => {
    expect(competitionMail(fact(4), 'c1', 'round-complete')).toBeUndefined();
    expect(competitionArbiterMail(fact(4), 'round-bye', 'X')).toBeUndefined();
    expect(arbiterCompetitionOf(fact(4))).toBe('c1');
  });

  it('greets the arbiter by the name given, whatever it is (fast-check)', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(competitionArbiterMail(fact(null), 'round-complete', name)!.model).toMatchObject({ name, nextRound: null });
      }),
    );
  });
});

describe('special leave built from its fact (docs/sweep.md)', () => {
  const game = { competition: 'CN 2027', group: 'A', red: 'Popescu Ana', blue: 'Ionescu Dan', gameUrl: 'https://x/games/g1' };
  const leave: CompetitionFact = {
    kind: 'special-leave-approved',
    competition: 'CN 2027',
    leaveId: 'l1',
    player: { id: 'p2', name: 'Ionescu Dan' },
    from: '2027-02-12',
    to: '2027-02-16',
    partners: [
      { player: 'p1', gameId: 'g1', turn: 7, you: 'red', game },
      { player: 'p1', gameId: 'g2', turn: 3, you: 'blue', game: { ...game, red: 'Ionescu Dan', blue: 'Popescu Ana' } },
    ],
  };

  it("is each row's mail as its payload, the stored model of a row written before events, renders it, in every language", () => {
    for (const mail of competitionMails(leave)) {
      if (mail.to === 'arbiter') throw new Error('special leave is no arbiter mail');
      const built = competitionMail(leave, mail.to.player, 'special-leave', mail.game?.id ?? null)!;
      for (const language of LANGUAGES) {
        const rendered = renderMail(built.template, language, built.model);
        expect({ subject: rendered.subject, text: rendered.text, html: rendered.html }).toEqual(
          renderMailContent('special-leave', language, mail.details as JsonObject),
        );
      }
    }
  });

  it('tells a partner with two games against the player in each thread apart, and nobody else', () => {
    expect(competitionMail(leave, 'p1', 'special-leave', 'g2')!.model).toMatchObject({ you: 'blue', days: 5 });
    expect(competitionMail(leave, 'p1', 'special-leave', 'g1')!.model).toMatchObject({ you: 'red', game });
    expect(competitionMail(leave, 'p2', 'special-leave')!.model).not.toHaveProperty('game');
    expect(competitionMail(leave, 'p1', 'special-leave')).toBeUndefined();
    expect(competitionMail(leave, 'p2', 'special-leave', 'g1')).toBeUndefined();
    expect(competitionMail(leave, 'p3', 'special-leave', 'g1')).toBeUndefined();
  });
});

describe("a case's notice to the arbiter built from its fact (docs/mail-rules.md 20)", () => {
  it('is the mail a row written before events rendered from its model, in every language, new or overdue', () => {
    for (const notice of ['opened', 'overdue'] as const) {
      const line = {
        caseId: 'k1',
        notice,
        competition: 'CN 2027',
        summary: 'Time claim by Popescu Ana',
        deadline: notice === 'overdue' ? 'Overdue: it was due by 2 Apr 2027 (1 day ago).' : 'To decide by 3 Apr 2027.',
        overdue: notice === 'overdue',
        url: 'https://x/arbiter/games/g1#case-k1',
      };
      const told = { subject: '[CN 2027] New case to decide', dashboardUrl: 'https://x/arbiter', settingsUrl: 'https://x/settings' };
      const fact: CompetitionFact = { kind: 'case-noticed', competitionId: 'c1', line, ...told };
      const built = competitionArbiterMail(fact, 'arbiter-cases', 'Marinescu Dan')!;
      expect(arbiterCompetitionOf(fact)).toBe('c1');
      const legacy = { name: 'Marinescu Dan', ...told, cases: [line] } as unknown as JsonObject;
      for (const language of LANGUAGES) {
        const rendered = renderMail(built.template, language, built.model);
        expect({ subject: rendered.subject, text: rendered.text, html: rendered.html }).toEqual(
          renderMailContent('arbiter-cases', language, legacy),
        );
      }
    }
  });
});
