// A move in a line (docs/rules.md §3, §5): the engine decides whether it is legal, the days
// say when it arrived and was sent, and the thinking days are those between, less the
// player's pauses. Pure: the service loads the pauses and writes the row.
import { refusals } from './game-refusals';
import { applyMove, type Color, type GameState, type MoveInput, type MoveRecord } from '../../engine';
import { compareDays, localDate, type DateRange, type LocalDate } from '../../common/calendar';
import { thinkingDaysForMove } from '../../thinking-time/core/thinking-days';
import { lineLabel } from './lines';
import type { Decided, Play } from './play';
import { arrivalFor } from './turns';
import { formatDayFor } from '../../common/day-format';

/** The channel a move came by; `arbiter` for one recorded on a player's behalf or imported. */
export type MoveChannel = 'mail' | 'web' | 'api' | 'arbiter';

/** When and how a move reached the platform. */
export interface MoveTiming {
  readonly receivedAt: Date;
  /** The day it was sent; default: the day it was received, in the competition's time zone. */
  readonly sentOn?: LocalDate;
  /** The day the partner's move reached the mover; default: the day that move was sent (docs/rules.md §5). */
  readonly arrivedOn?: LocalDate;
  readonly source: MoveChannel;
  readonly inboundMailId?: string | null;
  readonly idempotencyKey?: string | null;
  /** The mover's note, already decided (move-note.ts). */
  readonly note?: string | null;
}

/** A legal move, decided: what the engine made of it and its days. */
export interface MovePlan {
  readonly lineId: string;
  readonly color: Color;
  readonly turn: number;
  readonly input: MoveInput;
  readonly record: MoveRecord;
  /** The line's state after it. */
  readonly state: GameState;
  readonly arrivedOn: LocalDate;
  readonly sentOn: LocalDate;
}

/**
 * Plays `input` for `color` at the end of a line: GAME_OVER, NOT_YOUR_TURN, the engine's own
 * refusal (named by the line's label while an appeal waits), or NOT_STARTED for a move sent
 * before it could arrive (RED's first "arrives" with the game sheet on the start day).
 */
export function decideMove(
  play: Play,
  lineId: string,
  color: Color,
  input: MoveInput,
  timing: Pick<MoveTiming, 'receivedAt' | 'sentOn' | 'arrivedOn'>,
  timeZone: string,
): Decided<MovePlan> {
  const state = play.stateOf(lineId);
  if (state.over) return refusals.gameOver();
  if (state.toMove !== color) return refusals.notYourTurn();
  const step = applyMove(state, input);
  if (!step.ok) return refusals.illegalMove(step, lineLabel(play, lineId) ?? undefined);
  const arrivedOn = timing.arrivedOn ?? arrivalFor(play, color);
  const sentOn = timing.sentOn ?? localDate(timing.receivedAt, timeZone);
  if (compareDays(sentOn, arrivedOn) < 0) return refusals.notStarted(play.startedOn);
  return { lineId, color, turn: play.turn, input, record: step.record, state: step.state, arrivedOn, sentOn };
}

/** The move's row as the log keeps it (docs/rules.md §8): written once, later only annulled. */
export function moveRow(
  plan: MovePlan,
  row: { readonly id: string; readonly gameId: string; readonly playerId: string },
  timing: MoveTiming,
  pauses: readonly DateRange[],
) {
  const { record } = plan;
  return {
    id: row.id,
    gameId: row.gameId,
    lineId: plan.lineId,
    number: record.n,
    turn: plan.turn,
    playerId: row.playerId,
    color: plan.color,
    kind: record.type,
    notation: record.notation,
    written: typeof plan.input === 'string' ? plan.input : record.notation,
    tiles: [...record.tiles],
    words: [...record.words],
    unknownWords: [...record.unknownWords],
    score: record.score,
    recordedScore: record.recorded,
    arrivedOn: plan.arrivedOn,
    sentOn: plan.sentOn,
    receivedAt: timing.receivedAt,
    thinkingDays: thinkingDaysForMove(plan.arrivedOn, plan.sentOn, pauses),
    source: timing.source,
    inboundMailId: timing.inboundMailId ?? null,
    idempotencyKey: timing.idempotencyKey ?? null,
    note: timing.note ?? null,
    annulled: false,
  };
}

/**
 * The days of a move the arbiter records (received by post or telephone, docs/rules.md §5): it
 * arrived on or after the partner's last move was sent (by default that day) and was sent on
 * or after it arrived, never after today.
 */
export function arbiterMoveDays(
  play: Play,
  color: Color,
  days: { readonly sentOn: LocalDate; readonly arrivedOn?: LocalDate },
  today: LocalDate,
): Decided<{ readonly sentOn: LocalDate; readonly arrivedOn: LocalDate }> {
  const arrival = arrivalFor(play, color);
  const { sentOn, arrivedOn = arrival } = days;
  if (compareDays(sentOn, today) > 0)
    return refusals.badInput(
      'the move cannot be sent after today',
      'mutarea nu poate fi trimisă după ziua de azi',
      'ruchu nie można wysłać z datą późniejszą niż dzisiejsza',
    );
  if (compareDays(arrivedOn, arrival) < 0 || compareDays(sentOn, arrivedOn) < 0) {
    return refusals.badInput(
      `the dates must follow the game: arrived on or after ${arrival}, sent on or after it arrived`,
      `datele trebuie să urmeze partida: primită cel devreme la ${arrival}, trimisă după ce a fost primită`,
      `daty muszą iść za przebiegiem partii: ruch otrzymany najwcześniej ${formatDayFor('pl', arrival)}, wysłany po otrzymaniu`,
    );
  }
  return { sentOn, arrivedOn };
}
