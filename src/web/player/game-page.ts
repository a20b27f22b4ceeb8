// The game page's model (docs/web.md, Player pages), built purely from the games service's view of a game,
// the replayed live lines and the clocks: what templates/web/player/game.hbs shows. No Nest,
// no database, no clock: the shell passes "today" in.
import { inLanguage } from '../../common/bilingual';
import type { ConditionalsPanel } from '../../games/actions/conditionals.service';
import { BOARD_SIZE, tourToPlay, type Color, type TileSet } from '../../engine';
import { formatCoefficientValue } from '../../common/coefficient-format';
import { otherColor } from '../../common/color';
import type { LineLabel, LineSnapshot } from '../../games/core/game-state';
import type { GameView, OfferView } from '../../games/model/game-views';
import { formatDay, type Lang } from './format-day';
import { resultAnswer, type MyResultAnswer } from './result-answer';
import type { TimeNotices } from './time-notices.service';
import { timelineDays, type GameTimeline } from '../../thinking-time/core';
import { addDays, compareDays, type LocalDate } from '../../common/calendar';
import {
  boardModel,
  moveRows,
  rackModel,
  sequenceModel,
  type BoardRow,
  type MoveRow,
  type RackTileModel,
  type SequenceCell,
  type LinePath,
} from './game-board';

/** One live line as the shell replayed it: its path's records and the sequence positions each player took. */
export interface LineInput {
  readonly id: string;
  readonly label: LineLabel | null;
  readonly snapshot: LineSnapshot;
  /** 0-based positions in the sequence, per player, in the order taken (GameState.taken). */
  readonly taken: Readonly<Record<Color, readonly number[]>>;
  /** The line's path: each move's engine record with its stored row id. */
  readonly path: LinePath;
}

export interface GamePageInput {
  readonly view: GameView;
  readonly lines: readonly LineInput[];
  /** The colour the viewer plays, or null for the arbiter / an admin. */
  readonly me: Color | null;
  readonly tileSet: TileSet;
  readonly today: LocalDate;
  readonly limit: number;
  readonly competitionName: string;
  readonly lang: Lang;
  /** The day the running thinking time runs out, from the thinking-time core (see runOutFromTimeline); else today + days left. */
  readonly deadline?: LocalDate | null;
}

export interface LineModel {
  readonly id: string;
  readonly label: LineLabel | null;
  /** Form field name for a move in this line: `move`, or `lines[A]` while two lines live. */
  readonly field: string;
  readonly board: readonly BoardRow[];
  readonly columns: readonly number[];
  readonly sequence: readonly (readonly SequenceCell[])[];
  readonly moves: readonly MoveRow[];
  readonly totals: Readonly<Record<Color, number>>;
  readonly scores: Readonly<Record<Color, number>>;
  readonly bag: number;
  readonly over: boolean;
  readonly toMove: Color;
  /** The viewer owes a move in this line now. */
  readonly owed: boolean;
  readonly racks: Readonly<Record<Color, readonly RackTileModel[]>>;
  readonly myRack: readonly RackTileModel[];
  /** The other racks, shown as text: public, derived from the sequence (docs/rules.md §2). */
  readonly otherRacks: readonly { readonly color: Color; readonly name: string; readonly tiles: string }[];
}

export interface ClockModel {
  readonly color: Color;
  readonly name: string;
  readonly used: number;
  readonly left: number;
  readonly limit: number;
  readonly exceeded: boolean;
  readonly onHoliday: boolean;
  readonly longThinking: boolean;
  /** Running now: this player owes the move. */
  readonly running: boolean;
  /** The day the thinking time runs out if no move comes and nothing else changes (dd.mm.yyyy). */
  readonly deadline: string | null;
  readonly deadlineIso: LocalDate | null;
  readonly mine: boolean;
}

export interface GamePageModel {
  readonly id: string;
  readonly competitionName: string;
  readonly round: number;
  readonly status: GameView['status'];
  readonly playing: boolean;
  readonly turn: number;
  /** docs/rules.md §2: the tour of the move awaited in the first live line (engine tourToPlay, as mail and sheet). */
  readonly tour: number;
  readonly red: { readonly name: string; readonly mine: boolean };
  readonly blue: { readonly name: string; readonly mine: boolean };
  readonly me: Color | null;
  readonly partner: Color | null;
  readonly toMove: Color | null;
  readonly toMoveName: string | null;
  readonly awaiting: GameView['awaiting'];
  readonly myTurn: boolean;
  /** Two lines are live (an appealed dispute): both are shown side by side, and played both. */
  readonly twoLines: boolean;
  readonly lines: readonly LineModel[];
  readonly clocks: readonly ClockModel[];
  readonly canMove: boolean;
  readonly canPass: boolean;
  readonly owedLines: readonly LineModel[];
  /** The partner's last placement, contestable with the provisional reply (docs/rules.md §6). */
  readonly contest: { readonly words: readonly { readonly word: string; readonly unknown: boolean }[]; readonly notation: string } | null;
  /** docs/rules.md §13 (PFS): the partner's last placement, to check ("Sprawdzam") before answering it. */
  readonly challenge: { readonly words: readonly { readonly word: string; readonly unknown: boolean }[]; readonly notation: string } | null;
  /** docs/rules.md §13: the game's checks, each with its one verdict (never which word failed). */
  readonly challenges: readonly {
    readonly words: string;
    readonly verdict: string;
    readonly successful: boolean;
    readonly overridden: boolean;
    readonly reason: string | null;
    readonly mine: boolean;
  }[];
  /** A contest the viewer must answer: admit (replace) or appeal to the arbiter. */
  readonly disputeToAnswer: { readonly id: string; readonly words: string; readonly notation: string } | null;
  readonly dispute: { readonly status: string; readonly words: string; readonly mine: boolean } | null;
  readonly offersToAnswer: readonly OfferView[];
  readonly myOffers: readonly OfferView[];
  readonly canOffer: boolean;
  readonly canClaim: boolean;
  readonly canAbandon: boolean;
  readonly canHoliday: boolean;
  readonly canLongThinking: boolean;
  readonly ended: boolean;
  /** docs/rules.md "The closing date": play has stopped on an unfinished game; the proposal the arbiter homologates. */
  readonly closed: ClosedGameModel | null;
  readonly endReason: string | null;
  /** Message key naming how the game ended, when it is one the pages know. */
  readonly endReasonKey: string | null;
  readonly result: {
    readonly red: number;
    readonly blue: number;
    readonly coefficients: { readonly red: string; readonly blue: string } | null;
    readonly status: string;
  } | null;
  /** docs/rules.md §7: the final sheet waits for the viewer's confirmation or objection (silence confirms by `dueOn`). */
  readonly canConfirm: boolean;
  /** The window's last day, formatted, when it closed before the viewer answered: said instead of the form. */
  readonly answerClosedOn: string | null;
  /** What the viewer answered (confirmation or objection, and the arbiter's decision on it). */
  readonly myAnswer: MyResultAnswer | null;
  readonly confirmBy: string | null;
  /** A hint for stale forms: the turn this page answers. */
  readonly expectedTurn: number;
  /** The open time claim and the declared holidays (time-notices.service.ts), added by the page's loader. */
  readonly timeNotices?: TimeNotices;
  /** The viewer's own pending conditional replies, while the game is played and the competition allows them. */
  readonly conditionals?: ConditionalsPanel | null;
  readonly tileValues: Readonly<Record<string, number>>;
}

export interface ClosedGameModel {
  readonly closingDate: string;
  readonly reportBy: string;
  /** The players may still declare the game's state (through `reportBy`); after it the arbiter homologates. */
  readonly reportWindowOpen: boolean;
  /** Null: a time claim or two lines wait for the arbiter's ruling first. */
  readonly proposal: {
    readonly key: string;
    readonly name: string | null;
    readonly red: number;
    readonly blue: number;
    readonly coefficients: { readonly red: string; readonly blue: string };
  } | null;
}

/** The closing-date state of the view in the page's words and numbers (docs/rules.md "The closing date"). */
export function closedGameModel(view: Pick<GameView, 'closing' | 'red' | 'blue'>, lang: Lang, today: LocalDate): ClosedGameModel | null {
  const closing = view.closing;
  if (!closing) return null;
  const p = closing.proposal;
  const by = p && 'by' in p.outcome ? p.outcome.by : null;
  return {
    closingDate: formatDay(closing.closingDate, lang)!,
    reportBy: formatDay(closing.reportBy, lang)!,
    reportWindowOpen: compareDays(today, closing.reportBy) <= 0,
    proposal: p && {
      key: p.outcome.type === 'no-show' ? 'player.closed.noShow' : 'player.closed.unfinished',
      name: by ? view[by].name : null,
      red: p.scores.red,
      blue: p.scores.blue,
      coefficients: { red: formatCoefficientValue(p.coefficients.red, lang), blue: formatCoefficientValue(p.coefficients.blue, lang) },
    },
  };
}

/** How a game ends (docs/rules.md §4, §7): the engine's own endings and the recorded outcomes. */
export const END_REASONS: readonly string[] = [
  'out',
  'zero-turns',
  'abandon',
  'timeout',
  'no-show',
  'interrupted',
  'draw-agreement',
  'unfinished',
  'no-information',
];

export function gamePageModel(input: GamePageInput): GamePageModel {
  const { view, me, tileSet, lang } = input;
  const partner = me && otherColor(me);
  // Past the closing date play has stopped (docs/rules.md "The closing date"): no form offers a move, pass, offer or contest.
  const playing = view.status === 'playing' && !view.closing;
  const movesById = new Map(view.moves.map((m) => [m.id, m]));
  const twoLines = input.lines.length > 1;
  const lines: LineModel[] = input.lines.map((line) => {
    const last = line.path.at(-1)?.record;
    const owed = playing && me !== null && view.awaiting === 'move' && !line.snapshot.over && line.snapshot.toMove === me;
    const racks = { red: rackModel(line.snapshot.racks.red, tileSet), blue: rackModel(line.snapshot.racks.blue, tileSet) };
    return {
      id: line.id,
      label: line.label,
      field: twoLines && line.label ? `lines[${line.label}]` : 'move',
      board: boardModel(line.snapshot, tileSet, last?.tiles ?? []),
      columns: Array.from({ length: BOARD_SIZE }, (_, i) => i + 1),
      sequence: sequenceModel(view.sequence, line.taken),
      moves: moveRows(line.path, movesById, lang),
      totals: line.snapshot.totals,
      scores: line.snapshot.scores,
      bag: line.snapshot.bag,
      over: line.snapshot.over,
      toMove: line.snapshot.toMove,
      owed,
      racks,
      myRack: me ? racks[me] : [],
      otherRacks: (['red', 'blue'] as const)
        .filter((c) => c !== me)
        .map((c) => ({ color: c, name: view[c].name, tiles: line.snapshot.racks[c].split('').join(' ') })),
    };
  });
  const owedLines = lines.filter((l) => l.owed);
  const myTurn = playing && me !== null && view.toMove === me;
  const canMove = myTurn && view.awaiting === 'move' && owedLines.length > 0;

  // docs/rules.md §6: the partner's last placement in the one official line may be contested with the reply;
  // §13: under PFS rules it is checked instead ("Sprawdzam"), once, before it is answered.
  let lastPlacement: GamePageModel['contest'] = null;
  if (canMove && !twoLines && !view.dispute) {
    const last = input.lines[0]?.path.at(-1);
    const checked = view.challenges.some((c) => c.moveId === last?.moveId);
    if (last && last.record.player === partner && last.record.type === 'place' && !checked) {
      const unknown = new Set(movesById.get(last.moveId)?.unknownWords ?? last.record.unknownWords);
      lastPlacement = {
        words: last.record.words.map((w) => ({ word: w.word, unknown: unknown.has(w.word) })),
        notation: last.record.notation,
      };
    }
  }
  const pfs = view.rules === 'pfs';
  const contest = pfs ? null : lastPlacement;
  const challenge = pfs ? lastPlacement : null;
  const challenges = view.challenges.map((c) => ({
    words: c.words.join(', '),
    verdict: inLanguage(c.verdict, lang),
    successful: c.successful,
    overridden: c.overridden,
    reason: c.overrideReason,
    mine: c.challenger === me,
  }));
  const contestedMove = view.dispute ? movesById.get(view.dispute.contestedMoveId) : undefined;
  const disputeToAnswer =
    playing && me !== null && view.awaiting === 'contest-answer' && view.toMove === me && view.dispute
      ? { id: view.dispute.id, words: view.dispute.words.join(', '), notation: contestedMove?.notation ?? '' }
      : null;

  const clocks: ClockModel[] = (['red', 'blue'] as const).map((color) => {
    const clock = view.clocks[color];
    const running = playing && view.toMove === color;
    const deadlineIso = running ? (input.deadline !== undefined ? input.deadline : runOutDay(input.today, clock.left)) : null;
    return {
      color,
      name: view[color].name,
      used: clock.used,
      left: clock.left,
      limit: input.limit,
      exceeded: clock.exceeded,
      onHoliday: clock.onHoliday,
      longThinking: clock.longThinking,
      running,
      deadline: formatDay(deadlineIso, lang),
      deadlineIso,
      mine: color === me,
    };
  });

  const offersToAnswer = playing && me ? view.offers.filter((o) => o.status === 'pending' && o.by !== me) : [];
  const myOffers = playing && me ? view.offers.filter((o) => o.status === 'pending' && o.by === me) : [];
  const tileValues = Object.fromEntries(tileSet.tiles.map((t) => [t.letter, t.value]));
  return {
    id: view.id,
    competitionName: input.competitionName,
    round: view.round,
    status: view.status,
    playing,
    turn: view.turn,
    tour: tourToPlay(input.lines[0]?.path.length ?? 0),
    red: { name: view.red.name, mine: me === 'red' },
    blue: { name: view.blue.name, mine: me === 'blue' },
    me,
    partner,
    toMove: view.toMove,
    toMoveName: view.toMove ? view[view.toMove].name : null,
    awaiting: view.awaiting,
    myTurn,
    twoLines,
    lines,
    clocks,
    canMove,
    canPass: canMove,
    owedLines,
    contest,
    challenge,
    challenges,
    disputeToAnswer,
    dispute: view.dispute
      ? { status: view.dispute.status, words: view.dispute.words.join(', '), mine: view.dispute.contester === me }
      : null,
    offersToAnswer,
    myOffers,
    canOffer: playing && me !== null && myOffers.length === 0,
    // A claim and an abandonment are not play: the closing date does not stop them (closing-guard.ts).
    canClaim: view.status === 'playing' && partner !== null && view.clocks[partner].exceeded,
    canAbandon: view.status === 'playing' && me !== null,
    canHoliday: playing && me !== null,
    canLongThinking: canMove,
    ended: view.status !== 'playing',
    closed: closedGameModel(view, lang, input.today),
    endReason: view.endReason,
    endReasonKey: view.endReason && END_REASONS.includes(view.endReason) ? `player.end.${view.endReason}` : null,
    result: view.result
      ? {
          red: view.result.scores.red,
          blue: view.result.scores.blue,
          coefficients: {
            red: formatCoefficientValue(view.result.coefficients.red, lang),
            blue: formatCoefficientValue(view.result.coefficients.blue, lang),
          },
          status: view.result.status,
        }
      : null,
    ...resultAnswer(view.result, me, lang, input.today),
    confirmBy: view.result ? formatDay(view.result.dueOn, lang) : null,
    expectedTurn: view.turn,
    tileValues,
  };
}

/**
 * The last day a move may be sent within the thinking time (docs/rules.md §5): every day from
 * today on costs one, so `left` more days are allowed. Holidays still to come would move
 * it later; the page says "if nothing else changes".
 */
export function runOutDay(today: LocalDate, left: number): LocalDate {
  return addDays(today, Math.max(0, left));
}

/**
 * The last day `player` may send the awaited move within the thinking time, walking the
 * game's timeline on from `today` as if no move came: holidays, announced long thinking and
 * the arbiter's leave are not thinking days (docs/rules.md §5), so they push it later. Null when
 * the time does not run out before the closing date.
 */
export function runOutFromTimeline(timeline: GameTimeline, today: LocalDate, player: Color, left: number): LocalDate | null {
  // Beyond the days left, at most the holiday and leave days could be skipped: a year bounds it.
  const horizon = addDays(today, Math.max(0, left) + 366);
  const to = compareDays(horizon, timeline.closing) < 0 ? horizon : timeline.closing;
  if (compareDays(to, today) < 0) return null;
  // Without pauses the time runs out a day or two after the `left` days: walk a month past
  // them first (the walk is per day, from the game's start), and the whole bound only when
  // pauses pushed it on. The first exceeded day is the same whichever walk finds it.
  const near = addDays(today, Math.max(0, left) + 31);
  const spans = compareDays(near, to) < 0 ? [near, to] : [to];
  for (const end of spans) {
    const first = timelineDays(timeline, today, end).find((d) => d.clocks[player].exceeded);
    if (first) return addDays(first.day, -1);
  }
  return null;
}
