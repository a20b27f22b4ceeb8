import { LOST_TURN, type MoveInput } from '../engine';
import type { AttemptFacts, PendingTurn } from './core/record-rules';
import { replaySolo, startSolo, type SoloState } from './core/solo-game';
import type { RecordAttempt } from './record-attempt.entity';
import type { RecordTurn } from './record-turn.entity';

/** What the rules read of the attempt's row. */
export function factsOf(a: RecordAttempt): AttemptFacts {
  return {
    status: a.status,
    playerUserId: a.playerUserId,
    committee: [a.committeeAUserId, a.committeeBUserId],
    plannedDay: a.plannedDay,
    regulationAccepted: a.regulationAcceptedAt !== null,
    clockSince: a.clockSince,
    usedMs: a.usedMs,
    timeLimitMs: a.timeLimitMs,
    signatures: a.signatures,
  };
}

/** A stored turn as the engine replays it: a move taken back is the lost turn it became [P 4.8]. */
export function turnInput(t: Pick<RecordTurn, 'kind' | 'status' | 'notation'>): MoveInput {
  if (t.status === 'withdrawn') return LOST_TURN;
  return t.kind === 'pass' ? { kind: 'pass' } : t.notation;
}

/** The turn the committee has not yet released, if any. */
export function pendingOf(turns: readonly RecordTurn[]): (PendingTurn & { readonly row: RecordTurn }) | null {
  const last = turns.at(-1);
  if (!last || last.status !== 'pending') return null;
  return { kind: last.kind, challenged: last.challengeWords !== null, words: last.words.map((w) => w.word), row: last };
}

/** The game after the given turns. */
export function soloAfter(a: Pick<RecordAttempt, 'tileSet' | 'sequence'>, turns: readonly RecordTurn[]): SoloState {
  return replaySolo(startSolo(a.tileSet, a.sequence), turns.map(turnInput)).state;
}
