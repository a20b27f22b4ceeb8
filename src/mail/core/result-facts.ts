// The facts of a game's claim and result (docs/rules.md §5, §7): the accused's answer to a time
// claim, the arbiter's decision on an objection to the final sheet, the result homologated.
// Written like an action's facts, one event a fact with the game as the action left it
// (game-events.ts). The answer is also the arbiter's: their mail names no player, it goes to
// the competition's arbiter (`to: 'arbiter'`), whose name is read when it goes out.
import { z } from 'zod';
import { COLORS, otherColor, type Color } from '../../common/color';

const color = z.enum(['red', 'blue']);
const day = z.string();
const turn = { turn: z.number().int().nonnegative() };

/** docs/rules.md §5: `by`, the accused (named `accused`), answered the claim of `claimant`; the claimant and the arbiter are told. */
const claimAnswered = z.object({
  kind: z.literal('claim-answered'),
  ...turn,
  by: color,
  accused: z.string(),
  claimant: z.string(),
  text: z.string(),
  answeredOn: day,
  /** The last day of the 5 the rules give to answer. */
  answerBy: day,
});

/**
 * docs/rules.md §7: the decision on `objector`'s objection to the final sheet, to both players.
 * `decidedBy` is the user who decided (null: the platform, for the competition's arbiter); the
 * mail is signed with the name they carry when it goes out (docs/web.md "The arbiter's name").
 */
const objectionDecided = z.object({
  kind: z.literal('objection-decided'),
  ...turn,
  objector: color,
  objection: z.string(),
  objectedOn: day,
  upheld: z.boolean(),
  reason: z.string(),
  decidedOn: day,
  decidedBy: z.string().nullable(),
});

/** docs/rules.md §7: the result homologated (games/model/result-view.ts, as the listing shows it), to both players. */
const resultHomologated = z.object({ kind: z.literal('result-homologated'), ...turn, result: z.record(z.string(), z.unknown()) });

/** The claim's and the result's facts, members of game-events.ts GAME_FACT. */
export const RESULT_FACTS = [claimAnswered, objectionDecided, resultHomologated] as const;

type ResultFact = z.infer<(typeof RESULT_FACTS)[number]>;
export type ResultFactKind = ResultFact['kind'];
const KINDS: ReadonlySet<string> = new Set(RESULT_FACTS.map((f) => f.shape.kind.value));

/** Whether a fact is one of the claim's or the result's. */
export function isResultFact(fact: { readonly kind: string }): fact is ResultFact {
  return KINDS.has(fact.kind);
}

/** Who hears of a result fact: a player, or the competition's arbiter. */
export type ResultRecipient = Color | 'arbiter';

/** Who hears of a claim's or a result's fact, by which template, with what (event-mails.ts EventMail). */
export function resultMails(fact: ResultFact): { to: ResultRecipient; template: string; details: { readonly [key: string]: unknown } }[] {
  switch (fact.kind) {
    case 'claim-answered': {
      const { accused, claimant, text, answeredOn, answerBy } = fact;
      const details = { accused, claimant, text, answeredOn, answerBy };
      return [
        { to: otherColor(fact.by), template: 'claim-answered', details },
        { to: 'arbiter', template: 'claim-answered', details },
      ];
    }
    case 'objection-decided': {
      const { kind: _kind, turn: _turn, ...details } = fact;
      return COLORS.map((to) => ({ to, template: 'objection-decided', details }));
    }
    case 'result-homologated':
      return COLORS.map((to) => ({ to, template: 'result-homologated', details: fact.result }));
  }
}
