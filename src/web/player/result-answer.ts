// docs/rules.md §7 on the player's game page: the final sheet is confirmed or objected to within
// 5 days. The form stays until the viewer has answered, the result is homologated or the
// window has closed (then the page says on which day); once they have answered, they see
// their answer (and the arbiter's decision on an objection).
import { mayAnswer } from '../../coefficients/core/homologation-rule';
import type { ResultView } from '../../games/model/result-view';
import type { Color } from '../../engine';
import { localDate, toLocalDate, type LocalDate } from '../../common/calendar';
import { formatDayFor } from '../../common/day-format';

type Lang = 'ro' | 'en' | 'pl';

export interface MyResultAnswer {
  /** The day the viewer confirmed the final sheet, formatted; null when they did not. */
  readonly confirmedOn: string | null;
  readonly objections: readonly {
    readonly text: string;
    readonly on: string;
    readonly decision: { readonly upheld: boolean; readonly reason: string; readonly on: string } | null;
  }[];
}

function formatted(localDay: string, lang: Lang): string {
  const [y, m, d] = localDay.split('-');
  if (lang === 'pl') return formatDayFor('pl', localDay);
  return lang === 'ro' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}

function day(iso: string, lang: Lang): string {
  return formatted(localDate(new Date(iso)), lang);
}

export interface ResultAnswerModel {
  readonly canConfirm: boolean;
  /** The window's last day, formatted, when it closed before the viewer answered (the form is then not offered). */
  readonly answerClosedOn: string | null;
  readonly myAnswer: MyResultAnswer | null;
}

/** May the viewer still answer (`today` in the competition's time zone), and what they answered. */
export function resultAnswer(result: ResultView | null, me: Color | null, lang: Lang, today: LocalDate): ResultAnswerModel {
  if (!result || !me) return { canConfirm: false, answerClosedOn: null, myAnswer: null };
  const confirmedAt = result.confirmedAt?.[me] ?? null;
  const mine = result.objections.filter((o) => o.color === me);
  const answered = result.confirmed[me] || mine.length > 0;
  const window = mayAnswer({ status: result.status, today, dueOn: toLocalDate(result.dueOn) });
  const closed = !window.ok && window.why === 'window-closed';
  return {
    canConfirm: window.ok && !answered,
    answerClosedOn: closed && !answered ? formatted(result.dueOn, lang) : null,
    myAnswer: answered
      ? {
          confirmedOn: result.confirmed[me] && confirmedAt ? day(confirmedAt, lang) : null,
          objections: mine.map((o) => ({
            text: o.text,
            on: day(o.at, lang),
            decision: o.decision
              ? { upheld: o.decision.verdict === 'upheld', reason: o.decision.reason, on: day(o.decision.at, lang) }
              : null,
          })),
        }
      : null,
  };
}
