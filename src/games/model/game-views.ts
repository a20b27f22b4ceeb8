// What the games service answers: plain JSON, the same for the API, the CLI, the mail
// channel and the idempotency receipts (a repeated submission returns these very values).
import type { ResultView } from './result-view';
import type { PlayerClock } from '../../thinking-time/core';
import type { LocalDate } from '../../common/calendar';
import type { ProposedResult } from '../core/closing-result';
import type { Bilingual, Color, MoveRecord, RuleBook } from '../../engine';
import type { Challenge } from '../entities/challenge.entity';
import { challengeVerdict } from '../core/challenges';
import type { Dispute } from '../entities/dispute.entity';
import type { LineLabel, LineSnapshot } from '../core/game-state';
import { checkWords, type WordCheck } from '../core/word-check';
import { noteFor, type MoveReader } from '../core/move-note';
import type { Game } from '../entities/game.entity';
import type { Move } from '../entities/move.entity';
import type { Offer } from '../entities/offer.entity';

export type MoveView = {
  readonly id: string;
  /** The line's id (`main`, `f1`, …) and, while an appeal keeps two lines, its label. */
  readonly line: string;
  readonly label: LineLabel | null;
  readonly number: number;
  readonly turn: number;
  readonly color: Color;
  readonly kind: 'place' | 'pass' | 'lost';
  readonly notation: string;
  readonly words: readonly { readonly coord: string; readonly word: string; readonly score: number }[];
  readonly score: number;
  /** The score on the sheet (docs/rules.md §2 handicap). */
  readonly recorded: number;
  /** The mover's running total in its line, when known. */
  readonly total?: number;
  /** Letters used, in sequence order (docs/rules.md §3), when known. */
  readonly tilesUsed?: readonly string[];
  /** Words missing from the competition's word list: contestable (docs/rules.md §6). */
  readonly unknownWords: readonly string[];
  readonly arrivedOn: string;
  readonly sentOn: string;
  readonly thinkingDays: number;
  readonly source: Move['source'];
  readonly annulled: boolean;
  /** The mover's note (docs/features.md, A note with a move), plain text: escaped wherever shown; null for a reader it is not for (core/move-note.ts). */
  readonly note?: string | null;
  /** Each word against the competition's list, on the answer to the move just played. */
  readonly wordCheck?: WordCheck;
};

/**
 * A move as the games service answers it to `reader` (its note only where noteFor allows it);
 * `wordList` (whether the competition has a list) is given with the record of a move just
 * played, and then the answer says which of its words the list holds.
 */
export function moveView(move: Move, reader: MoveReader, label: LineLabel | null, record?: MoveRecord, wordList?: boolean): MoveView {
  return {
    id: move.id,
    line: move.lineId,
    label,
    number: move.number,
    turn: move.turn,
    color: move.color,
    kind: move.kind,
    notation: move.notation,
    words: move.words.map(({ coord, word, score }) => ({ coord, word, score })),
    score: move.score,
    recorded: move.recordedScore,
    ...(record && { total: record.total, tilesUsed: [...record.tilesUsed] }),
    unknownWords: move.unknownWords,
    arrivedOn: move.arrivedOn,
    sentOn: move.sentOn,
    thinkingDays: move.thinkingDays,
    source: move.source,
    annulled: move.annulled,
    note: noteFor(reader, move),
    ...(record &&
      wordList !== undefined &&
      move.kind === 'place' && { wordCheck: checkWords(record.words, record.unknownWords, wordList) }),
  };
}

/** What every action answers: the game's new version and turn, and what the action did. */
export type ActionResult = {
  readonly gameId: string;
  readonly version: number;
  /** The turn now being played (reply tokens name it). */
  readonly turn: number;
  readonly status: Game['status'];
  /** Moves the action played. */
  readonly moves: readonly MoveView[];
  /** Whether the actor's turn is complete (false while they still owe a move in the other line). */
  readonly turnComplete: boolean;
  readonly offer?: OfferView;
  readonly dispute?: DisputeView;
  /** docs/rules.md §13: the challenge the action decided (PFS). */
  readonly challenge?: ChallengeView;
};

export type OfferView = {
  readonly id: string;
  readonly kind: Offer['kind'];
  readonly by: Color;
  readonly status: Offer['status'];
  readonly createdAt: string;
};

export function offerView(offer: Offer, by: Color): OfferView {
  return { id: offer.id, kind: offer.kind, by, status: offer.status, createdAt: offer.createdAt.toISOString() };
}

/** A challenge as the API and the pages show it: the words named and the one verdict [P 4.7.8]. */
export type ChallengeView = {
  readonly id: string;
  readonly moveId: string;
  readonly challenger: Color;
  readonly words: readonly string[];
  readonly successful: boolean;
  readonly overridden: boolean;
  readonly overrideReason: string | null;
  readonly verdict: Bilingual;
  readonly decidedAt: string;
};

export function challengeView(c: Challenge, challenger: Color): ChallengeView {
  return {
    id: c.id,
    moveId: c.moveId,
    challenger,
    words: c.words,
    successful: c.successful,
    overridden: c.overridden,
    overrideReason: c.overrideReason,
    verdict: challengeVerdict(c.successful, c.words),
    decidedAt: c.decidedAt.toISOString(),
  };
}

export type DisputeView = {
  readonly id: string;
  readonly status: Dispute['status'];
  readonly contester: Color;
  readonly words: readonly string[];
  readonly contestedMoveId: string;
  readonly provisionalReplyId: string;
  readonly lines: Dispute['lines'];
  readonly keptLine: string | null;
};

export function disputeView(dispute: Dispute, contester: Color): DisputeView {
  return {
    id: dispute.id,
    status: dispute.status,
    contester,
    words: dispute.words,
    contestedMoveId: dispute.contestedMoveId,
    provisionalReplyId: dispute.provisionalReplyId,
    lines: dispute.lines,
    keptLine: dispute.keptLineId,
  };
}

export type PlayerView = {
  readonly playerId: string;
  readonly name: string;
};

/** GET /api/games/:id: the whole game as a player or the arbiter sees it. */
export type GameView = {
  readonly id: string;
  readonly competitionId: string;
  readonly groupId: string;
  readonly round: number;
  readonly status: Game['status'];
  readonly version: number;
  readonly turn: number;
  readonly startedOn: string;
  readonly endedAt: string | null;
  readonly endReason: string | null;
  readonly outcome: Game['outcome'];
  readonly red: PlayerView;
  readonly blue: PlayerView;
  /** Who is to act now, and what is awaited: a move, the answer to a contest, or the arbiter's ruling. */
  readonly toMove: Color | null;
  readonly awaiting: 'move' | 'contest-answer' | 'ruling' | null;
  /** The sequence is public once play starts (docs/rules.md §2), so racks are too: both are shown. */
  readonly sequence: string;
  readonly lines: readonly LineSnapshot[];
  readonly moves: readonly MoveView[];
  readonly dispute: DisputeView | null;
  readonly offers: readonly OfferView[];
  readonly clocks: Readonly<Record<Color, Pick<PlayerClock, 'used' | 'left' | 'exceeded' | 'onHoliday' | 'longThinking'>>>;
  readonly result: ResultView | null;
  /**
   * docs/rules.md "The closing date": an unfinished game past its closing date, where play has
   * stopped: the date, the last day of the players' report window, and the result proposed
   * (null: the arbiter rules first on a time claim or two lines). Absent otherwise.
   */
  readonly closing?: ClosedGame | null;
  /** docs/rules.md §13: the rule book the game is played by, and under PFS rules its checks ("Sprawdzam"), oldest first. */
  readonly rules: RuleBook;
  readonly challenges: readonly ChallengeView[];
};

export interface ClosedGame {
  readonly closingDate: LocalDate;
  readonly reportBy: LocalDate;
  readonly proposal: ProposedResult | null;
}
