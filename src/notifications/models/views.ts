// Builders of the mail view models (models.ts) from the engine's replay and the thinking-time
// timeline, so the platform fills a template from what it already has.
import { inLanguage } from '../../common/bilingual';
import { boardText, squareName, type Board } from '../../engine/board';
import { COLORS } from '../../common/color';
import type { GameState, MoveRecord } from '../../engine/replay';
import { RACK_SIZE } from '../../engine/tile-sets';
import { tourOf } from '../../engine/tour';
import type { Color, EngineError } from '../../engine/types';
import { DEFAULT_TIMELINE_RULES, type PerPlayer, type PlayerClock } from '../../thinking-time/core/timeline';
import type { Language as MailLanguage } from '../../common/bilingual';
import type {
  BoardView,
  ClocksView,
  DeadlinesView,
  GameView,
  MoveView,
  PerColor,
  PositionView,
  ReasonView,
  ReplyView,
  SequenceView,
  YourMoveModel,
} from './models';

/** A replayed game or line: replayGame's result. */
export interface ReplayView {
  readonly state: GameState;
  readonly records: readonly MoveRecord[];
}

/** The board as 15 strings (models.ts BoardView); `fresh` marks the last move's squares. */
export function boardView(board: Board, lastMove?: Pick<MoveRecord, 'tiles'>): BoardView {
  const rows = boardText(board);
  const fresh = lastMove?.tiles.map(squareName) ?? [];
  return fresh.length > 0 ? { rows, fresh } : { rows };
}

/** The sequence and who took each tile (docs/rules.md §2, §8: the sheet marks them). */
export function sequenceView(state: Pick<GameState, 'sequence' | 'taken'>): SequenceView {
  const takenBy = state.sequence.map(() => '.');
  for (const color of COLORS) for (const position of state.taken[color]) takenBy[position] = color === 'red' ? 'r' : 'b';
  return { tiles: state.sequence.join(''), takenBy: takenBy.join('') };
}

/** docs/rules.md §3: what every move carries — tour, position and word, score, letters, words, total. */
export function moveView(record: MoveRecord, names: PerColor<string>): MoveView {
  return {
    n: record.n,
    tour: record.tour,
    player: record.player,
    playerName: names[record.player],
    notation: record.notation,
    pass: record.type === 'pass',
    words: record.words.map(({ coord, word, score }) => ({ coord, word, score })),
    score: record.score,
    recorded: record.recorded,
    bingo: record.tiles.length === RACK_SIZE,
    tilesUsed: record.tilesUsed,
    total: record.total,
  };
}

/** The position as `color` sees it after the replayed moves (docs/mail-rules.md 19). */
export function positionView(replay: ReplayView, color: Color, names: PerColor<string>): PositionView {
  return { ...linePositionView(replay, names), rack: rackView(replay.state, color) };
}

/** The position both players see alike (all but the rack): what a mail snapshot keeps once for both. */
export function linePositionView(replay: ReplayView, names: PerColor<string>): Omit<PositionView, 'rack'> {
  const { state, records } = replay;
  const last = records.length > 0 ? records[records.length - 1] : undefined;
  return {
    board: boardView(state.board, last),
    sequence: sequenceView(state),
    ...(last && { lastMove: moveView(last, names) }),
    totals: { red: state.totals.red, blue: state.totals.blue },
    tilesLeft: state.sequence.length - state.next,
  };
}

/** A player's rack in sequence order, `?` for a blank. */
export function rackView(state: Pick<GameState, 'racks'>, color: Color): string {
  return state.racks[color].map((t) => t.letter).join('');
}

/** Both clocks from the timeline's day (docs/rules.md §5: 50 days for the game). */
export function clocksView(
  clocks: PerPlayer<Pick<PlayerClock, 'used' | 'left' | 'onHoliday' | 'longThinking'>>,
  limit: number = DEFAULT_TIMELINE_RULES.thinkingDays,
): ClocksView {
  const one = (c: Color) => {
    const { used, left, onHoliday, longThinking } = clocks[c];
    return { used, left, ...(onHoliday && { onHoliday }), ...(longThinking && { longThinking }) };
  };
  return { red: one('red'), blue: one('blue'), limit };
}

const GROUP_WORD: Readonly<Record<MailLanguage, string>> = { ro: 'Grupa', en: 'Group', pl: 'Grupa' };

/** docs/mail-rules.md 18: one constant subject per game thread, `[CN 2027 · Grupa A] Popescu – Ionescu`. */
export function threadSubject(game: Pick<GameView, 'competition' | 'group' | 'red' | 'blue'>, language: MailLanguage): string {
  const group = game.group ? ` · ${GROUP_WORD[language]} ${game.group}` : '';
  return `[${game.competition}${group}] ${game.red} – ${game.blue}`;
}

/** Where to answer: the tokened Reply-To and a `mailto:` that keeps the thread's subject. */
export function replyView(address: string, game: GameView, language: MailLanguage): ReplyView {
  return { address, mailto: `mailto:${address}?subject=${encodeURIComponent(`Re: ${threadSubject(game, language)}`)}` };
}

/** The engine's refusal in the recipient's language (docs/rules.md §3: refused with a clear explanation). */
export function reasonView(error: EngineError, language: MailLanguage): ReasonView {
  return { code: error.code, message: inLanguage(error.message, language) };
}

export interface YourMoveInput {
  readonly game: GameView;
  readonly you: Color;
  readonly language: MailLanguage;
  /** The game's one line, or (docs/rules.md §6) both live lines while a dispute is open. */
  readonly replay: ReplayView | { readonly A: ReplayView; readonly B: ReplayView };
  /** The timeline's clocks on the day the mail is written (thinking-time timelineOn). */
  readonly clocks: PerPlayer<Pick<PlayerClock, 'used' | 'left' | 'onHoliday' | 'longThinking'>>;
  readonly deadlines: DeadlinesView;
  /** The tokened Reply-To (docs/mail-rules.md 1). */
  readonly replyAddress: string;
}

/** The "your move" mail (docs/mail-rules.md 19) from the replay, the clocks and the reply address. */
export function yourMoveModel(input: YourMoveInput): YourMoveModel {
  const { game, you, language } = input;
  const names = { red: game.red, blue: game.blue };
  // The move asked for. In two lines (docs/rules.md §6) the numbers differ: line A, where the
  // contested move stands, names the turn; each line's position shows its own last move.
  const main = 'state' in input.replay ? input.replay : input.replay.A;
  const moveNumber = main.state.movesPlayed + 1;
  return {
    game,
    you,
    tour: tourOf(moveNumber),
    moveNumber,
    ...('state' in input.replay
      ? { position: positionView(input.replay, you, names) }
      : {
          lines: [
            { label: 'A' as const, position: positionView(input.replay.A, you, names) },
            { label: 'B' as const, position: positionView(input.replay.B, you, names) },
          ],
        }),
    clocks: clocksView(input.clocks),
    deadlines: input.deadlines,
    reply: replyView(input.replyAddress, game, language),
  };
}
