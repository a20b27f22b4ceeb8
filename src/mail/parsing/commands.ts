// One action per mail (docs/mail-rules.md 10), read from the player's own lines (quotes.ts). Keywords
// in Romanian, English or Polish, any case, diacritics folded; a move is whatever the engine's FRSc
// notation reader accepts (docs/rules.md §3), so this file never re-implements notation. What
// is not understood is refused with a typed reason; the reply shows COMMAND_HELP.
import { parseCoordParts } from '../../engine/board';
import { parseFrscMove } from '../../engine/notation';
import { getTileSet } from '../../engine/tile-sets';
import type { EngineError, TileSet, WrittenMove } from '../../engine/types';
import { isLocalDate, type LocalDate } from '../../common/calendar';

/** A move line as written, parsed by the engine's notation reader (a pass included). */
export interface MoveLine {
  readonly text: string;
  readonly move: WrittenMove;
  /** docs/rules.md §3: a score written after the word is compared with ours, never trusted. */
  readonly declaredScore?: number;
}

/** docs/rules.md §6: the two live lines of a disputed game, as the "your move" mail labels them. */
export interface LineMoves {
  readonly A: MoveLine;
  readonly B: MoveLine;
}

export type MailCommand =
  /** The non-empty lines after the move, up to a signature, are its note. */
  | { readonly kind: 'move'; readonly move: MoveLine; readonly note?: string }
  /** docs/rules.md §6: the contested word(s) and the provisional reply, as if the move stood. */
  | { readonly kind: 'contest'; readonly words: readonly string[]; readonly reply: MoveLine }
  /** docs/rules.md §13 (PFS): the words of the partner's last move checked ("Sprawdzam"), instead of a reply. */
  | { readonly kind: 'challenge'; readonly words: readonly string[] }
  /** docs/rules.md §6: the contested move is withdrawn and replaced. */
  | { readonly kind: 'admit'; readonly replacement: MoveLine }
  /** docs/rules.md §6: the arbiter is asked; the mover plays on in both lines. */
  | { readonly kind: 'appeal'; readonly lines: LineMoves }
  /** A turn of a game with two live lines (docs/rules.md §6). */
  | { readonly kind: 'line-moves'; readonly lines: LineMoves }
  /** docs/rules.md §5: declare or change a holiday, both days included. */
  | { readonly kind: 'holiday'; readonly from: LocalDate; readonly to: LocalDate }
  /** docs/rules.md §5: announce thinking for more than 10 days on this move. */
  | { readonly kind: 'long-thinking'; readonly days: number }
  /** Offer, or accept the partner's offer (the game's state tells which). */
  | { readonly kind: 'draw' }
  | { readonly kind: 'interrupt' }
  | { readonly kind: 'decline' }
  | { readonly kind: 'resign' }
  /** docs/rules.md §5: the partner exceeded the 50 days. */
  | { readonly kind: 'claim-time' }
  /** docs/rules.md §5: the answer to a time claim. */
  | { readonly kind: 'answer'; readonly text: string }
  /** docs/rules.md §7: the game's state declared at the closing date. */
  | { readonly kind: 'position'; readonly text: string }
  /** docs/rules.md §8: the final sheet accepted, or objected to. */
  | { readonly kind: 'confirm'; readonly text?: string }
  | { readonly kind: 'objection'; readonly text?: string }
  /** docs/mail-rules.md 17: one daily mail instead of one per event. */
  | { readonly kind: 'digest'; readonly on: boolean }
  /** Send me the position. */
  | { readonly kind: 'status' }
  /** `IF 7c GO THEN c7 GOL` (DACĂ … ATUNCI …), its pairs on one or more lines; the games core reads them. */
  | { readonly kind: 'conditional'; readonly text: string };

export type MailCommandKind = MailCommand['kind'];

/** What a command lacks: the line or the argument the player should add. */
export type MissingPart =
  'reply-move' | 'replacement-move' | 'line-A' | 'line-B' | 'words' | 'challenge-words' | 'dates' | 'days' | 'on-off' | 'text';

/** What an argument should have been. */
export type ExpectedArgument = 'word' | 'dates' | 'real-date' | 'dates-in-order' | 'days' | 'on-off' | 'nothing' | 'one-line-each';

export type CommandRefusal =
  | { readonly ok: false; readonly code: 'NO_COMMAND' }
  /** A line written as a move (it starts with a coordinate) that the notation reader refuses. */
  | { readonly ok: false; readonly code: 'BAD_MOVE'; readonly text: string; readonly error: EngineError }
  | { readonly ok: false; readonly code: 'INCOMPLETE'; readonly command: MailCommandKind; readonly missing: MissingPart }
  | {
      readonly ok: false;
      readonly code: 'BAD_ARGUMENT';
      readonly command: MailCommandKind;
      readonly argument: string;
      readonly expected: ExpectedArgument;
    }
  /** docs/mail-rules.md 10: one action per mail; two command lines are never guessed between. */
  | { readonly ok: false; readonly code: 'SEVERAL_COMMANDS'; readonly lines: readonly string[] };

export type CommandResult = { readonly ok: true; readonly command: MailCommand } | CommandRefusal;

export interface ParseCommandOptions {
  /** The game's tile set, for the letters a move may use (default Romanian). */
  readonly tileSet?: TileSet;
}

type Keyword = Exclude<MailCommandKind, 'move' | 'line-moves'>;

// docs/mail-rules.md 10, folded (no diacritics, lower case): GÂNDESC = GANDESC, REMIZĂ = REMIZA.
const KEYWORDS: readonly (readonly [phrase: string, kind: Keyword])[] = [
  ['contest', 'contest'],
  ['contestez', 'contest'],
  ['verific', 'challenge'],
  ['challenge', 'challenge'],
  ['sprawdzam', 'challenge'],
  ['admit', 'admit'],
  ['recunosc', 'admit'],
  ['apel', 'appeal'],
  ['appeal', 'appeal'],
  ['concediu', 'holiday'],
  ['holiday', 'holiday'],
  ['gandesc', 'long-thinking'],
  ['thinking', 'long-thinking'],
  ['remiza', 'draw'],
  ['draw', 'draw'],
  ['intrerupere', 'interrupt'],
  ['interrupt', 'interrupt'],
  ['refuz', 'decline'],
  ['decline', 'decline'],
  ['abandon', 'resign'],
  ['resign', 'resign'],
  ['reclam timp', 'claim-time'],
  ['reclam timpul', 'claim-time'],
  ['claim time', 'claim-time'],
  ['raspuns', 'answer'],
  ['answer', 'answer'],
  ['situatie', 'position'],
  ['situatia', 'position'],
  ['position', 'position'],
  ['confirm', 'confirm'],
  ['obiectie', 'objection'],
  ['objection', 'objection'],
  ['digest', 'digest'],
  ['stare', 'status'],
  ['if', 'conditional'],
  ['daca', 'conditional'],
  ['status', 'status'],
  // Polish (docs/mail-rules.md 10), the words of the PFS regulation where it has them; ł folded to l.
  ['kwestionuje', 'contest'],
  ['uznaje', 'admit'],
  ['odwolanie', 'appeal'],
  ['urlop', 'holiday'],
  ['mysle', 'long-thinking'],
  ['remis', 'draw'],
  ['przerwanie', 'interrupt'],
  ['odmawiam', 'decline'],
  ['poddaje sie', 'resign'],
  ['poddaje', 'resign'],
  ['przekroczenie czasu', 'claim-time'],
  ['odpowiedz', 'answer'],
  ['pozycja', 'position'],
  ['potwierdzam', 'confirm'],
  ['akceptuje', 'confirm'],
  ['zastrzezenie', 'objection'],
  ['podsumowanie', 'digest'],
  ['plansza', 'status'],
  ['jesli', 'conditional'],
];

/** Keywords that stand alone on their line: nothing may follow an irreversible ABANDON. */
const BARE: ReadonlySet<Keyword> = new Set(['draw', 'interrupt', 'decline', 'resign', 'claim-time', 'status']);
/** Lines before the command that greet ("Bună ziua,", "Hi Ion!"): at most this many. */
const MAX_SALUTATIONS = 2;
const SALUTATION = /^[^\d:]{1,60}[,!]$/u;

function fold(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      // Polish ł has no combining form to drop: POTWIERDZAM, ODWOŁANIE = ODWOLANIE.
      .replace(/ł/g, 'l')
  );
}

type LineReading =
  | { readonly type: 'keyword'; readonly kind: Keyword; readonly rest: string }
  | { readonly type: 'labelled'; readonly label: 'A' | 'B'; readonly rest: string }
  | { readonly type: 'move'; readonly move: MoveLine }
  | { readonly type: 'bad-move'; readonly text: string; readonly error: EngineError }
  | { readonly type: 'text' };

/** A keyword at the start of the line (a colon after it is allowed: `RĂSPUNS: …`). */
function keywordOf(line: string): { kind: Keyword; rest: string } | undefined {
  const words = line.split(/\s+/);
  for (const [phrase, kind] of KEYWORDS) {
    const n = phrase.split(' ').length;
    const head = words.slice(0, n);
    const last = head.length > 0 ? head[head.length - 1] : '';
    if (head.length === n && fold([...head.slice(0, -1), last.replace(/[:.!]$/, '')].join(' ')) === phrase) {
      return { kind, rest: words.slice(n).join(' ').replace(/^:\s*/, '') };
    }
  }
  return undefined;
}

function readMove(text: string, tileSet: TileSet): LineReading {
  // A sentence's full stop is no part of a move: `h8 CASA.` reads as `h8 CASA`.
  const written = text.replace(/\.$/, '');
  const parsed = parseFrscMove(written, tileSet);
  if (parsed.ok) {
    const move: MoveLine = {
      text: written,
      move: parsed.move,
      ...(parsed.declaredScore !== undefined && { declaredScore: parsed.declaredScore }),
    };
    return { type: 'move', move };
  }
  // Written as a move (it starts with a coordinate): the engine's reason is the answer.
  return parseCoordParts(written.split(/[\s:]/)[0]) ? { type: 'bad-move', text: written, error: parsed } : { type: 'text' };
}

/** A conditional names its reply on the line (`… THEN …`): a sentence that opens with "Dacă" is not one. */
const CONDITIONAL_LINE = /\s(?:then|atunci|wtedy)(?:\s|$)/;
/** A line that goes on with a conditional's pairs: `IF …`, `DACĂ …`, or a reply written below its move (`THEN …`). */
const CONDITIONAL_MORE = /^(?:if|daca|jesli|then|atunci|wtedy)(?:\s|$)/;

function readLine(line: string, tileSet: TileSet): LineReading {
  const keyword = keywordOf(line);
  if (keyword?.kind === 'conditional' && !CONDITIONAL_LINE.test(fold(line))) return { type: 'text' };
  if (keyword) return { type: 'keyword', ...keyword };
  const labelled = /^([AaBb])\s*:\s*(.*)$/.exec(line);
  if (labelled) return { type: 'labelled', label: labelled[1].toUpperCase() as 'A' | 'B', rest: labelled[2] };
  return readMove(line, tileSet);
}

function isCommand(reading: LineReading): boolean {
  return reading.type === 'keyword' || reading.type === 'labelled' || reading.type === 'move';
}

/** The player's lines, trimmed, blank ones dropped, each with what it reads as. */
class Cursor {
  private index = 0;
  constructor(
    private readonly lines: readonly string[],
    readonly tileSet: TileSet,
  ) {}
  peek(): string | undefined {
    return this.lines[this.index];
  }
  next(): string | undefined {
    return this.lines[this.index++];
  }
  /** Everything not read yet, as one text. */
  rest(): string {
    const text = this.lines.slice(this.index).join('\n');
    this.index = this.lines.length;
    return text;
  }
  remaining(): readonly string[] {
    return this.lines.slice(this.index);
  }
}

type Step = { readonly ok: true; readonly command: MailCommand } | CommandRefusal;

function incomplete(command: MailCommandKind, missing: MissingPart): CommandRefusal {
  return { ok: false, code: 'INCOMPLETE', command, missing };
}

function badArgument(command: MailCommandKind, argument: string, expected: ExpectedArgument): CommandRefusal {
  return { ok: false, code: 'BAD_ARGUMENT', command, argument, expected };
}

/** A move from `text`, or the next line when `text` is empty. */
function moveFrom(
  cursor: Cursor,
  text: string,
  command: MailCommandKind,
  missing: MissingPart,
): { ok: true; move: MoveLine } | CommandRefusal {
  const source = text !== '' ? text : cursor.peek();
  if (source === undefined) return incomplete(command, missing);
  const reading = readMove(source, cursor.tileSet);
  if (reading.type === 'bad-move') return { ok: false, code: 'BAD_MOVE', text: reading.text, error: reading.error };
  if (reading.type !== 'move') return incomplete(command, missing);
  if (text === '') cursor.next();
  return { ok: true, move: reading.move };
}

/** `A: …` and `B: …`, in either order, starting with `first` (already read) or the next line. */
function lineMoves(
  cursor: Cursor,
  command: MailCommandKind,
  first?: { label: 'A' | 'B'; rest: string },
): { ok: true; lines: LineMoves } | CommandRefusal {
  const found: Partial<Record<'A' | 'B', MoveLine>> = {};
  let pending = first;
  for (let i = 0; i < 2; i++) {
    if (!pending) {
      const line = cursor.peek();
      const labelled = line === undefined ? undefined : readLine(line, cursor.tileSet);
      if (labelled?.type !== 'labelled') break;
      cursor.next();
      pending = labelled;
    }
    if (found[pending.label]) return badArgument(command, `${pending.label}: ${pending.rest}`, 'one-line-each');
    const move = moveFrom(cursor, pending.rest, command, `line-${pending.label}`);
    if (!move.ok) return move;
    found[pending.label] = move.move;
    pending = undefined;
  }
  if (!found.A) return incomplete(command, 'line-A');
  if (!found.B) return incomplete(command, 'line-B');
  return { ok: true, lines: { A: found.A, B: found.B } };
}

// Dates as players write them: 01.02.2027, 1.2.2027, 01/02/2027, 2027-02-01.
const DATE = /(?<!\d)(?:(\d{1,2})[./](\d{1,2})[./](\d{4})|(\d{4})-(\d{1,2})-(\d{1,2}))(?!\d)/g;
// What may stand around the two dates: dashes, "de la … până la …", "from … to …", "od … do …".
const DATE_WORDS = /\b(?:de|la|pana|from|to|until|till|od|do)\b/g;
const DATE_SEPARATORS = /^[\s\-–—,]*$/;

function dates(command: MailCommandKind, text: string): Step {
  const found = [...text.matchAll(DATE)];
  if (found.length === 0) return incomplete(command, 'dates');
  const filler = fold(text.replace(DATE, ' ')).replace(DATE_WORDS, ' ');
  if (found.length !== 2 || !DATE_SEPARATORS.test(filler)) return badArgument(command, text, 'dates');
  const days: LocalDate[] = [];
  for (const m of found) {
    const [y, mo, d] = m[3] !== undefined ? [m[3], m[2], m[1]] : [m[4], m[5], m[6]];
    const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
    if (!isLocalDate(iso)) return badArgument(command, m[0], 'real-date');
    days.push(iso);
  }
  const [from, to] = days;
  if (from > to) return badArgument(command, text, 'dates-in-order');
  return { ok: true, command: { kind: 'holiday', from, to } };
}

function thinkingDays(text: string): Step {
  if (text === '') return incomplete('long-thinking', 'days');
  const m = /^(\d{1,3})(?:\s+(?:zile|zi|de zile|days?|dni|dzien))?\.?$/i.exec(fold(text));
  const days = m ? Number(m[1]) : 0;
  if (days < 1) return badArgument('long-thinking', text, 'days');
  return { ok: true, command: { kind: 'long-thinking', days } };
}

function digest(text: string): Step {
  if (text === '') return incomplete('digest', 'on-off');
  const value = fold(text).replace(/\.$/, '');
  if (value === 'on' || value === 'da' || value === 'tak') return { ok: true, command: { kind: 'digest', on: true } };
  if (value === 'off' || value === 'nu' || value === 'nie') return { ok: true, command: { kind: 'digest', on: false } };
  return badArgument('digest', text, 'on-off');
}

/** Words of a CONTEST (or PFS VERIFIC) line; a coordinate written before a word is allowed and dropped. */
function contestedWords(text: string, kind: 'contest' | 'challenge' = 'contest'): { ok: true; words: string[] } | CommandRefusal {
  const tokens = text.split(/[\s,;]+/).filter((t) => t !== '' && !parseCoordParts(t.replace(/:$/, '')));
  if (tokens.length === 0) return incomplete(kind, kind === 'contest' ? 'words' : 'challenge-words');
  const bad = tokens.find((t) => !/^\p{L}+$/u.test(t));
  if (bad !== undefined) return badArgument(kind, bad, 'word');
  return { ok: true, words: tokens.map((t) => t.toUpperCase()) };
}

function keywordCommand(cursor: Cursor, kind: Keyword, rest: string): Step {
  if (BARE.has(kind)) {
    if (rest.replace(/[.!]$/, '') !== '') return badArgument(kind, rest, 'nothing');
    return { ok: true, command: { kind } as MailCommand };
  }
  switch (kind) {
    case 'contest': {
      const words = contestedWords(rest);
      if (!words.ok) return words;
      const reply = moveFrom(cursor, '', 'contest', 'reply-move');
      return reply.ok ? { ok: true, command: { kind, words: words.words, reply: reply.move } } : reply;
    }
    case 'challenge': {
      const words = contestedWords(rest, 'challenge');
      return words.ok ? { ok: true, command: { kind, words: words.words } } : words;
    }
    case 'admit': {
      const replacement = moveFrom(cursor, rest, 'admit', 'replacement-move');
      return replacement.ok ? { ok: true, command: { kind, replacement: replacement.move } } : replacement;
    }
    case 'appeal': {
      if (rest !== '') return badArgument(kind, rest, 'nothing');
      const lines = lineMoves(cursor, kind);
      return lines.ok ? { ok: true, command: { kind, lines: lines.lines } } : lines;
    }
    case 'holiday':
      return dates(kind, rest);
    case 'long-thinking':
      return thinkingDays(rest);
    case 'digest':
      return digest(rest);
    case 'answer':
    case 'position': {
      const text = [rest, cursor.rest()].join('\n').trim();
      return text === '' ? incomplete(kind, 'text') : { ok: true, command: { kind, text } };
    }
    case 'confirm':
    case 'objection': {
      const text = [rest, cursor.rest()].join('\n').trim();
      return { ok: true, command: text === '' ? { kind } : { kind, text } };
    }
    default:
      return { ok: false, code: 'NO_COMMAND' };
  }
}

/** The conditional's lines as written, its first and every following one that goes on with its pairs. */
function conditional(cursor: Cursor, first: string): Step {
  const lines = [first];
  for (let next = cursor.peek(); next !== undefined && CONDITIONAL_MORE.test(fold(next)); next = cursor.peek()) lines.push(cursor.next()!);
  return { ok: true, command: { kind: 'conditional', text: lines.join('\n') } };
}

/** A signature delimiter (`-- `, trimmed): nothing below it is the player's note. */
const SIGNATURE = /^--$/;

/** The note after a move: its lines up to a signature (a command among them refuses the reply below, as before). */
function noteLines(lines: readonly string[]): string {
  const end = lines.findIndex((l) => SIGNATURE.test(l));
  return (end < 0 ? lines : lines.slice(0, end)).join('\n');
}

/**
 * Read the one action of a reply (docs/mail-rules.md 10) from the player's lines. The command starts
 * on the first line (after at most two greeting lines); the lines an action needs follow
 * it; any later line that is itself a command makes the mail ambiguous and it is refused.
 */
export function parseCommand(lines: readonly string[], options: ParseCommandOptions = {}): CommandResult {
  const tileSet = options.tileSet ?? getTileSet('ro');
  const cursor = new Cursor(
    lines.map((l) => l.trim()).filter((l) => l !== ''),
    tileSet,
  );
  let reading: LineReading | undefined;
  let line: string | undefined;
  for (let skipped = 0; (line = cursor.next()) !== undefined; skipped++) {
    reading = readLine(line, tileSet);
    if (isCommand(reading) || reading.type === 'bad-move') break;
    if (skipped >= MAX_SALUTATIONS || !SALUTATION.test(line)) return { ok: false, code: 'NO_COMMAND' };
    reading = undefined;
  }
  if (!reading || line === undefined) return { ok: false, code: 'NO_COMMAND' };

  let step: Step;
  switch (reading.type) {
    case 'bad-move':
      return { ok: false, code: 'BAD_MOVE', text: reading.text, error: reading.error };
    case 'move': {
      const note = noteLines(cursor.remaining());
      step = { ok: true, command: { kind: 'move', move: reading.move, ...(note !== '' && { note }) } };
      break;
    }
    case 'labelled': {
      const moves = lineMoves(cursor, 'line-moves', reading);
      step = moves.ok ? { ok: true, command: { kind: 'line-moves', lines: moves.lines } } : moves;
      break;
    }
    case 'keyword':
      step = reading.kind === 'conditional' ? conditional(cursor, line) : keywordCommand(cursor, reading.kind, reading.rest);
      break;
    default:
      return { ok: false, code: 'NO_COMMAND' };
  }
  if (!step.ok) return step;
  const extra = cursor.remaining().filter((l) => isCommand(readLine(l, tileSet)));
  if (extra.length > 0) return { ok: false, code: 'SEVERAL_COMMANDS', lines: [line, ...extra] };
  return step;
}
