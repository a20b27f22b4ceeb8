import { boardText, rackLetters, type TileSetId, type WordScore } from '../engine';
import { partOf, timeIsOver, usedAt, type AttemptStatus } from './core/record-rules';
import type { Trilingual } from './core/record-texts';
import { tilesLeft, type SoloEndReason } from './core/solo-game';
import { factsOf, pendingOf, soloAfter } from './record-attempt-state';
import type { RecordAttempt } from './record-attempt.entity';
import type { RecordTurn, TurnStatus } from './record-turn.entity';

export interface TurnView {
  readonly n: number;
  readonly kind: 'place' | 'pass';
  readonly status: TurnStatus;
  readonly notation: string;
  readonly words: readonly WordScore[];
  readonly score: number;
  readonly total: number;
  readonly rackBefore: string;
  readonly usedMs: number;
  readonly playedAt: string;
  readonly challengeWords: readonly string[] | null;
  readonly verdict: Trilingual | null;
}

/** An attempt as its page and the API show it: the full record, the position, the clock and what the viewer may do. */
export interface AttemptView {
  readonly id: string;
  readonly status: AttemptStatus;
  readonly version: number;
  readonly tileSet: TileSetId;
  readonly lexicon: string;
  readonly plannedDay: string;
  readonly player: { readonly userId: string; readonly name: string };
  readonly committee: readonly { readonly userId: string; readonly name: string }[];
  readonly regulationAccepted: boolean;
  readonly recordToBeat: number;
  readonly timeLimitMs: number;
  readonly usedMs: number;
  readonly clockRunning: boolean;
  readonly timeOver: boolean;
  readonly board: readonly string[];
  readonly rack: string;
  readonly tilesLeft: number;
  readonly total: number;
  readonly turns: readonly TurnView[];
  /** The turn waiting for the committee (the clock stopped after it). */
  readonly pending: TurnView | null;
  readonly sequenceHash: string;
  /** The sequence and its seed, once play has ended (docs/rules.md §14: secret before). */
  readonly sequence: string | null;
  readonly seed: string | null;
  readonly endReason: SoloEndReason | null;
  readonly rackDeduction: number | null;
  readonly finalScore: number | null;
  readonly signatures: readonly {
    readonly userId: string;
    readonly name: string;
    readonly regular: boolean;
    readonly remarks: string;
    readonly at: string;
  }[];
  readonly succeeded: boolean | null;
  readonly standingRecord: number | null;
  /** The viewer's part: the player, a committee member, or a spectator. */
  readonly you: 'player' | 'committee' | null;
}

function turnView(t: RecordTurn): TurnView {
  return {
    n: t.n,
    kind: t.kind,
    status: t.status,
    notation: t.notation,
    words: t.words,
    score: t.score,
    total: t.total,
    rackBefore: t.rackBefore,
    usedMs: t.usedMs,
    playedAt: t.playedAt.toISOString(),
    challengeWords: t.challengeWords,
    verdict: t.verdict,
  };
}

export function attemptView(
  a: RecordAttempt,
  turns: readonly RecordTurn[],
  names: ReadonlyMap<string, string>,
  userId: string | undefined,
  now: Date,
): AttemptView {
  const state = soloAfter(a, turns);
  const ended = a.status === 'finished' || a.status === 'closed';
  const facts = factsOf(a);
  const pending = pendingOf(turns);
  const person = (id: string) => ({ userId: id, name: names.get(id) ?? '' });
  return {
    id: a.id,
    status: a.status,
    version: a.version,
    tileSet: a.tileSet,
    lexicon: a.lexicon,
    plannedDay: a.plannedDay,
    player: person(a.playerUserId),
    committee: [person(a.committeeAUserId), person(a.committeeBUserId)],
    regulationAccepted: a.regulationAcceptedAt !== null,
    recordToBeat: a.recordToBeat,
    timeLimitMs: a.timeLimitMs,
    usedMs: Math.min(a.timeLimitMs, usedAt(facts, now)),
    clockRunning: a.clockSince !== null,
    timeOver: a.status === 'playing' && timeIsOver(facts, now),
    board: boardText(state.board),
    // Before the start nobody sees a tile of the secret sequence, the rack included.
    rack: a.status === 'announced' ? '' : rackLetters(state.rack).join(''),
    tilesLeft: tilesLeft(state),
    total: state.total,
    turns: turns.map(turnView),
    pending: pending ? turnView(pending.row) : null,
    sequenceHash: a.sequenceHash,
    sequence: ended ? a.sequence : null,
    seed: ended ? a.sequenceSeed : null,
    endReason: a.endReason,
    rackDeduction: a.rackDeduction,
    finalScore: a.finalScore,
    signatures: a.signatures.map((s) => ({ ...s, name: names.get(s.userId) ?? '' })),
    succeeded: a.succeeded,
    standingRecord: a.standingRecord,
    you: partOf(facts, userId),
  };
}
