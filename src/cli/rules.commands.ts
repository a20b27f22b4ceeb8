// CLI commands over the pure rules cores, so that an arbiter can check
// any game: replay a JSON game record or check a GCG file's scores, compute coefficients,
// print a record's game sheet or convert it to GCG. Results go to stdout as JSON (the sheet
// and GCG as text); exit status 0 done, 1 a rule refused a move, 2 unusable input.
import { computeCoefficients, toDecimal, type Outcome } from '../coefficients/core/coefficients';
import { TILE_SET_IDS, getTileSet, type Color, type Lexicon, type TileSet, type TileSetId } from '../engine';
import { wordListTrie } from '../engine/word-trie';
import { decodeGcg, parseGcg, type GcgEncoding, type GcgError } from '../engine/gcg';
import { gcgTileSetId, replayGcg, type GcgCheck } from '../engine/gcg-replay';
import type { SheetLanguage } from '../engine/sheet';
import { DECLARED_OUTCOMES, DEFAULT_TILE_SET, parseGameRecordJson, type GameRecord } from '../games/core/game-record';
import { recordGcg, recordSheet, replayRecord, type RecordReplay, type ReplayRefusal } from '../games/core/game-record-replay';
import { BadInputError, jsonLine, type Command, type CommandIo } from './command';
import { MAX_INPUT_BYTES, inputLines, readInputFile, readInputStream, requireUtf8 } from './input';
import { defineCommand } from './define-command';
import { choiceOption, integerOption, onePositional } from './options';

/** What one input gives: the JSON to print and the exit status. */
export interface Answer {
  readonly status: 0 | 1 | 2;
  readonly json: unknown;
}

export function badInput(message: string): Answer {
  return { status: 2, json: { error: { code: 'BAD_INPUT', message } } };
}

export function print(io: CommandIo, answer: Answer): number {
  io.out(jsonLine(answer.json));
  return answer.status;
}

function refused(error: ReplayRefusal): Answer {
  return { status: 1, json: { error } };
}

/** A GCG file's error: BAD_INPUT for a file that cannot be read, the engine's code for a play the board refuses. */
function gcgError(error: GcgError): Answer {
  const { code, line, message } = error;
  return {
    status: code === 'BAD_INPUT' ? 2 : 1,
    json: { error: { ...(line !== undefined && { line }), code, message: message.en, messages: message } },
  };
}

const COLORS_OPTION: readonly Color[] = ['red', 'blue'];
const SHEET_LANGUAGES: readonly SheetLanguage[] = ['en', 'ro', 'pl'];
/** A full word list of inflected forms runs to megabytes, far more than any game. */
export const MAX_WORD_LIST_BYTES = 64 * 1024 * 1024;

export function tileSetOption(value: string | undefined): TileSetId | undefined {
  return choiceOption('tile-set', value, TILE_SET_IDS);
}

/** The bytes of FILE, or all of stdin for `-`. */
export async function readInput(path: string, io: CommandIo): Promise<Buffer> {
  return path === '-' ? readInputStream(io.stdin) : readInputFile(path);
}

async function readRecordText(path: string, io: CommandIo): Promise<string> {
  return requireUtf8(await readInput(path, io), path === '-' ? 'the input' : path);
}

interface RecordOptions {
  readonly tileSet?: TileSetId;
  /** The word list for the record's tile set (docs/rules.md §1 folds words per tile set). */
  readonly lexicon?: (tileSet: TileSetId) => Lexicon;
}

type LoadedRecord =
  { readonly ok: true; readonly record: GameRecord; readonly replay: RecordReplay } | { readonly ok: false; readonly answer: Answer };

/** A JSON game record, parsed and replayed; or the answer that says why not. */
function loadRecord(text: string, options: RecordOptions): LoadedRecord {
  const parsed = parseGameRecordJson(text, { tileSet: options.tileSet });
  if (!parsed.ok) return { ok: false, answer: badInput(parsed.message) };
  const replay = replayRecord(parsed.record, { lexicon: options.lexicon?.(parsed.record.tileSet) });
  if (!replay.ok) return { ok: false, answer: refused(replay.error) };
  return { ok: true, record: parsed.record, replay };
}

function replayAnswer(text: string, options: RecordOptions): Answer {
  const loaded = loadRecord(text, options);
  return loaded.ok ? { status: 0, json: loaded.replay.report } : loaded.answer;
}

/**
 * One line of JSON Lines. A failure the cores did not foresee still gets its line (as
 * INTERNAL, also told on stderr): the caller pairs output lines with input lines.
 */
function lineAnswer(text: string, options: RecordOptions, io: CommandIo): Answer {
  try {
    return replayAnswer(text, options);
  } catch (error) {
    io.err(`corr-scrabble: replay: ${(error as Error).message}\n`);
    return { status: 1, json: { error: { code: 'INTERNAL', message: 'the replay failed unexpectedly' } } };
  }
}

/** `--lexicon FILE`: the word list, loaded once per tile set that asks for it. */
async function wordLists(path: string | undefined): Promise<RecordOptions['lexicon']> {
  if (path === undefined) return undefined;
  const text = requireUtf8(await readInputFile(path, MAX_WORD_LIST_BYTES), path);
  const loaded = new Map<TileSetId, Lexicon>();
  return (id) => {
    let lexicon = loaded.get(id);
    if (!lexicon) {
      lexicon = wordListTrie(text, getTileSet(id));
      loaded.set(id, lexicon);
    }
    return lexicon;
  };
}

/** A GCG file decoded, parsed and replayed on its tile set; or the answer that says why not. */
export type LoadedGcg =
  | { readonly ok: true; readonly check: GcgCheck; readonly encoding: GcgEncoding; readonly tileSet: TileSet }
  | { readonly ok: false; readonly answer: Answer };

/**
 * `--format gcg`: decodes, parses and replays a GCG file, checking every
 * play's score against the file's (racks are not checked: GCG racks may be partial). The
 * tile set is `--tile-set`, else the file's `#tile-set`, else Romanian (docs/rules.md §1).
 */
export function loadGcg(bytes: Uint8Array, option: TileSetId | undefined): LoadedGcg {
  const decoded = decodeGcg(bytes);
  if (!decoded.ok) return { ok: false, answer: gcgError(decoded) };
  const parsed = parseGcg(decoded.text);
  if (!parsed.ok) return { ok: false, answer: gcgError(parsed) };
  const named = gcgTileSetId(parsed.game.header);
  if (named && option && named !== option) {
    return { ok: false, answer: badInput(`the file's tile set is "${named}", not "${option}" as asked`) };
  }
  const tileSet = getTileSet(option ?? named ?? DEFAULT_TILE_SET);
  const check = replayGcg(parsed.game, tileSet);
  if (!check.ok) return { ok: false, answer: gcgError(check) };
  return { ok: true, check, encoding: decoded.encoding, tileSet };
}

function gcgAnswer(bytes: Uint8Array, option: TileSetId | undefined): Answer {
  const loaded = loadGcg(bytes, option);
  if (!loaded.ok) return loaded.answer;
  const { check, encoding, tileSet } = loaded;
  return {
    status: 0,
    json: {
      tileSet: tileSet.id,
      encoding,
      players: check.game.header.players,
      placements: check.placements,
      mismatches: check.mismatches,
    },
  };
}

export const replayCommand = defineCommand({
  name: 'replay',
  usage: 'replay [--format json|gcg] [--tile-set ro|en|pl] [--lexicon WORDLIST] FILE|-',
  summary: 'replay a JSON game record (JSON Lines on stdin with -), or check the scores of a GCG file',
  options: { format: 'value', 'tile-set': 'value', lexicon: 'value' },
  async run({ options, positionals }, io) {
    const path = onePositional(positionals, 'FILE (or - for stdin)');
    const format = choiceOption('format', options.format, ['json', 'gcg']) ?? 'json';
    const tileSet = tileSetOption(options['tile-set']);

    if (format === 'gcg') {
      if (options.lexicon !== undefined) throw new BadInputError('--lexicon applies to JSON game records only');
      // A GCG file spans many lines, so `-` is one file on stdin here, not JSON Lines.
      return print(io, gcgAnswer(await readInput(path, io), tileSet));
    }

    const recordOptions: RecordOptions = { tileSet, lexicon: await wordLists(options.lexicon) };
    if (path === '-') {
      // One output line per non-blank input line, whatever it holds; exit status 0.
      for await (const line of inputLines(io.stdin, MAX_INPUT_BYTES)) {
        const answer = 'problem' in line ? badInput(line.problem) : lineAnswer(line.text, recordOptions, io);
        io.out(jsonLine(answer.json));
      }
      return 0;
    }
    return print(io, replayAnswer(await readRecordText(path, io), recordOptions));
  },
});

export const coefficientsCommand = defineCommand({
  name: 'coefficients',
  usage: 'coefficients --red N --blue N [--outcome TYPE] [--by red|blue] [--full-tours N]',
  summary: 'the result coefficients of a game (docs/rules.md §7)',
  options: { red: 'value', blue: 'value', outcome: 'value', by: 'value', 'full-tours': 'value' },
  async run({ options, positionals }, io) {
    if (positionals.length > 0) throw new BadInputError(`unexpected argument "${positionals[0]}"`);
    const score = (name: 'red' | 'blue') => {
      const value = options[name];
      if (value === undefined) throw new BadInputError(`--${name} is required (the ${name} player's score)`);
      return integerOption(name, value);
    };
    const scores = { red: score('red'), blue: score('blue') };
    const type = choiceOption('outcome', options.outcome, ['finished', ...DECLARED_OUTCOMES]) ?? 'finished';
    const by = (): Color => {
      if (options.by === undefined) throw new BadInputError(`--by red|blue is required for --outcome ${type}`);
      return choiceOption('by', options.by, COLORS_OPTION);
    };
    const fullTours = (): number => {
      const value = options['full-tours'];
      if (value === undefined) throw new BadInputError(`--full-tours N is required for --outcome ${type}`);
      return integerOption('full-tours', value, 0);
    };
    // docs/rules.md §7: who abandoned, ran out of time or never showed up; the full tours played bound an abandonment's coefficient.
    let outcome: Outcome;
    switch (type) {
      case 'abandon':
      case 'timeout':
        outcome = { type, by: by(), fullTours: fullTours() };
        break;
      case 'no-show':
        outcome = { type, by: by() };
        break;
      default:
        outcome = { type };
    }
    if (options.by !== undefined && !('by' in outcome)) {
      throw new BadInputError(`--by applies to --outcome abandon, timeout and no-show, not ${type}`);
    }
    if (options['full-tours'] !== undefined && !('fullTours' in outcome)) {
      throw new BadInputError(`--full-tours applies to --outcome abandon and timeout, not ${type}`);
    }
    const coefficients = computeCoefficients(scores, outcome);
    io.out(jsonLine({ red: toDecimal(coefficients.red), blue: toDecimal(coefficients.blue) }));
  },
});

/** The record of `sheet` and `gcg` (FILE, or stdin for `-`), replayed; or the answer that says why not. */
async function loadRecordFile(args: readonly string[], io: CommandIo, tileSet: string | undefined): Promise<LoadedRecord> {
  const path = onePositional(args, 'FILE (or - for stdin)');
  return loadRecord(await readRecordText(path, io), { tileSet: tileSetOption(tileSet) });
}

export const sheetCommand = defineCommand({
  name: 'sheet',
  usage: 'sheet [--tile-set ro|en|pl] [--language en|ro|pl] FILE|-',
  summary: 'the text game sheet of a JSON game record (docs/rules.md §8)',
  options: { 'tile-set': 'value', language: 'value' },
  async run({ options, positionals }, io) {
    const language = choiceOption('language', options.language, SHEET_LANGUAGES) ?? 'en';
    const loaded = await loadRecordFile(positionals, io, options['tile-set']);
    if (!loaded.ok) return print(io, loaded.answer);
    io.out(recordSheet(loaded.record, loaded.replay, language));
  },
});

export const gcgCommand = defineCommand({
  name: 'gcg',
  usage: 'gcg [--tile-set ro|en|pl] FILE|-',
  summary: 'a JSON game record as GCG, with #tile-set and #lexicon',
  options: { 'tile-set': 'value' },
  async run({ options, positionals }, io) {
    const loaded = await loadRecordFile(positionals, io, options['tile-set']);
    if (!loaded.ok) return print(io, loaded.answer);
    io.out(recordGcg(loaded.record, loaded.replay));
  },
});

export const rulesCommands: readonly Command[] = [replayCommand, coefficientsCommand, sheetCommand, gcgCommand];
