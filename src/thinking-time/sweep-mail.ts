// What the sweep's mail shows of the clocks and of the report window's proposal (docs/mail-rules.md
// 17, 19). A game's timeline facts are events (mail/core/timeline-facts.ts), their mails built in
// mail/outbox/timeline-mail.ts; holiday rights and special leave are a competition's facts
// (mail/core/competition-facts.ts), built in mail/outbox/competition-mail.ts.
import type { Color } from '../engine/types';
import type { MailSettings } from '../notifications/models/models';
import type { ClosingProposalView } from '../notifications/models/sweep-models';
import type { TimelineDay } from './core/timeline';

export type { MailSettings };

/** Both players' days used and left on a day of the timeline. */
export function clocksOf(day: TimelineDay): { red: { used: number; left: number }; blue: { used: number; left: number } } {
  const one = (c: Color) => ({ used: day.clocks[c].used, left: day.clocks[c].left });
  return { red: one('red'), blue: one('blue') };
}

/** docs/rules.md §7: the report window's proposal (the case's, coefficients as decimals) as its mail shows it, in ten-thousandths. */
export function closingProposalView(proposal: ClosingProposal | null): ClosingProposalView | undefined {
  if (!proposal) return undefined;
  const tenThousandths = (n: number) => Math.round(n * 10_000);
  return {
    outcome: proposal.outcome.type,
    scores: { red: proposal.scores.red, blue: proposal.scores.blue },
    coefficients: { red: tenThousandths(proposal.coefficients.red), blue: tenThousandths(proposal.coefficients.blue) },
  };
}

/** The proposal the report window's case holds (closing-date.ts closingResult, as JSON). */
export interface ClosingProposal {
  readonly outcome: { readonly type: string };
  readonly scores: Readonly<Record<Color, number>>;
  readonly coefficients: Readonly<Record<Color, number>>;
}
