// A game "on the table" for the core's tests: plain rows in memory, replayed by the engine,
// changed only through the core's decisions — the games service's session does the same
// against the database. Deterministic random games come from the engine's testing helpers.
import { getTileSet, newGame, type Color, type GameSetup, type GameState, type MoveInput, type TileSetId } from '../../../engine';
import { randomMove, randomSequence, seededRandom } from '../../../engine/testing/random-game';
import { addDays, type LocalDate } from '../../../common/calendar';
import { decideAppeal, decideContest } from '../disputes';
import { OPENING_LINE, pathOf, replayLine, type LineChanges } from '../lines';
import { decideMove } from '../moves';
import type { AppealLines, Decided, Play, PlayDispute, PlayLine, PlayMove, PlayStatus } from '../play';
import { isRefusal, orThrow } from '../refusal';
import { completesTurn, turnPlayer } from '../turns';

export const START: LocalDate = '2027-02-01';

export interface TableMove extends PlayMove {
  readonly recordedScore: number;
}

/** The rows a decision may read: what a test compares before and after. */
export function rowsOf(play: Play): unknown {
  const { status, turn, startedOn, lines, moves, dispute, labels } = play;
  return structuredClone({ status, turn, startedOn, lines, moves, dispute, labels });
}

/** Freezes the rows deeply: a decision that tried to change them would throw. */
export function frozen<T extends Play>(play: T): T {
  const freeze = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
    Object.freeze(value);
    for (const v of Object.values(value)) freeze(v);
  };
  for (const rows of [play.lines, play.moves, play.dispute, play.labels]) freeze(rows);
  return play;
}

export class TableGame implements Play<TableMove> {
  status: PlayStatus = 'playing';
  turn = 1;
  readonly startedOn = START;
  lines: PlayLine[] = [OPENING_LINE];
  moves: TableMove[] = [];
  dispute: PlayDispute | null = null;
  labels: AppealLines | null = null;
  /** The day moves are sent: each move the next day by default. */
  day: LocalDate = START;
  private readonly states = new Map<string, GameState>();
  private nextId = 1;

  constructor(readonly setup: GameSetup) {}

  /** A game on a random sequence of the tile set, deterministic per seed. */
  static random(seed: number, tileSet: TileSetId = 'ro'): TableGame {
    const sequence = randomSequence(getTileSet(tileSet), seededRandom(seed));
    return new TableGame({ tileSet, sequence, rules: { handicap: false, zeroTurnsToEnd: 6, endRackRule: 'transfer' } });
  }

  stateOf(lineId: string): GameState {
    const path = pathOf(this, lineId);
    // A path ends at one move of one line: that move (and the path's length) names it.
    const key = `${path.length}:${path.at(-1)?.id ?? ''}`;
    let state = this.states.get(key);
    if (!state) {
      state = path.length ? replayLine(this.setup, path).state : newGame(this.setup);
      this.states.set(key, state);
    }
    return state;
  }

  /** Writes a decision's line changes as the session's writer does. */
  applyLines(changes: LineChanges): void {
    this.lines = [...this.lines, ...changes.opened];
    this.lines = this.lines.map((l) => (changes.closed.includes(l.id) ? { ...l, status: 'closed' as const } : l));
    this.moves = this.moves.map((m) => (changes.annulled.includes(m.id) ? { ...m, annulled: true } : m));
  }

  /** Plays a move through the core (decideMove), sent on `day` (default: the next day). */
  play(lineId: string, color: Color, input: MoveInput, day?: LocalDate): Decided<TableMove> {
    const sentOn = day ?? (this.day = addDays(this.day, 1));
    const plan = decideMove(this, lineId, color, input, { receivedAt: new Date(`${sentOn}T12:00:00Z`), sentOn }, 'UTC');
    if (isRefusal(plan)) return plan;
    const move: TableMove = {
      id: `m${this.nextId++}`,
      lineId,
      number: plan.record.n,
      turn: this.turn,
      color,
      kind: plan.record.type,
      notation: plan.record.notation,
      words: plan.record.words.map((w) => ({ word: w.word })),
      sentOn: plan.sentOn,
      annulled: false,
      recordedScore: plan.record.recorded,
    };
    this.moves = [...this.moves, move];
    return move;
  }

  /** A random legal move for whoever is to move in the line, played; throws on a refusal (the test's own mistake). */
  playRandom(lineId: string, random: () => number): TableMove {
    const state = this.stateOf(lineId);
    const move = this.play(lineId, state.toMove, randomMove(state, random));
    if (isRefusal(move)) throw new Error(`${move.code}: ${move.message}`);
    return move;
  }

  /** Closes the turn when its player owes nothing more, as the session does. */
  completeTurnIfDone(): boolean {
    if (!completesTurn(this)) return false;
    this.turn += 1;
    return true;
  }

  /** `n` random legal moves in `main`, each turn closed: a plain game before any dispute. */
  playOn(n: number, random: () => number): this {
    for (let i = 0; i < n && !this.stateOf('main').over; i++) {
      this.playRandom('main', random);
      this.completeTurnIfDone();
    }
    return this;
  }

  /** `n` moves or more, to a placement: the partner contests all its words, with a random reply (turn closed). */
  contestLast(n: number, random: () => number): { contested: TableMove; reply: TableMove } {
    this.playOn(n, random);
    // "Or more": a game that opened with passes plays on to its first placement.
    while (!this.moves.some((m) => m.kind !== 'pass') && !this.stateOf('main').over) this.playOn(1, random);
    // A pass forms no word to contest, and a move that ended the game leaves no reply: back to a placement before the end.
    let k = this.moves.length;
    while (k > 0 && (this.moves[k - 1].kind === 'pass' || this.stateOf('main').over)) {
      this.moves = this.moves.slice(0, --k);
    }
    if (k === 0) throw new Error('no placement to contest in this game');
    this.turn = k + 1;
    this.day = this.moves[k - 1].sentOn as LocalDate;
    const words = this.moves.at(-1)!.words.map((w) => w.word);
    const contest = orThrow(decideContest(this, turnPlayer(this)!, { words }, 'ro'));
    const reply = this.playRandom(contest.line.id, random);
    this.dispute = { id: 'd1', status: 'open', contestedMoveId: contest.contested.id, lines: null };
    this.completeTurnIfDone();
    return { contested: contest.contested, reply };
  }

  /** As contestLast, then the mover appeals: lines A (`main`) and B (`f1`) live, the mover to move in both. */
  appealLast(n: number, random: () => number): { contested: TableMove; reply: TableMove } {
    const contest = this.contestLast(n, random);
    const appeal = orThrow(decideAppeal(this, contest.contested.color, undefined));
    this.applyLines(appeal.changes);
    this.dispute = { ...this.dispute!, status: 'appealed', lines: appeal.lines };
    this.labels = appeal.lines;
    return contest;
  }
}
