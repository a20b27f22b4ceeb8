// The JSON game record: one line of play as an arbiter types it — tile set,
// dealt sequence, rules, dates, holidays, moves and how the game ended. Parsed with zod into a
// usable record (anything unusable is BAD_INPUT naming its field), then replayed through the
// three pure cores: the engine, thinking days and coefficients. No Nest, no clock, no I/O.
import { z } from 'zod';
import { diffDays, isLocalDate, type DateRange, type LocalDate } from '../../common/calendar';
import { COLORS, DEFAULT_RULES, TILE_SET_IDS, getTileSet, parseSequence, type Color, type GameRules, type TileSetId } from '../../engine';

// ---------------------------------------------------------------------------------------
// The record

/** docs/rules.md §1: the Romanian set, unless a record or the caller names another. */
export const DEFAULT_TILE_SET: TileSetId = 'ro';

/** docs/rules.md §7 endings a record declares; a normal end (going out, zero-score turns) comes from the moves. */
export const DECLARED_OUTCOMES = [
  'abandon',
  'timeout',
  'no-show',
  'interrupted',
  'draw-agreement',
  'unfinished',
  'no-information',
] as const;

export type DeclaredOutcomeType = (typeof DECLARED_OUTCOMES)[number];

/** The endings about one player — who abandoned, ran out of time or never played (docs/rules.md §7) — name them with `by`. */
const OUTCOMES_BY_PLAYER: readonly DeclaredOutcomeType[] = ['abandon', 'timeout', 'no-show'];

export type RecordOutcome =
  | { readonly type: 'abandon' | 'timeout'; readonly by: Color }
  | { readonly type: 'no-show'; readonly by: Color }
  | { readonly type: Exclude<DeclaredOutcomeType, 'abandon' | 'timeout' | 'no-show'> }
  /** docs/rules.md §13: the arbiter's walkover under PFS rules, `by` the excluded player (a ruling, never declared in a record). */
  | { readonly type: 'walkover'; readonly by: Color };

export interface RecordMove {
  /** FRSc notation (docs/rules.md §3): `h8 CASA`, `8h CASA`, `PAS`. */
  readonly move: string;
  /** The day the move was sent (docs/rules.md §5). */
  readonly date?: LocalDate;
  /** The day the partner's move arrived, when it is not the previous move's date (or the start). */
  readonly arrived?: LocalDate;
}

export interface RecordPlayer {
  readonly name: string;
  readonly previousCoefficient?: number;
  readonly previousRank?: number;
}

/** A usable game record, defaults applied. */
export interface GameRecord {
  readonly tileSet: TileSetId;
  readonly sequence: string;
  readonly rules: GameRules;
  /**
   * The day the game sheet reached the players: RED's first move "arrived" then (docs/rules.md §5).
   * Without it (and without that move's own `arrived`) RED's first thinking days are unknown:
   * null, never guessed from the move's date, since an undercount could hide a time forfeit.
   */
  readonly start?: LocalDate;
  readonly closing?: LocalDate;
  /** docs/rules.md §5: holiday days are not thinking days; both ends included. */
  readonly holidays: Readonly<Record<Color, readonly DateRange[]>>;
  /** RED first, alternating (docs/rules.md §2). */
  readonly moves: readonly RecordMove[];
  readonly outcome?: RecordOutcome;
  // What the sheet and the GCG export print; the replay itself does not use them.
  /** The word list's name, for GCG's `#lexicon`. */
  readonly lexicon?: string;
  readonly competition?: string;
  readonly group?: string;
  readonly arbiter?: string;
  readonly players?: Readonly<Partial<Record<Color, RecordPlayer>>>;
}

// Generous bounds on what a person types, so that a hostile record cannot make the replay
// echo megabytes back in an error message: real moves are under 40 characters, a sequence
// is 100 tiles plus the spaces a sheet groups them with.
const MAX_MOVE_LENGTH = 200;
const MAX_SEQUENCE_LENGTH = 2000;
const MAX_TEXT_LENGTH = 500;

const daySchema = z
  .string()
  .refine(isLocalDate, { error: 'expected a calendar date YYYY-MM-DD' })
  .transform((day) => day as LocalDate);
const textSchema = z.string().max(MAX_TEXT_LENGTH);
const colorSchema = z.enum(['red', 'blue']);
const holidayListSchema = z.array(z.tuple([daySchema, daySchema]));
const playerSchema = z.strictObject({
  name: textSchema,
  previousCoefficient: z.number().min(0).max(2).optional(),
  previousRank: z.int().min(1).optional(),
});

const recordSchema = z.strictObject({
  tileSet: z.enum(TILE_SET_IDS as [TileSetId, ...TileSetId[]]).optional(),
  sequence: z.string().max(MAX_SEQUENCE_LENGTH),
  rules: z
    .strictObject({
      handicap: z.boolean().optional(),
      zeroTurnsToEnd: z.int().min(1).optional(),
      endRackRule: z.enum(['transfer', 'double']).optional(),
    })
    .optional(),
  start: daySchema.optional(),
  closing: daySchema.optional(),
  holidays: z.strictObject({ red: holidayListSchema.optional(), blue: holidayListSchema.optional() }).optional(),
  moves: z.array(z.strictObject({ move: z.string().max(MAX_MOVE_LENGTH), date: daySchema.optional(), arrived: daySchema.optional() })),
  outcome: z.strictObject({ type: z.enum(DECLARED_OUTCOMES), by: colorSchema.optional() }).optional(),
  lexicon: textSchema.optional(),
  competition: textSchema.optional(),
  group: textSchema.optional(),
  arbiter: textSchema.optional(),
  players: z.strictObject({ red: playerSchema.optional(), blue: playerSchema.optional() }).optional(),
});

type RecordShape = z.infer<typeof recordSchema>;

export type RecordParse =
  { readonly ok: true; readonly record: GameRecord } | { readonly ok: false; readonly code: 'BAD_INPUT'; readonly message: string };

export interface ParseOptions {
  /** The tile set the caller expects (the CLI's `--tile-set`): the record's default, and a record naming another is refused. */
  readonly tileSet?: TileSetId;
}

/** A game record from JSON text. Anything unusable is BAD_INPUT with a message naming the field. */
export function parseGameRecordJson(text: string, options: ParseOptions = {}): RecordParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return badInput(`not JSON: ${(error as Error).message}`);
  }
  return parseGameRecord(value, options);
}

/** A game record from a parsed JSON value. */
export function parseGameRecord(value: unknown, options: ParseOptions = {}): RecordParse {
  const parsed = recordSchema.safeParse(value, { reportInput: true });
  if (!parsed.success) return badInput(describeIssue(parsed.error.issues[0]));
  const problem = inconsistency(parsed.data, options);
  if (problem) return badInput(`${fieldName(problem.path)}: ${problem.message}`);
  const shape = parsed.data;
  const record: GameRecord = {
    ...shape,
    tileSet: tileSetOf(shape, options),
    rules: { ...DEFAULT_RULES, ...shape.rules },
    holidays: {
      red: (shape.holidays?.red ?? []).map(([from, to]) => ({ from, to })),
      blue: (shape.holidays?.blue ?? []).map(([from, to]) => ({ from, to })),
    },
    outcome: shape.outcome as RecordOutcome | undefined,
  };
  return { ok: true, record };
}

function tileSetOf(shape: RecordShape, options: ParseOptions): TileSetId {
  return shape.tileSet ?? options.tileSet ?? DEFAULT_TILE_SET;
}

function badInput(message: string): RecordParse {
  return { ok: false, code: 'BAD_INPUT', message };
}

interface Problem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What the shape alone cannot say: the sequence against the tile set, dates in order, `by` where it belongs. */
function inconsistency(shape: RecordShape, options: ParseOptions): Problem | undefined {
  if (shape.tileSet && options.tileSet && shape.tileSet !== options.tileSet) {
    return { path: ['tileSet'], message: `the record's tile set is "${shape.tileSet}", not "${options.tileSet}" as asked` };
  }
  const tileSet = getTileSet(tileSetOf(shape, options));
  const sequence = parseSequence(tileSet, shape.sequence);
  if (!sequence.ok) return { path: ['sequence'], message: sequence.message.en };

  for (const color of COLORS) {
    const ranges = shape.holidays?.[color] ?? [];
    const reversed = ranges.findIndex(([from, to]) => diffDays(from, to) < 0);
    if (reversed >= 0) {
      const [from, to] = ranges[reversed];
      return { path: ['holidays', color, reversed], message: `ends (${to}) before it begins (${from})` };
    }
  }

  const arrived = arrivals(shape);
  for (const [i, move] of shape.moves.entries()) {
    const from = arrived[i];
    if (from && move.date && diffDays(from, move.date) < 0) {
      const source = move.arrived ? 'its "arrived"' : i === 0 ? 'the start' : "the previous move's date";
      return { path: ['moves', i, 'date'], message: `${move.date} is before the move arrived (${from}, ${source})` };
    }
  }

  const outcome = shape.outcome;
  if (outcome) {
    const needsBy = OUTCOMES_BY_PLAYER.includes(outcome.type);
    if (needsBy && !outcome.by) {
      return { path: ['outcome', 'by'], message: `"${outcome.type}" needs the player it is about: "red" or "blue"` };
    }
    if (!needsBy && outcome.by) {
      return { path: ['outcome', 'by'], message: `only ${OUTCOMES_BY_PLAYER.join(', ')} name a player, not "${outcome.type}"` };
    }
    // docs/rules.md §7: a no-show never starts the game or never answers the partner's first move.
    const ownFirstMove = outcome.by === 'blue' ? 2 : 1;
    if (outcome.type === 'no-show' && shape.moves.length >= ownFirstMove) {
      return { path: ['outcome'], message: `a no-show by ${outcome.by} cannot follow their own move ${ownFirstMove}` };
    }
  }
  return undefined;
}

/** Each move's arrival (docs/rules.md §5): its own `arrived`, else the previous move's date, RED's first the start. */
export function arrivals(record: { readonly start?: LocalDate; readonly moves: readonly RecordMove[] }): (LocalDate | undefined)[] {
  return record.moves.map((move, i) => move.arrived ?? (i === 0 ? record.start : record.moves[i - 1].date));
}

/** `moves[3].date (move 4)`: the JSON path, and the move's number as players count. */
export function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the record';
  const name = path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join('');
  return path[0] === 'moves' && typeof path[1] === 'number' ? `${name} (move ${path[1] + 1})` : name;
}

/** One zod issue as a sentence naming the field. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => `${fieldName([...issue.path, key])}: unknown field`).join('; ');
    case 'invalid_type':
      return issue.input === undefined ? `${field}: missing` : `${field}: expected ${issue.expected}, got ${describeValue(issue.input)}`;
    case 'invalid_value':
      return `${field}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(issue.input)}`;
    case 'too_big':
      return `${field}: ${issue.origin === 'string' ? `longer than ${issue.maximum} characters` : `more than ${issue.maximum}`}`;
    case 'too_small':
      return `${field}: ${issue.origin === 'array' ? `needs at least ${issue.minimum} items` : `less than ${issue.minimum}`}`;
    case 'custom':
      return `${field}: ${issue.message}, got ${describeValue(issue.input)}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

/** A value as an error message shows it: primitives in JSON (clipped), containers by kind only. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  // Containers are never stringified: a deeply nested one would overflow the stack.
  const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? JSON.stringify(value) : typeof value;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
