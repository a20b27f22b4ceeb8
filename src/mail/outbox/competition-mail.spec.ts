import fc from 'fast-check';
import type { JsonObject } from '../../common/json';
import type { CompetitionFact } from '../core/competition-facts';
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
