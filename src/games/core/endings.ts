// The end of a game (docs/rules.md §4, §7): by play when every live line has ended and no
// dispute waits, or by a recorded outcome (abandonment, agreement, time, a ruling). A time
// forfeit voids the moves sent after the day the time ran out. Pure.
import { compareDays, toLocalDate, type LocalDate } from '../../common/calendar';
import type { GameOutcome } from './game-state';
import { forkLine, liveLines, officialLine, pathOf, NO_LINE_CHANGES, type LineChanges } from './lines';
import type { Play } from './play';

/** Every live line has ended by the engine's rules and no dispute waits: the game is over (docs/rules.md §4). */
export function endedByPlay(play: Play): boolean {
  return play.status === 'playing' && !play.dispute && liveLines(play).every((l) => play.stateOf(l.id).over);
}

/** What the game row says once it is over. */
export interface GameEnd {
  readonly status: 'ended';
  readonly outcome: GameOutcome | null;
  /** The engine's `out` / `zero-turns` on the official line, or the outcome's type. */
  readonly endReason: string | null;
}

/** Ends the game: by the engine (no outcome: the official line's reason) or by a recorded outcome (docs/rules.md §7). */
export function decideEnd(play: Play, outcome: GameOutcome | null): GameEnd {
  return { status: 'ended', outcome, endReason: outcome?.type ?? play.stateOf(officialLine(play).id).endReason ?? null };
}

/**
 * docs/rules.md §7 interpretations: a time forfeit is scored on the running totals of the day
 * the time ran out; moves sent after that day, while the claim waited, are void — the
 * official line is left for a fork before the first of them.
 */
export function decideForfeitVoiding(
  play: Play,
  exceededSince: LocalDate | null,
): { readonly voided: number; readonly changes: LineChanges } {
  if (!exceededSince) return { voided: 0, changes: NO_LINE_CHANGES };
  const line = officialLine(play);
  const late = pathOf(play, line.id).filter((m) => compareDays(toLocalDate(m.sentOn), exceededSince) > 0);
  if (late.length === 0) return { voided: 0, changes: NO_LINE_CHANGES };
  return { voided: late.length, changes: forkLine(play, line.id, late[0].number - 1, { closeParent: true }).changes };
}
