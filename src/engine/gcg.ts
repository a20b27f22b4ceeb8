// GCG (the game record format of Quackle, Macondo and Woogles): decoding, parsing, score
// checking and export. Reference: the GCG specification (poslfit.com/scrabble/gcg) and the
// files in test/fixtures/gcg, which this module replays in full.

import { otherColor } from '../common/color';
import { BOARD_SIZE, emptyBoard, parseCoord, stepOf, withTiles, type Board } from './board';
import { formatGcgPlay, parseGcgPlay } from './notation';
import { rackLetters } from './rack';
import type { GameState, MoveRecord } from './replay';
import { isLowerCase, isTileSetId, upperLetter } from './tile-sets';
import type { Color, EngineError, EngineErrorCode, TileSet, TileSetId } from './types';
import { resolvePlacement, type ResolvedPlacement, type ResolveOptions } from './validate';

// ---------------------------------------------------------------------------------------
// Errors

export type GcgErrorCode = 'BAD_INPUT' | EngineErrorCode;

/** A file this module cannot use. `line` (1-based) names the offending line when there is one. */
export interface GcgError {
  readonly ok: false;
  readonly code: GcgErrorCode;
  readonly line?: number;
  readonly message: { readonly ro: string; readonly en: string };
}

export type GcgResult<T> = ({ readonly ok: true } & T) | GcgError;

function badInput(line: number | undefined, ro: string, en: string): GcgError {
  return line === undefined
    ? { ok: false, code: 'BAD_INPUT', message: { ro, en } }
    : { ok: false, code: 'BAD_INPUT', line, message: { ro: `linia ${line}: ${ro}`, en: `line ${line}: ${en}` } };
}

/** An engine refusal of the play on `line`, its message prefixed with the line. */
function atLine(error: EngineError, line: number): GcgError {
  return {
    ok: false,
    code: error.code,
    line,
    message: { ro: `linia ${line}: ${error.message.ro}`, en: `line ${line}: ${error.message.en}` },
  };
}

// ---------------------------------------------------------------------------------------
// Decoding

export type GcgEncoding = 'ISO-8859-1' | 'UTF-8';

const ENCODING_PRAGMA = /^#character-encoding\b(.*)$/i;

/**
 * Bytes to text. GCG files are ISO-8859-1 unless their first line is
 * `#character-encoding UTF-8`; any other declared encoding is refused rather than guessed.
 */
export function decodeGcg(bytes: Uint8Array): GcgResult<{ text: string; encoding: GcgEncoding }> {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  const newline = body.indexOf(0x0a);
  const firstLine = latin1(body.subarray(0, newline < 0 ? body.length : newline)).trim();
  const declared = ENCODING_PRAGMA.exec(firstLine)?.[1].trim();

  let encoding: GcgEncoding = hasBom ? 'UTF-8' : 'ISO-8859-1';
  if (declared !== undefined) {
    const named = encodingNamed(declared);
    if (named === undefined || (hasBom && named !== 'UTF-8')) {
      return badInput(
        1,
        `codificarea „${declared}” nu este acceptată; un fișier GCG este ISO-8859-1 sau UTF-8`,
        `character encoding "${declared}" is not supported; a GCG file is ISO-8859-1 or UTF-8`,
      );
    }
    encoding = named;
  }
  if (encoding === 'ISO-8859-1') return { ok: true, text: latin1(body), encoding };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding };
  } catch {
    return badInput(
      undefined,
      'fișierul se declară UTF-8, dar conține octeți care nu sunt UTF-8',
      'the file declares UTF-8 but holds bytes that are not UTF-8',
    );
  }
}

function encodingNamed(name: string): GcgEncoding | undefined {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (key === 'utf8') return 'UTF-8';
  if (key === 'iso88591' || key === 'latin1') return 'ISO-8859-1';
  return undefined;
}

/** True ISO-8859-1 (byte n is U+00nn). WHATWG's TextDecoder('iso-8859-1') is windows-1252. */
function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x2000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Parsing

export interface GcgPlayer {
  readonly nick: string;
  readonly name: string;
}

export interface GcgHeader {
  /** The declared `#character-encoding`, verbatim, if any. */
  readonly encoding?: string;
  readonly players: readonly [GcgPlayer, GcgPlayer];
  readonly title?: string;
  readonly description?: string;
  readonly id?: { readonly authority: string; readonly id: string };
  readonly lexicon?: string;
  readonly tileSet?: string;
  readonly tileDistribution?: string;
  /** Notes written before the first event, one per `#note` line (continuation lines included). */
  readonly notes: readonly string[];
  /** `#rack1` / `#rack2`: the players' last known racks, in an unfinished game. */
  readonly racks: readonly [string | undefined, string | undefined];
  /** Every other pragma, kept verbatim (the spec says readers ignore what they do not know). */
  readonly pragmas: readonly { readonly name: string; readonly value: string; readonly line: number }[];
}

interface GcgEventBase {
  /** 1-based line in the file. */
  readonly line: number;
  /** Index into `header.players`. */
  readonly player: 0 | 1;
  /** The rack as written: GCG racks may be partial or empty. */
  readonly rack: string;
  /** The signed change to the player's total, as written: +28, -115, -10. */
  readonly score: number;
  /** The player's running total after the event, as written. */
  readonly total: number;
  /** The `#note` lines after the event (and their continuation lines), joined by newlines. */
  note?: string;
}

export type GcgEvent =
  /** `>Nick: RACK 8H WORD +score total`: 8H across from row 8 col H, H8 down; `.` = tile on board. */
  | (GcgEventBase & { readonly type: 'place'; readonly coord: string; readonly word: string })
  | (GcgEventBase & { readonly type: 'pass' })
  /** `-TILES`, or `-N` when only the number of tiles exchanged is known. */
  | (GcgEventBase & { readonly type: 'exchange'; readonly exchanged: string | number })
  /** `--`: the previous play (a phony) is taken back, its score (`score`, negative) lost. */
  | (GcgEventBase & { readonly type: 'withdrawn' })
  | (GcgEventBase & { readonly type: 'challenge-bonus' })
  /** `(TILES) +N`: the finisher's points for the opponent's remaining tiles. */
  | (GcgEventBase & { readonly type: 'end-rack-points'; readonly tiles: string })
  /** `RACK (TILES) -N`: the player loses the value of their own remaining tiles. */
  | (GcgEventBase & { readonly type: 'end-rack-penalty'; readonly tiles: string })
  | (GcgEventBase & { readonly type: 'time-penalty' });

export type GcgEventType = GcgEvent['type'];

export interface GcgGame {
  readonly header: GcgHeader;
  readonly events: readonly GcgEvent[];
}

// A nick is \S+ up to the last colon that is followed by blanks, as in Macondo.
const EVENT = /^>(\S+):(?:\s+(.*))?$/;
const PRAGMA = /^#([A-Za-z0-9_-]+)(?:\s+(.*))?$/;
const COORD = /^(?:\d+[A-Za-z]|[A-Za-z]\d+)$/;
const WORD = /^[\p{L}\p{M}.]+$/u;
const RACK = /^[\p{L}\p{M}?]*$/u;
const SIGNED = /^[+-]\d+$/;
const TOTAL = /^[+-]?\d+$/;

/** Pragmas that describe the game and so must come before its first event. */
const HEADER_PRAGMAS = new Set([
  'player1',
  'player2',
  'title',
  'description',
  'id',
  'lexicon',
  'tile-set',
  'tile-distribution',
  'character-encoding',
]);

type HeaderField = 'encoding' | 'title' | 'description' | 'id' | 'lexicon' | 'tileSet' | 'tileDistribution';
type HeaderFields = { -readonly [K in HeaderField]?: GcgHeader[K] };

/** Parses decoded GCG text. Any line it cannot read is a BAD_INPUT error naming that line. */
export function parseGcg(text: string): GcgResult<{ game: GcgGame }> {
  const lines = text
    .normalize('NFC')
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/);
  const header: HeaderFields = {};
  const players: [GcgPlayer | undefined, GcgPlayer | undefined] = [undefined, undefined];
  const racks: [string | undefined, string | undefined] = [undefined, undefined];
  const notes: string[] = [];
  const pragmas: GcgHeader['pragmas'][number][] = [];
  const events: GcgEvent[] = [];
  // A line that is neither pragma nor event continues the note above it (Macondo does the same).
  let inNote = false;

  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i].trim();
    if (line === '') continue;

    if (line.startsWith('>')) {
      inNote = false;
      const parsed = parseEvent(line, n, players, events[events.length - 1]);
      if (!parsed.ok) return parsed;
      events.push(parsed.event);
      continue;
    }

    const pragma = PRAGMA.exec(line);
    if (!pragma) {
      if (inNote) {
        appendNote(notes, events, line, true);
        continue;
      }
      return badInput(n, `rând necunoscut: „${clip(line)}”`, `unrecognised line: "${clip(line)}"`);
    }

    const name = pragma[1].toLowerCase();
    const value = (pragma[2] ?? '').trim();
    inNote = name === 'note';
    if (events.length > 0 && HEADER_PRAGMAS.has(name)) {
      return badInput(n, `#${name} trebuie să preceadă prima mutare`, `#${name} must come before the first move`);
    }
    switch (name) {
      case 'character-encoding':
        // decodeGcg has read it from the first line; anywhere else it came too late to apply.
        if (n !== 1) {
          return badInput(n, '#character-encoding trebuie să fie primul rând', '#character-encoding must be the first line');
        }
        header.encoding = value;
        break;
      case 'player1':
      case 'player2': {
        const index = name === 'player1' ? 0 : 1;
        const [nick, ...rest] = value.split(/\s+/);
        if (!nick) return badInput(n, `#${name} fără nume`, `#${name} without a nickname`);
        if (players[index]) return badInput(n, `#${name} apare de două ori`, `#${name} appears twice`);
        if (players[1 - index]?.nick === nick) {
          return badInput(n, `ambii jucători se numesc „${nick}”`, `both players are called "${nick}"`);
        }
        players[index] = { nick, name: rest.join(' ') || nick };
        break;
      }
      case 'title':
        header.title = value;
        break;
      case 'description':
        header.description = value;
        break;
      case 'id': {
        const [authority, id] = value.split(/\s+/);
        if (!authority || !id) {
          return badInput(n, '#id cere o autoritate și un identificator', '#id needs an authority and an id');
        }
        header.id = { authority, id };
        break;
      }
      case 'lexicon':
        header.lexicon = value;
        break;
      case 'tile-set':
        header.tileSet = value;
        break;
      case 'tile-distribution':
        header.tileDistribution = value;
        break;
      case 'note':
        appendNote(notes, events, value, false);
        break;
      case 'rack1':
      case 'rack2':
        racks[name === 'rack1' ? 0 : 1] = value;
        break;
      default:
        pragmas.push({ name, value, line: n });
    }
  }

  const [p1, p2] = players;
  if (!p1 || !p2) {
    return badInput(undefined, 'lipsesc #player1 sau #player2', '#player1 or #player2 is missing');
  }
  return { ok: true, game: { header: { ...header, players: [p1, p2], notes, racks, pragmas }, events } };
}

/** A `#note` line, or a line continuing one, goes to the last event, or to the header before any. */
function appendNote(notes: string[], events: GcgEvent[], text: string, continuation: boolean): void {
  const last = events[events.length - 1];
  if (last) last.note = last.note === undefined ? text : `${last.note}\n${text}`;
  else if (continuation && notes.length > 0) notes[notes.length - 1] += `\n${text}`;
  else notes.push(text);
}

type ParsedEvent = { ok: true; event: GcgEvent } | GcgError;

function parseEvent(line: string, n: number, players: readonly (GcgPlayer | undefined)[], previous: GcgEvent | undefined): ParsedEvent {
  const m = EVENT.exec(line);
  if (!m) return badInput(n, `mutare ilizibilă: „${clip(line)}”`, `unreadable move: "${clip(line)}"`);
  const nick = m[1];
  const player = players[0]?.nick === nick ? 0 : players[1]?.nick === nick ? 1 : undefined;
  if (player === undefined) {
    return badInput(
      n,
      `jucătorul „${nick}” nu este declarat cu #player1/#player2`,
      `player "${nick}" is not declared by #player1/#player2`,
    );
  }
  const fields = (m[2] ?? '').split(/\s+/).filter((f) => f !== '');
  const malformed = () => badInput(n, `mutare ilizibilă: „${clip(line)}”`, `unreadable move: "${clip(line)}"`);
  if (fields.length < 3) return malformed();

  const totalField = fields[fields.length - 1];
  const scoreField = fields[fields.length - 2];
  if (!TOTAL.test(totalField) || !SIGNED.test(scoreField)) return malformed();
  const base = { line: n, player, score: Number(scoreField), total: Number(totalField) } as const;
  const positive = scoreField.startsWith('+');
  let head = fields.slice(0, -2);

  // Placement: [RACK] POS WORD. A rack never holds a digit, so a leading coordinate means no rack.
  if (head.length === 3 || (head.length === 2 && COORD.test(head[0]))) {
    const rack = head.length === 3 ? head[0] : '';
    const [coord, word] = head.slice(-2);
    if (!RACK.test(rack) || !COORD.test(coord) || !WORD.test(word) || !positive) return malformed();
    return { ok: true, event: { ...base, type: 'place', rack, coord, word } };
  }

  // Every other event is [RACK] ACTION; the rack may be missing (`>frentz:  (challenge) +5 534`).
  if (head.length === 1) head = ['', head[0]];
  if (head.length !== 2) return malformed();
  const [rack, action] = head;
  if (!RACK.test(rack)) return malformed();
  const event = { ...base, rack };

  if (action === '-') {
    return base.score === 0 ? { ok: true, event: { ...event, type: 'pass' } } : malformed();
  }
  if (action === '--') {
    if (positive) return malformed();
    // The withdrawn play is the one just before, by the same player (GCG spec: "phony tiles returned").
    if (previous?.type !== 'place' || previous.player !== player) {
      return badInput(
        n,
        'retragerea (--) nu urmează unei mutări a aceluiași jucător',
        'a withdrawal (--) does not follow a play by the same player',
      );
    }
    return { ok: true, event: { ...event, type: 'withdrawn' } };
  }
  if (action.startsWith('-')) {
    const tiles = action.slice(1);
    if (base.score !== 0) return malformed();
    if (/^\d+$/.test(tiles)) return { ok: true, event: { ...event, type: 'exchange', exchanged: Number(tiles) } };
    if (!RACK.test(tiles)) return malformed();
    return { ok: true, event: { ...event, type: 'exchange', exchanged: tiles } };
  }
  const paren = /^\((.*)\)$/.exec(action);
  if (!paren) return malformed();
  const inner = paren[1];
  if (inner === 'challenge') return positive ? { ok: true, event: { ...event, type: 'challenge-bonus' } } : malformed();
  if (inner === 'time') return positive ? malformed() : { ok: true, event: { ...event, type: 'time-penalty' } };
  if (inner === '' || !RACK.test(inner)) return malformed();
  return positive
    ? { ok: true, event: { ...event, type: 'end-rack-points', tiles: inner } }
    : { ok: true, event: { ...event, type: 'end-rack-penalty', tiles: inner } };
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

// ---------------------------------------------------------------------------------------
// Checking

/** The rules of the tournaments GCG files come from, where a play may score 0 (unlike docs/rules.md §3). */
export const GCG_RULES: ResolveOptions = { allowZeroScore: true };

export interface GcgMismatch {
  readonly line: number;
  /** GCG coordinate and word, as in the file. */
  readonly coord: string;
  readonly word: string;
  readonly fileScore: number;
  readonly computedScore: number;
}

/** One event of a replayed file with the board it was played on. */
export interface GcgStep {
  readonly event: GcgEvent;
  /** The board before the event (a withdrawn play already taken back). */
  readonly board: Board;
  /** A placement, resolved on that board. */
  readonly placement?: ResolvedPlacement;
}

export interface GcgCheck {
  readonly game: GcgGame;
  /** Plays checked, withdrawn ones excluded. */
  readonly placements: number;
  /** Plays (withdrawn ones included) whose computed score differs from the file's. */
  readonly mismatches: readonly GcgMismatch[];
  /** The board after the last event. */
  readonly board: Board;
  /** Every event in file order, with its board: what an analysis of each turn starts from. */
  readonly steps: readonly GcgStep[];
}

/**
 * Decodes, parses and replays a GCG file, checking every play's score against the file
 * (docs/rules.md §3). GCG racks may be partial, so racks are not checked; nor are the
 * rules of this platform that GCG games need not follow (a play may score 0).
 */
export function checkGcg(bytes: Uint8Array, tileSet: TileSet): GcgResult<GcgCheck> {
  const decoded = decodeGcg(bytes);
  if (!decoded.ok) return decoded;
  const parsed = parseGcg(decoded.text);
  if (!parsed.ok) return parsed;
  return replayGcg(parsed.game, tileSet);
}

/** {@link checkGcg} for a parsed game. A play the board refuses is an error naming its line. */
export function replayGcg(game: GcgGame, tileSet: TileSet): GcgResult<GcgCheck> {
  let board = emptyBoard();
  // The board before the latest play, which a withdrawal (`--`) restores.
  let beforePlay = board;
  let placements = 0;
  const mismatches: GcgMismatch[] = [];
  const steps: GcgStep[] = [];
  for (const event of game.events) {
    if (event.type === 'withdrawn') {
      // parseGcg guarantees a withdrawal follows the play it takes back.
      steps.push({ event, board });
      board = beforePlay;
      placements--;
      continue;
    }
    if (event.type !== 'place') {
      steps.push({ event, board });
      continue;
    }
    const written = parseGcgPlay(event.coord, event.word, tileSet);
    if (!written.ok) return atLine(written, event.line);
    const resolved = resolvePlacement(board, written.move, null, tileSet, GCG_RULES);
    if (!resolved.ok) return atLine(resolved, event.line);
    if (resolved.scored.score !== event.score) {
      mismatches.push({
        line: event.line,
        coord: event.coord,
        word: event.word,
        fileScore: event.score,
        computedScore: resolved.scored.score,
      });
    }
    steps.push({ event, board, placement: resolved });
    beforePlay = board;
    board = withTiles(board, resolved.tiles);
    placements++;
  }
  return { ok: true, game, placements, mismatches, board, steps };
}

const TILE_SET_NAMES: ReadonlyMap<string, TileSetId> = new Map([
  ['romanian', 'ro'],
  ['english', 'en'],
  ['polish', 'pl'],
]);

/**
 * The tile set a file names in `#tile-set` or `#tile-distribution` (an id such as `ro`, or
 * Macondo's distribution names `english`, `polish`), if any: callers fall back to a default.
 */
export function gcgTileSetId(header: GcgHeader): TileSetId | undefined {
  for (const value of [header.tileSet, header.tileDistribution]) {
    const key = value?.trim().toLowerCase();
    if (!key) continue;
    if (isTileSetId(key)) return key;
    const named = TILE_SET_NAMES.get(key);
    if (named) return named;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------
// Export

export interface GcgExportPlayer {
  readonly name: string;
  /** A GCG nick is one word; derived from the name when absent. */
  readonly nick?: string;
}

export interface GcgExport {
  /** A replay: its final state and every move's record (replayGame's result). */
  readonly state: GameState;
  readonly records: readonly MoveRecord[];
  /** The competition's word list (docs/rules.md §3): the platform names it, GCG readers need it. */
  readonly lexicon: string;
  readonly players?: Readonly<Record<Color, GcgExportPlayer>>;
  readonly title?: string;
  readonly description?: string;
}

const PLAYER_NUMBER: Readonly<Record<Color, 1 | 2>> = { red: 1, blue: 2 };

/**
 * A replayed game as GCG, UTF-8, with its tile set and lexicon; a game in progress ends
 * with the racks (`#rack1`, `#rack2`). GCG knows no handicap
 * (docs/rules.md §2), so a capped play keeps its real score — what any GCG reader recomputes —
 * while the cumulative is the official total of recorded scores, and a note says why the
 * two differ. The end-of-game rack adjustment (docs/rules.md §4) is written as GCG does: the
 * finisher's `(RACK) +N`, and `RACK (RACK) -N` for a player who loses their own rack's value.
 */
export function toGcg(game: GcgExport): string {
  const { state, records } = game;
  const nicks = playerNicks(game.players);
  const names: Record<Color, string> = {
    red: oneLine(game.players?.red.name ?? nicks.red),
    blue: oneLine(game.players?.blue.name ?? nicks.blue),
  };
  const lines = ['#character-encoding UTF-8'];
  for (const color of ['red', 'blue'] as const) {
    lines.push(`#player${PLAYER_NUMBER[color]} ${nicks[color]} ${names[color]}`);
  }
  if (game.title) lines.push(`#title ${oneLine(game.title)}`);
  if (game.description) lines.push(`#description ${oneLine(game.description)}`);
  lines.push(`#lexicon ${oneLine(game.lexicon)}`, `#tile-set ${state.tileSet.id}`);

  for (const record of records) {
    const head = `>${nicks[record.player]}: ${record.rackBefore}`;
    if (record.type === 'pass') {
      lines.push(`${head} - +0 ${record.total}`);
      continue;
    }
    const play = gcgPlay(record);
    lines.push(`${head} ${play.coord} ${play.word} +${record.score} ${record.total}`);
    if (record.recorded !== record.score) {
      lines.push(`#note Handicap FRSc: recorded ${record.recorded} of ${record.score} in tour ${record.tour}.`);
    }
  }

  const totals = { ...state.totals };
  const adjust = (color: Color, line: (amount: number) => string) => {
    totals[color] += state.endAdjustment[color];
    lines.push(`>${nicks[color]}: ${line(state.endAdjustment[color])} ${totals[color]}`);
  };
  const rack = (color: Color) => rackLetters(state.racks[color]).join('');
  const penalty = (color: Color) => adjust(color, (n) => `${rack(color)} (${rack(color)}) -${-n}`);
  if (state.endReason === 'out') {
    const finisher = records[records.length - 1].player;
    const opponent = otherColor(finisher);
    if (rack(opponent) !== '') {
      adjust(finisher, (n) => `(${rack(opponent)}) +${n}`);
      // The `transfer` rule takes the points from the opponent; `double` leaves them.
      if (state.endAdjustment[opponent] !== 0) penalty(opponent);
    }
  } else if (state.endReason === 'zero-turns') {
    for (const color of ['red', 'blue'] as const) if (rack(color) !== '') penalty(color);
  } else if (!state.over) {
    // GCG's way of saving a game in progress: the racks to move on from.
    for (const color of ['red', 'blue'] as const) lines.push(`#rack${PLAYER_NUMBER[color]} ${rack(color)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** GCG coordinate and word of a recorded placement; squares it did not fill are `.`. */
function gcgPlay(record: MoveRecord): { coord: string; word: string } {
  // The engine wrote record.coord, so it parses.
  const { start, direction } = parseCoord(record.coord!)!;
  const { dr, dc } = stepOf(direction);
  const fresh = new Set(record.tiles.map((t) => t.row * BOARD_SIZE + t.col));
  const letters = Array.from(record.word!, (ch, i) => ({
    letter: upperLetter(ch),
    blank: isLowerCase(ch),
    onBoard: !fresh.has((start.row + dr * i) * BOARD_SIZE + start.col + dc * i),
  }));
  return formatGcgPlay({ kind: 'place', start, direction, letters });
}

/** One-word nicks, distinct, without the `:` that ends a nick in an event line. */
function playerNicks(players: GcgExport['players']): Record<Color, string> {
  const nick = (color: Color) => {
    const p = players?.[color];
    const word = (p?.nick ?? p?.name ?? '').trim().replace(/[\s:]+/g, '_');
    return word === '' ? color.toUpperCase() : word;
  };
  const red = nick('red');
  const blue = nick('blue');
  return red === blue ? { red: `${red}_RED`, blue: `${blue}_BLUE` } : { red, blue };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
