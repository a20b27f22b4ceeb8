// View models of the mails the daily sweep and the arbiter's time controls write (docs/sweep.md;
// src/thinking-time/sweep-mail.ts builds them): the notices of docs/rules.md §5 and §7 beside
// the reminder and escalation of models.ts. Plain JSON, stored as the outbox payload.
import type { Color } from '../../engine/types';
import type { LocalDate } from '../../common/calendar';
import type { ClocksView, GameMailModel, GameView, PerColor } from './models';

/** docs/rules.md §5 silence: the copy of a reminder, to the partner of the silent player. */
export interface ReminderCopyModel extends GameMailModel {
  readonly silent: Color;
  /** The move awaited (1 = RED's first). */
  readonly move: number;
  /** The day the awaited move's clock started (the last move sent, or the start). */
  readonly since: LocalDate;
  readonly silentDays: number;
  /** The day the arbiter is told if the silence goes on. */
  readonly escalation?: LocalDate;
}

/** docs/rules.md §5: the partner's holiday is over; the silence count resumes today. */
export interface HolidayEndModel extends GameMailModel {
  readonly player: Color;
  readonly from: LocalDate;
  readonly to: LocalDate;
  readonly resumesOn: LocalDate;
}

/** docs/rules.md §5: the partner's announced long thinking is over without a move. */
export interface LongThinkingEndModel extends GameMailModel {
  readonly player: Color;
  readonly from: LocalDate;
  readonly days: number;
  readonly resumesOn: LocalDate;
}

/** docs/rules.md §5: the partner has used more than the thinking days; the recipient may claim the game. */
export interface TimeExceededModel extends GameMailModel {
  readonly player: Color;
  readonly used: number;
  /** Days allowed for the game (50). */
  readonly limit: number;
}

/** docs/rules.md §5: one month before the closing date holiday rights are lost. Outside any game thread. */
export interface HolidayRightsEndModel {
  readonly name: string;
  readonly competition: string;
  readonly closingDate: LocalDate;
  /** The last day a holiday could still be taken (the day before the rights ended). */
  readonly lastHolidayDay: LocalDate;
}

/** docs/rules.md §7: the closing date has come; the players declare the unfinished game's state. */
export interface ClosingDateModel extends GameMailModel {
  readonly closingDate: LocalDate;
  /** The last day of the report window (closing + 5). */
  readonly declareBy: LocalDate;
  readonly clocks: ClocksView;
}

/** docs/rules.md §7: what the sweep proposed to the arbiter for an unfinished game. */
export interface ClosingProposalView {
  /** `unfinished` (1/1: moves recorded, no open claim) or `no-show` (no move ever made): closing-date.ts. */
  readonly outcome: string;
  readonly scores: PerColor<number>;
  /** In ten-thousandths (coefficients.ts). */
  readonly coefficients: PerColor<number>;
}

/** docs/rules.md §7: the report window has passed; the unfinished game goes to the arbiter. */
export interface ReportWindowClosedModel extends GameMailModel {
  /** Absent when the arbiter must first rule on a time claim or a disputed word. */
  readonly proposal?: ClosingProposalView;
  /** Which players declared the game's state. */
  readonly declared: readonly Color[];
}

/** docs/rules.md §7: the partner declared the unfinished game's state. */
export interface StateDeclaredModel extends GameMailModel {
  readonly player: Color;
  readonly text: string;
  readonly declaredOn: LocalDate;
}

/**
 * Leave the arbiter approved (docs/sweep.md): to the player (no game) and to each partner
 * (in the game's thread, with `game` and `you`).
 */
export interface SpecialLeaveModel {
  readonly game?: GameView;
  readonly you?: Color;
  readonly competition: string;
  /** The player on leave, by name (`player` is a template helper). */
  readonly playerName: string;
  readonly from: LocalDate;
  readonly to: LocalDate;
  readonly days: number;
}

export interface SweepMailModels {
  'reminder-copy': ReminderCopyModel;
  'holiday-end': HolidayEndModel;
  'long-thinking-end': LongThinkingEndModel;
  'time-exceeded': TimeExceededModel;
  'holiday-rights-end': HolidayRightsEndModel;
  'closing-date': ClosingDateModel;
  'report-window-closed': ReportWindowClosedModel;
  'state-declared': StateDeclaredModel;
  'special-leave': SpecialLeaveModel;
}

export const SWEEP_MAIL_TEMPLATE_NAMES: readonly (keyof SweepMailModels)[] = [
  'reminder-copy',
  'holiday-end',
  'long-thinking-end',
  'time-exceeded',
  'holiday-rights-end',
  'closing-date',
  'report-window-closed',
  'state-declared',
  'special-leave',
];
