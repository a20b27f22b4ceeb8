// A game's play as the rules read it (docs/rules.md §2–§7): its lines, its move log, the
// dispute not yet settled and the turn. Plain data and one pure function (`stateOf`, the
// engine replay of a line): the games service's session gives its loaded rows this shape,
// the unit tests build it from random legal games. No TypeORM, no clock, no I/O (Refusal is
// still auth/refusal.ts's until the kernel's plain one replaces it: this file and refusal.ts name it).
import type { Refusal } from '../../common/refusal';
import type { Color, EndRackRule, GameSetup, GameState, Lexicon, RuleBook, TileSetId } from '../../engine';

export type PlayStatus = 'playing' | 'ended';
export type PlayLineStatus = 'live' | 'closed';

/** A line of play (docs/rules.md §6): it shares its parent's first `forkAfter` moves. */
export interface PlayLine {
  readonly id: string;
  readonly parentId: string | null;
  readonly forkAfter: number;
  readonly status: PlayLineStatus;
}

/** One move of the log, annulled ones included (they stay on record). */
export interface PlayMove {
  readonly id: string;
  readonly lineId: string;
  /** Its number in its line, counted from the game's first move. */
  readonly number: number;
  /** The game turn it belongs to: a turn takes one move in every live line (docs/rules.md §6). */
  readonly turn: number;
  readonly color: Color;
  /** `lost`: the turn a mover lost to a successful challenge (docs/rules.md §13). */
  readonly kind: 'place' | 'pass' | 'lost';
  readonly notation: string;
  readonly words: readonly { readonly word: string }[];
  /** The day it was sent (docs/rules.md §5). */
  readonly sentOn: string;
  readonly annulled: boolean;
}

/** While a dispute is appealed: the line where the contested move stands (A) and where it is replaced (B). */
// A type, not an interface: it is written as it is into JSON payloads (mails, cases, audit).
export type AppealLines = {
  readonly stands: string;
  readonly replaced: string;
};

/** The dispute not yet settled (docs/rules.md §6 allows one): `open`, then `appealed` until the ruling. */
export interface PlayDispute {
  readonly id: string;
  readonly status: 'open' | 'admitted' | 'appealed' | 'ruled';
  readonly contestedMoveId: string;
  readonly lines: AppealLines | null;
}

export interface Play<M extends PlayMove = PlayMove, L extends PlayLine = PlayLine> {
  readonly status: PlayStatus;
  readonly turn: number;
  /** The day the game started: RED's first move "arrives" with the game sheet (docs/rules.md §5). */
  readonly startedOn: string;
  readonly lines: readonly L[];
  readonly moves: readonly M[];
  readonly dispute: PlayDispute | null;
  /** The lines players know as A and B: those of the latest appeal, even once ruled. */
  readonly labels: AppealLines | null;
  /** The engine state at the end of a line (a pure replay of its moves; callers may memoise it). */
  stateOf(lineId: string): GameState;
}

/** The typed refusal of the rules (code, words in both languages): the one import of it in core/ with refusal.ts. */
export type { Refusal };

/** What a decision gives: its plan, or the refusal (nothing is to change). */
export type Decided<T> = T | Refusal;

/** The competition's rules a game is played by (docs/rules.md §2, §4). */
export interface PlayRules {
  readonly tileSet: TileSetId;
  readonly handicap: boolean;
  readonly zeroTurnsToEnd: number;
  readonly endRackRule: EndRackRule;
  /** docs/rules.md §13: FRSc or PFS game rules. */
  readonly rules: RuleBook;
}

/** The engine setup of a game: its competition's tile set and rules, its series' sequence. */
export function gameSetup(competition: PlayRules, sequence: { readonly tiles: string }, lexicon?: Lexicon): GameSetup {
  return {
    tileSet: competition.tileSet,
    sequence: sequence.tiles,
    rules: {
      handicap: competition.handicap,
      zeroTurnsToEnd: competition.zeroTurnsToEnd,
      endRackRule: competition.endRackRule,
      // Only a PFS game names its rule book: an FRSc game's setup (and its replay cache key) stays as it was.
      ...(competition.rules === 'pfs' && { rulebook: 'pfs' as const }),
    },
    lexicon,
  };
}
