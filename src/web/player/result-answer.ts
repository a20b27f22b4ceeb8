// RULES.md §7 on the player's game page: the final sheet is confirmed or objected to within
// 5 days. The form stays until the viewer has answered or the result is homologated; once
// they have answered, they see their answer (and the arbiter's decision on an objection).
import type { ResultView } from '../../coefficients/results.service';
import type { Color } from '../../games/engine';
import { localDate } from '../../thinking-time';

type Lang = 'ro' | 'en';

export interface MyResultAnswer {
  /** The day the viewer confirmed the final sheet, formatted; null when they did not. */
  readonly confirmedOn: string | null;
  readonly objections: readonly {
    readonly text: string;
    readonly on: string;
    readonly decision: { readonly upheld: boolean; readonly reason: string; readonly on: string } | null;
  }[];
}

function day(iso: string, lang: Lang): string {
  const [y, m, d] = localDate(new Date(iso)).split('-');
  return lang === 'ro' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}

/** May the viewer still answer, and what they answered. */
export function resultAnswer(result: ResultView | null, me: Color | null, lang: Lang): { canConfirm: boolean; myAnswer: MyResultAnswer | null } {
  if (!result || !me) return { canConfirm: false, myAnswer: null };
  const confirmedAt = result.confirmedAt?.[me] ?? null;
  const mine = result.objections.filter((o) => o.color === me);
  const answered = result.confirmed[me] || mine.length > 0;
  return {
    canConfirm: result.status === 'proposed' && !answered,
    myAnswer: answered
      ? {
          confirmedOn: result.confirmed[me] && confirmedAt ? day(confirmedAt, lang) : null,
          objections: mine.map((o) => ({
            text: o.text,
            on: day(o.at, lang),
            decision: o.decision ? { upheld: o.decision.verdict === 'upheld', reason: o.decision.reason, on: day(o.decision.at, lang) } : null,
          })),
        }
      : null,
  };
}
