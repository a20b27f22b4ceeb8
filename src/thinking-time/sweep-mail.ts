// The mail the sweep and the time controls still write as outbox payloads (docs/mail-rules.md 17,
// 19): the notices outside a game's events (holiday rights, special leave), each payload the view
// model of its template (sweep-models.ts). A game's timeline facts are events
// (mail/core/timeline-facts.ts), their mails built in mail/outbox/timeline-mail.ts.
import { asJson, type JsonObject } from '../common/json';
import type { Competition } from '../competitions/competition.entity';
import type { Color } from '../engine/types';
import type { Game } from '../games/entities/game.entity';
import type { GameView, MailSettings } from '../notifications/models/models';
import type { ClosingProposalView, SpecialLeaveModel } from '../notifications/models/sweep-models';
import { rangeLength, type DateRange } from '../common/calendar';
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

/**
 * Special leave approved (docs/sweep.md): to the player on leave (`inGame` absent: no game
 * thread) or to a partner in one game. The arbiter's reason stays in the audit, not in mail.
 */
export function specialLeavePayload(
  competition: Pick<Competition, 'shortName'>,
  playerName: string,
  range: DateRange,
  leaveId: string,
  inGame?: { readonly view: GameView; readonly you: Color; readonly game: Pick<Game, 'id' | 'turn'> },
): JsonObject {
  const model: SpecialLeaveModel = {
    ...(inGame && { game: inGame.view, you: inGame.you }),
    competition: competition.shortName,
    playerName,
    from: range.from,
    to: range.to,
    days: rangeLength(range),
  };
  return { ...asJson(model), leaveId, ...(inGame && { gameId: inGame.game.id, turn: inGame.game.turn }) };
}
