// A parsed game record (game-record.ts) replayed through the three pure cores — the engine,
// thinking days and coefficients — and written as a sheet or GCG. No Nest, no clock, no I/O.
import { computeCoefficients, fullTours, toDecimal, type Outcome } from '../../coefficients/core/coefficients';
import { thinkingDaysForMove } from '../../thinking-time/core';
import { type LocalDate } from '../../common/calendar';
import {
  COLORS,
  replayGame,
  type Bilingual,
  type Color,
  type EndReason,
  type EngineErrorCode,
  type GameState,
  type Lexicon,
  type MoveRecord,
  type TileSetId,
} from '../../engine';
import { toGcg } from '../../engine/gcg-export';
import { renderSheet, sheetModelFromReplay, type SheetLanguage, type SheetPlayer } from '../../engine/sheet';
import { RecordOutcome, GameRecord, DeclaredOutcomeType, arrivals } from './game-record';

// ---------------------------------------------------------------------------------------
// The replay

/** One move of the replay's JSON: the engine's record without the board detail, and its timing. */
export type ReportMove = Pick<
  MoveRecord,
  | 'n'
  | 'tour'
  | 'player'
  | 'type'
  | 'notation'
  | 'coord'
  | 'word'
  | 'words'
  | 'tilesUsed'
  | 'score'
  | 'recorded'
  | 'total'
  | 'rackBefore'
  | 'rackAfter'
> & {
  /** Only when a lexicon was given: the move's words missing from it (never a refusal, docs/rules.md §3). */
  readonly unknownWords?: readonly string[];
  readonly arrived?: LocalDate;
  /** The day the move was sent, as the record gives it. */
  readonly date?: LocalDate;
  /** Null when the arrival or the sending date is not in the record. */
  readonly thinkingDays: number | null;
};

/** The replay's JSON. */
export interface ReplayReport {
  readonly tileSet: TileSetId;
  readonly moves: readonly ReportMove[];
  /** Sums of recorded scores, before the end-of-game rack adjustment. */
  readonly totals: Readonly<Record<Color, number>>;
  readonly endAdjustment: Readonly<Record<Color, number>>;
  readonly scores: Readonly<Record<Color, number>>;
  readonly ended: boolean;
  readonly endReason?: EndReason | DeclaredOutcomeType | 'walkover';
  /** The player an abandonment, time forfeit or no-show is about. */
  readonly by?: Color;
  /** Per player; null when one of their moves' days is unknown. */
  readonly thinkingDays: Readonly<Record<Color, number | null>>;
  readonly coefficients?: Readonly<Record<Color, number>>;
  readonly racks: Readonly<Record<Color, string>>;
  /** Tiles of the sequence nobody has taken yet. */
  readonly tilesLeft: number;
  /** Whose move it is, while the game goes on. */
  readonly toMove?: Color;
}

/** A move's dates and thinking days (docs/rules.md §5). */
export interface MoveTiming {
  readonly arrived?: LocalDate;
  readonly sent?: LocalDate;
  readonly thinkingDays: number | null;
}

export interface RecordReplay {
  readonly ok: true;
  readonly report: ReplayReport;
  /** The engine's replay and each move's timing, for the sheet and the GCG export. */
  readonly state: GameState;
  readonly records: readonly MoveRecord[];
  readonly timing: readonly MoveTiming[];
}

/** A refusal: the engine's (with the move's number) or GAME_OVER for an outcome after the end. */
export interface ReplayRefusal {
  readonly move?: number;
  readonly code: EngineErrorCode;
  /** English, as the CLI speaks; both languages in `messages`. */
  readonly message: string;
  readonly messages: Bilingual;
}

export interface ReplayOptions {
  /** When given, each move reports its words missing from it. */
  readonly lexicon?: Lexicon;
}

/** Replays a usable record: scores, thinking days, the end and, once ended, the coefficients. */
export function replayRecord(
  record: GameRecord,
  options: ReplayOptions = {},
): RecordReplay | { readonly ok: false; readonly error: ReplayRefusal } {
  const replay = replayGame(
    { tileSet: record.tileSet, sequence: record.sequence, rules: record.rules, lexicon: options.lexicon },
    record.moves.map((m) => m.move),
  );
  if (!replay.ok) return refusal(replay.code, replay.message, replay.n);
  const { state, records } = replay;
  if (record.outcome && state.over) {
    return refusal('GAME_OVER', {
      ro: `Partida s-a încheiat deja la mutarea ${records.length}; nu i se mai poate declara un alt final („${record.outcome.type}”).`,
      en: `The game already ended at move ${records.length}; no other ending ("${record.outcome.type}") can be declared.`,
      pl: `Partia zakończyła się już na ruchu ${records.length}; nie można ogłosić innego zakończenia („${record.outcome.type}”).`,
    });
  }

  const timing = moveTiming(record, records);
  const thinkingDays = {
    red: playerDays(records, timing, 'red'),
    blue: playerDays(records, timing, 'blue'),
  };
  const ended = state.over || record.outcome !== undefined;
  const by = record.outcome && 'by' in record.outcome ? record.outcome.by : undefined;
  // docs/rules.md §7: the scores at an abandonment are the running totals; with no end by the
  // moves the adjustment is zero, so `scores` are those totals.
  const coefficients = ended ? computeCoefficients(state.scores, coefficientOutcome(record.outcome, records.length)) : undefined;
  const report: ReplayReport = {
    tileSet: record.tileSet,
    moves: records.map((r, i) => reportMove(r, timing[i], options.lexicon !== undefined)),
    totals: state.totals,
    endAdjustment: state.endAdjustment,
    scores: state.scores,
    ended,
    ...(ended && { endReason: state.endReason ?? record.outcome?.type }),
    ...(by && { by }),
    thinkingDays,
    ...(coefficients && { coefficients: { red: toDecimal(coefficients.red), blue: toDecimal(coefficients.blue) } }),
    racks: { red: rackText(state, 'red'), blue: rackText(state, 'blue') },
    tilesLeft: state.sequence.length - state.next,
    ...(!ended && { toMove: state.toMove }),
  };
  return { ok: true, report, state, records, timing };
}

/** The coefficients core's outcome: an abandonment or time forfeit counts the full tours played (docs/rules.md §7). */
export function coefficientOutcome(outcome: RecordOutcome | undefined, movesPlayed: number): Outcome {
  if (!outcome) return { type: 'finished' };
  switch (outcome.type) {
    case 'abandon':
    case 'timeout':
      return { ...outcome, fullTours: fullTours(movesPlayed) };
    default:
      return outcome;
  }
}

function refusal(code: EngineErrorCode, messages: Bilingual, move?: number): { ok: false; error: ReplayRefusal } {
  return { ok: false, error: { ...(move !== undefined && { move }), code, message: messages.en, messages } };
}

/** docs/rules.md §5: the days strictly between arrival and sending, less the mover's holidays. */
function moveTiming(record: GameRecord, records: readonly MoveRecord[]): MoveTiming[] {
  const arrived = arrivals(record);
  return records.map((r, i) => {
    const sent = record.moves[i].date;
    const from = arrived[i];
    return {
      ...(from && { arrived: from }),
      ...(sent && { sent }),
      thinkingDays: from && sent ? thinkingDaysForMove(from, sent, record.holidays[r.player]) : null,
    };
  });
}

/** A player's thinking days over the game; null if any of their moves is undated, since a partial sum would understate it. */
function playerDays(records: readonly MoveRecord[], timing: readonly MoveTiming[], color: Color): number | null {
  let sum = 0;
  for (const [i, r] of records.entries()) {
    if (r.player !== color) continue;
    const days = timing[i].thinkingDays;
    if (days === null) return null;
    sum += days;
  }
  return sum;
}

function reportMove(r: MoveRecord, timing: MoveTiming, withLexicon: boolean): ReportMove {
  return {
    n: r.n,
    tour: r.tour,
    player: r.player,
    type: r.type,
    notation: r.notation,
    ...(r.coord !== undefined && { coord: r.coord, word: r.word }),
    words: r.words,
    tilesUsed: r.tilesUsed,
    score: r.score,
    recorded: r.recorded,
    total: r.total,
    rackBefore: r.rackBefore,
    rackAfter: r.rackAfter,
    ...(withLexicon && { unknownWords: r.unknownWords }),
    ...(timing.arrived && { arrived: timing.arrived }),
    ...(timing.sent && { date: timing.sent }),
    thinkingDays: timing.thinkingDays,
  };
}

function rackText(state: GameState, color: Color): string {
  return state.racks[color].map((t) => t.letter).join('');
}

// ---------------------------------------------------------------------------------------
// The record as a game sheet and as GCG

/** GCG needs a `#lexicon`; a record that does not name its word list says so. */
export const UNNAMED_LEXICON = 'unspecified';

/** The text game sheet (docs/rules.md §8) of a replayed record. */
export function recordSheet(record: GameRecord, replay: RecordReplay, language: SheetLanguage): string {
  const player = (color: Color): SheetPlayer => record.players?.[color] ?? { name: '' };
  const { thinkingDays, coefficients } = replay.report;
  const holidays = mapColors((c) => record.holidays[c].map(({ from, to }) => [from, to] as const));
  return renderSheet(
    sheetModelFromReplay(replay, {
      language,
      competition: record.competition ?? '',
      group: record.group,
      red: player('red'),
      blue: player('blue'),
      arbiter: record.arbiter ?? '',
      startDate: record.start ?? '',
      closingDate: record.closing ?? '',
      ...(COLORS.some((c) => holidays[c].length > 0) && { holidays }),
      timing: replay.timing.map((t) => ({ arrived: t.arrived, sent: t.sent, thinkingDays: t.thinkingDays ?? undefined })),
      outcome: record.outcome,
      ...(thinkingDays.red !== null && thinkingDays.blue !== null && { thinkingDays: { red: thinkingDays.red, blue: thinkingDays.blue } }),
      coefficients,
    }),
  );
}

/**
 * A replayed record as GCG, with `#tile-set` and `#lexicon`. GCG has no word for a declared
 * ending (docs/rules.md §7), so a game abandoned or agreed ends like one in progress.
 */
export function recordGcg(record: GameRecord, replay: RecordReplay): string {
  // A GCG nick cannot be empty: a player without a name is their colour, as toGcg does.
  const players = mapColors((c) => ({ name: record.players?.[c]?.name || c.toUpperCase() }));
  return toGcg({ ...replay, lexicon: record.lexicon ?? UNNAMED_LEXICON, players, title: record.competition });
}

function mapColors<T>(f: (color: Color) => T): Record<Color, T> {
  return { red: f('red'), blue: f('blue') };
}
