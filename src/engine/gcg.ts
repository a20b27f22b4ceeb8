// GCG (the game record format of Quackle, Macondo and Woogles): decoding and parsing; gcg-replay.ts
// checks a parsed game's scores and gcg-export.ts writes one. Reference: the GCG specification
// (poslfit.com/scrabble/gcg) and the files in test/fixtures/gcg, which the checker replays in full.

import type { EngineError, EngineErrorCode } from './types';

// ---------------------------------------------------------------------------------------
// Errors

export type GcgErrorCode = 'BAD_INPUT' | EngineErrorCode;

/** A file this module cannot use. `line` (1-based) names the offending line when there is one. */
export interface GcgError {
  readonly ok: false;
  readonly code: GcgErrorCode;
  readonly line?: number;
  readonly message: { readonly ro: string; readonly en: string; readonly pl: string };
}

export type GcgResult<T> = ({ readonly ok: true } & T) | GcgError;

function badInput(line: number | undefined, ro: string, en: string, pl: string): GcgError {
  return line === undefined
    ? { ok: false, code: 'BAD_INPUT', message: { ro, en, pl } }
    : {
        ok: false,
        code: 'BAD_INPUT',
        line,
        message: { ro: `linia ${line}: ${ro}`, en: `line ${line}: ${en}`, pl: `wiersz ${line}: ${pl}` },
      };
}

/** An engine refusal of the play on `line`, its message prefixed with the line. */
export function atLine(error: EngineError, line: number): GcgError {
  return {
    ok: false,
    code: error.code,
    line,
    message: {
      ro: `linia ${line}: ${error.message.ro}`,
      en: `line ${line}: ${error.message.en}`,
      pl: `wiersz ${line}: ${error.message.pl}`,
    },
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
        `kodowanie znaków „${declared}” nie jest obsługiwane; plik GCG ma kodowanie ISO-8859-1 albo UTF-8`,
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
      'plik deklaruje UTF-8, ale zawiera bajty spoza UTF-8',
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
      return badInput(n, `rând necunoscut: „${clip(line)}”`, `unrecognised line: "${clip(line)}"`, `nierozpoznany wiersz: „${clip(line)}”`);
    }

    const name = pragma[1].toLowerCase();
    const value = (pragma[2] ?? '').trim();
    inNote = name === 'note';
    if (events.length > 0 && HEADER_PRAGMAS.has(name)) {
      return badInput(
        n,
        `#${name} trebuie să preceadă prima mutare`,
        `#${name} must come before the first move`,
        `#${name} musi poprzedzać pierwszy ruch`,
      );
    }
    switch (name) {
      case 'character-encoding':
        // decodeGcg has read it from the first line; anywhere else it came too late to apply.
        if (n !== 1) {
          return badInput(
            n,
            '#character-encoding trebuie să fie primul rând',
            '#character-encoding must be the first line',
            '#character-encoding musi być pierwszym wierszem',
          );
        }
        header.encoding = value;
        break;
      case 'player1':
      case 'player2': {
        const index = name === 'player1' ? 0 : 1;
        const [nick, ...rest] = value.split(/\s+/);
        if (!nick) return badInput(n, `#${name} fără nume`, `#${name} without a nickname`, `#${name} bez pseudonimu`);
        if (players[index]) return badInput(n, `#${name} apare de două ori`, `#${name} appears twice`, `#${name} występuje dwa razy`);
        if (players[1 - index]?.nick === nick) {
          return badInput(
            n,
            `ambii jucători se numesc „${nick}”`,
            `both players are called "${nick}"`,
            `obaj gracze nazywają się „${nick}”`,
          );
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
          return badInput(
            n,
            '#id cere o autoritate și un identificator',
            '#id needs an authority and an id',
            '#id wymaga instytucji i identyfikatora',
          );
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
    return badInput(undefined, 'lipsesc #player1 sau #player2', '#player1 or #player2 is missing', 'brakuje #player1 albo #player2');
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
  if (!m) return badInput(n, `mutare ilizibilă: „${clip(line)}”`, `unreadable move: "${clip(line)}"`, `nieczytelny ruch: „${clip(line)}”`);
  const nick = m[1];
  const player = players[0]?.nick === nick ? 0 : players[1]?.nick === nick ? 1 : undefined;
  if (player === undefined) {
    return badInput(
      n,
      `jucătorul „${nick}” nu este declarat cu #player1/#player2`,
      `player "${nick}" is not declared by #player1/#player2`,
      `gracz „${nick}” nie jest zadeklarowany przez #player1/#player2`,
    );
  }
  const fields = (m[2] ?? '').split(/\s+/).filter((f) => f !== '');
  const malformed = () =>
    badInput(n, `mutare ilizibilă: „${clip(line)}”`, `unreadable move: "${clip(line)}"`, `nieczytelny ruch: „${clip(line)}”`);
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
        'wycofanie (--) nie następuje po ruchu tego samego gracza',
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
