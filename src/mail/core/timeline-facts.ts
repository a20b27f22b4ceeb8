// The facts of a game's timeline (docs/sweep.md, docs/rules.md §5, §7): what the sweep finds due
// on a day, and a player's declaration at the closing date. Written like an action's facts, one
// event a fact with the game as the sweep held it (game-events.ts); each of the sweep's names the
// timeline action it comes from (`action`, the key of docs/sweep.md), which its mails list.
import { z } from 'zod';
import { COLORS, otherColor, type Color } from '../../common/color';

const color = z.enum(['red', 'blue']);
const day = z.string();
const at = { turn: z.number().int().nonnegative(), action: z.string() };

/** docs/rules.md §5 silence, day 15: the move asked again of `silent`, a copy to the partner. */
const silenceReminded = z.object({
  kind: z.literal('silence-reminded'),
  ...at,
  silent: color,
  /** The move awaited (1 = RED's first). */
  move: z.number().int(),
  since: day,
  silentDays: z.number(),
  /** The day the arbiter is told if the silence goes on. */
  escalation: day.optional(),
});

/** docs/rules.md §5 silence, day 30: the arbiter is told; both players hear of it. */
const silenceEscalated = z.object({ kind: z.literal('silence-escalated'), ...at, silent: color, silentDays: z.number(), since: day });

/** docs/rules.md §5: `player`'s holiday begins (or, `ended`, is over: the silence count resumes on `resumesOn`). */
const holidayStarted = z.object({ kind: z.literal('holiday-started'), ...at, player: color, from: day, to: day });
const holidayEnded = z.object({ kind: z.literal('holiday-ended'), ...at, player: color, from: day, to: day, resumesOn: day });

/** docs/rules.md §5: `player`'s announced long thinking is over without a move. */
const longThinkingEnded = z.object({
  kind: z.literal('long-thinking-ended'),
  ...at,
  player: color,
  from: day,
  days: z.number(),
  resumesOn: day,
});

/** docs/rules.md §5: `player` has used more than the `limit` thinking days; the partner may claim the game. */
const timeExceeded = z.object({ kind: z.literal('time-exceeded'), ...at, player: color, used: z.number(), limit: z.number() });

/** docs/rules.md §7: the closing date has come; the players declare the game's state by `declareBy`. */
const closingDateReached = z.object({ kind: z.literal('closing-date-reached'), ...at, closingDate: day, declareBy: day });

/** docs/rules.md §7: the report window has passed; the case's proposal (coefficients in ten-thousandths), if any. */
const reportWindowClosed = z.object({
  kind: z.literal('report-window-closed'),
  ...at,
  proposal: z
    .object({
      outcome: z.string(),
      scores: z.object({ red: z.number(), blue: z.number() }),
      coefficients: z.object({ red: z.number(), blue: z.number() }),
    })
    .optional(),
  declared: z.array(color),
});

/** docs/rules.md §7: `player` declared the unfinished game's state (a player's act, no timeline action). */
const stateDeclared = z.object({
  kind: z.literal('state-declared'),
  turn: z.number().int().nonnegative(),
  player: color,
  text: z.string(),
  declaredOn: day,
});

/** The timeline's facts, members of game-events.ts GAME_FACT. */
export const TIMELINE_FACTS = [
  silenceReminded,
  silenceEscalated,
  holidayStarted,
  holidayEnded,
  longThinkingEnded,
  timeExceeded,
  closingDateReached,
  reportWindowClosed,
  stateDeclared,
] as const;

type TimelineFact = z.infer<(typeof TIMELINE_FACTS)[number]>;
export type TimelineFactKind = TimelineFact['kind'];

/** Who hears of a timeline fact, by which template, with what (event-mails.ts EventMail). */
export function timelineMails(fact: TimelineFact): { to: Color; template: string; details: { readonly [key: string]: unknown } }[] {
  switch (fact.kind) {
    case 'silence-reminded': {
      const { action, silent, move, since, silentDays, escalation } = fact;
      return [
        { to: silent, template: 'reminder', details: { action, silentDays } },
        {
          to: otherColor(silent),
          template: 'reminder-copy',
          details: { action, silent, move, since, silentDays, ...(escalation && { escalation }) },
        },
      ];
    }
    case 'silence-escalated': {
      const { action, silent, silentDays, since } = fact;
      return COLORS.map((to) => ({ to, template: 'escalation', details: { action, silent, silentDays, since } }));
    }
    case 'holiday-started': {
      const { action, player, from, to } = fact;
      return [{ to: otherColor(player), template: 'holiday-notice', details: { action, player, from, to } }];
    }
    case 'holiday-ended': {
      const { action, player, from, to, resumesOn } = fact;
      return [{ to: otherColor(player), template: 'holiday-end', details: { action, player, from, to, resumesOn } }];
    }
    case 'long-thinking-ended': {
      const { action, player, from, days, resumesOn } = fact;
      return [{ to: otherColor(player), template: 'long-thinking-end', details: { action, player, from, days, resumesOn } }];
    }
    case 'time-exceeded': {
      const { action, player, used, limit } = fact;
      return [{ to: otherColor(player), template: 'time-exceeded', details: { action, player, used, limit } }];
    }
    case 'closing-date-reached': {
      const { action, closingDate, declareBy } = fact;
      return COLORS.map((to) => ({ to, template: 'closing-date', details: { action, closingDate, declareBy } }));
    }
    case 'report-window-closed': {
      const { action, proposal, declared } = fact;
      return COLORS.map((to) => ({ to, template: 'report-window-closed', details: { action, ...(proposal && { proposal }), declared } }));
    }
    case 'state-declared': {
      const { player, text, declaredOn } = fact;
      return [{ to: otherColor(player), template: 'state-declared', details: { player, text, declaredOn } }];
    }
  }
}
