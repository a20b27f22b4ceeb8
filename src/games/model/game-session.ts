// One game, locked, inside one transaction: what every action of the games service works
// on ("one action, one transaction, one lock", docs/style.md). Three roles, kept apart:
// - the loader (game-loader.repository.ts for an action, under the frame's row lock;
//   game.repository.ts `rows` and GameSession.open for a read or a frame's session): the game's rows;
// - the aggregate (GameSession's reads): those rows as the rules core reads them (`play`), and
//   what core/ derives from them — lines, turns, the dispute — replayed once per action;
// - the writer (GameSession's `apply…`, playMove, end, save): persists what the core decided
//   through the repository and keeps the loaded rows in step, then writes the cached state back
//   with the version and turn.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../auth/core/actor';
import { canArbitrate, sideInGame } from '../../auth/core/permissions';
import type { GameFact } from '../../mail/core/game-events';
import { localDate, toLocalDate, type DateRange, type LocalDate } from '../../common/calendar';
import type { Competition } from '../../competitions/competition.entity';
import type { Player } from '../../players/player.entity';
import type { Sequence } from '../../competitions/sequence.entity';
import type { Penalty } from '../../arbiter/penalty.entity';
import type { Dispute, DisputeLines } from '../entities/dispute.entity';
import { COLORS, type Color, type GameSetup, type GameState, type Lexicon, type MoveInput, type MoveRecord } from '../../engine';
import type { GameLine } from '../entities/game-line.entity';
import {
  findLine,
  gameSnapshot,
  liveLines,
  lineLabel,
  officialLine,
  pathOf,
  replayLine,
  resolveLine,
  type LineChanges,
} from '../core/lines';
import { decideMove, moveRow, type MoveTiming } from '../core/moves';
import { ARBITER_READER, PUBLIC_READER, playerReader, type MoveReader } from '../core/move-note';
import { gameSetup, type Play } from '../core/play';
import { decideEnd, endedByPlay } from '../core/endings';
import { orThrow } from '../core/refusal';
import { arrivalFor, completesTurn, contestedMove, owedLines, playedIn, turnPlayer } from '../core/turns';
import { refusals } from '../core/game-refusals';
import type { GameOutcome, LineLabel } from '../core/game-state';
import type { Game } from '../entities/game.entity';
import type { LongThinkingNotice } from '../entities/long-thinking-notice.entity';
import type { Move } from '../entities/move.entity';
import type { LineReplay, ReplayCache } from '../persistence/replay-cache';
import type { Holiday } from '../entities/holiday.entity';
import type { SpecialLeave } from '../entities/special-leave.entity';
import type { GameRowsCache } from '../persistence/game-rows-cache';
import { GameRepository, type GameRows } from '../persistence/game.repository';
import type { MailReads } from '../persistence/game-loader.repository';

export type { GameRows };

export interface PlayedMove {
  readonly move: Move;
  readonly record: MoveRecord;
}

/** What an action's loader gives a session besides its rows. */
export interface Preloaded {
  readonly holidays: readonly Holiday[];
  readonly leave: readonly SpecialLeave[];
}

/** How a session is opened: a read sharing the caches, or inside the frame under the lock it holds (game-write.ts). */
export interface OpenOptions {
  readonly lock?: false;
  readonly now: Date;
  readonly lexicon?: (competition: Competition) => Lexicon | undefined;
  readonly replays?: ReplayCache;
  readonly rows?: GameRowsCache;
}

function toRange(h: { readonly fromDay: string; readonly toDay: string }): DateRange {
  return { from: toLocalDate(h.fromDay), to: toLocalDate(h.toDay) };
}

/** What a game's timeline reads besides its moves (game-clocks.ts). */
export interface TimelineRows {
  readonly notices: LongThinkingNotice[];
  readonly penalties: Penalty[];
  readonly pauses: Readonly<Record<Color, DateRange[]>>;
}

// ================================================================ the aggregate

/** A session is its game's rows (assigned from GameRows) and what it derives from them. */
export class GameSession implements GameRows {
  declare readonly game: Game;
  declare readonly competition: Competition;
  declare readonly sequence: Sequence;
  declare readonly players: Readonly<Record<Color, Player>>;
  declare readonly lines: GameLine[];
  declare readonly moves: Move[];
  declare dispute: Dispute | null;
  declare labels: DisputeLines | null;

  /** Loads a game with its competition's word list, in the caller's unit of work (never locking it: the frame does). */
  static async open(games: GameRepository, gameId: string, options: OpenOptions): Promise<GameSession> {
    const rows = await games.rows(gameId, { cache: options.rows });
    return new GameSession(games, rows, options.now, options.lexicon?.(rows.competition), options.replays);
  }

  readonly setup: GameSetup;
  readonly today: LocalDate;
  /** The action's facts (mail/core/game-events.ts), written to the outbox together when it finishes. */
  readonly facts: GameFact[] = [];
  /** The rows as the rules core reads them (core/play.ts): always the session's current ones. */
  readonly play: Play<Move, GameLine> = new SessionPlay(this);
  private readonly replays = new Map<string, LineReplay>();
  private holidays?: Record<Color, DateRange[]>;
  private leave?: Record<Color, DateRange[]>;
  /** What a move's lock statement read for its mails, used instead of reading it again (preloadMailReads). */
  private mailReads?: MailReads;

  constructor(
    /** Reads and writes of the session's rows, in the unit of work it was opened in. */
    private readonly games: GameRepository,
    rows: GameRows,
    readonly now: Date,
    lexicon?: Lexicon,
    /** Replays shared between sessions (reads): keyed by their inputs, see replay-cache.ts. */
    private readonly sharedReplays?: ReplayCache,
    /** What an action's loader read with the rows (game-action-cache.ts): both players' absences, the lines' replays. */
    preloaded?: Preloaded,
  ) {
    Object.assign(this, rows);
    this.setup = gameSetup(this.competition, this.sequence, lexicon);
    this.today = localDate(now, this.competition.timeZone);
    if (preloaded) {
      this.holidays = this.currentHolidays(preloaded.holidays);
      this.leave = this.leaveOf(preloaded.leave);
    }
  }

  /**
   * The group's name, notices and penalties as the lock read them, given by the frame to an
   * action that writes none of them (a move, a pass): its mails then read nothing more.
   */
  preloadMailReads(reads: MailReads): void {
    this.mailReads = reads;
  }

  /** The group's name when the lock read it (preloadMailReads). */
  get knownGroupName(): string | undefined {
    return this.mailReads?.groupName;
  }

  /** Replays of this session's lines at its rows' version (game-action-cache.ts). */
  seedReplays(replays: ReadonlyMap<string, LineReplay>): void {
    for (const [lineId, replay] of replays) this.replays.set(lineId, replay);
  }

  /** Whether the competition has a word list: only then is a move's every word checked against one. */
  get hasWordList(): boolean {
    return this.setup.lexicon !== undefined;
  }

  /** Whether an action opened or closed lines or annulled moves: its rows are then more than appended. */
  get linesChanged(): boolean {
    return this.changedLines;
  }

  private changedLines = false;

  /** The replays this session holds, by line: what an action leaves for the next one at its version. */
  lineReplays(): ReadonlyMap<string, LineReplay> {
    return this.replays;
  }

  // ---------------------------------------------------------------- who acts

  /** The actor's colour: only the game's two players act as players in it. */
  requirePlayer(actor: Actor): Color {
    const color = sideInGame(actor, this.game);
    if (!color) throw refusals.unlessSeen(actor, this.game, this.competition, refusals.notYourGame());
    return color;
  }

  /** Whether the actor reads the whole game: its arbiter (or an admin, or the platform) or one of its two players. */
  canRead(actor: Actor): boolean {
    return canArbitrate(actor, this.competition, this.game) || sideInGame(actor, this.game) !== null;
  }

  /**
   * Who the actor reads the game as (core/move-note.ts decides what each reader sees): one of its
   * players, its arbiter (an admin, the platform), or, for anyone else, the public.
   */
  readerOf(actor: Actor): MoveReader {
    const color = sideInGame(actor, this.game);
    if (color) return playerReader(color);
    return canArbitrate(actor, this.competition, this.game) ? ARBITER_READER : PUBLIC_READER;
  }

  /** The game's arbiter or one of its players; anyone else is refused as requirePlayer refuses. */
  requireReader(actor: Actor): void {
    if (!this.canRead(actor)) this.requirePlayer(actor);
  }

  /** Only the competition's arbiter (or an admin, or the platform), never in a game they play. */
  requireArbiter(actor: Actor): void {
    if (!canArbitrate(actor, this.competition, this.game))
      throw refusals.unlessSeen(actor, this.game, this.competition, refusals.notArbiter());
  }

  requirePlaying(): void {
    if (this.game.status !== 'playing') throw refusals.gameOver();
  }

  colorOfPlayer(playerId: string): Color | null {
    return COLORS.find((c) => this.players[c].id === playerId) ?? null;
  }

  // ---------------------------------------------------------------- lines, turns, dispute (core/)

  line(id: string): GameLine {
    return findLine(this.play, id);
  }

  /** The live lines: one, or while an appeal waits for the ruling, A (the move stands) then B (replaced). */
  liveLines(): GameLine[] {
    return liveLines(this.play);
  }

  /** The official line when only one is live (docs/rules.md §6: the result comes from the kept line). */
  officialLine(): GameLine {
    return officialLine(this.play);
  }

  label(lineId: string): LineLabel | null {
    return lineLabel(this.play, lineId);
  }

  /** A line as a player names it (`A`/`B` or its id); UNKNOWN_LINE, or LINE_ANNULLED for a closed one. */
  resolveLine(name: string): GameLine {
    return orThrow(resolveLine(this.play, name));
  }

  /** The moves of a line, in order. */
  pathOf(lineId: string): Move[] {
    return pathOf(this.play, lineId);
  }

  /** The engine state at the end of a line (replayed once per action, then kept up to date). */
  replay(lineId: string): { state: GameState; records: readonly MoveRecord[] } {
    let replay = this.replays.get(lineId);
    if (!replay) {
      const path = this.pathOf(lineId);
      replay = this.sharedReplays
        ? this.sharedReplays.replay(this.setup, path, () => replayLine(this.setup, path))
        : replayLine(this.setup, path);
      this.replays.set(lineId, replay);
    }
    return replay;
  }

  state(lineId: string): GameState {
    return this.replay(lineId).state;
  }

  /** The player whose turn it is (core/turns.ts), or none when no line is left to play. */
  turnPlayer(): Color | null {
    return turnPlayer(this.play);
  }

  /** The live lines where `color` is to move: a turn is complete when there are none (docs/rules.md §6). */
  owedLines(color: Color): GameLine[] {
    return owedLines(this.play, color);
  }

  /** Whether `color` has already moved in the turn `turn`. */
  playedIn(turn: number, color: Color): boolean {
    return playedIn(this.play, turn, color);
  }

  /** The contested move of the dispute not yet settled, if any. */
  contestedMove(): Move | null {
    return contestedMove(this.play);
  }

  /** docs/rules.md §5: a move arrives the day the partner's last move was sent; RED's first, the day the game started. */
  arrivalFor(color: Color): LocalDate {
    return arrivalFor(this.play, color);
  }

  /** Every live line has ended by the engine's rules and no dispute waits: the game is over (docs/rules.md §4). */
  endedByPlay(): boolean {
    return endedByPlay(this.play);
  }

  // ---------------------------------------------------------------- loaded when needed

  /**
   * The days that are not the player's thinking days nor silence (docs/rules.md §5): their
   * holiday and any special leave the arbiter approved, in all their games (as the sweep
   * reads them: thinking-time.repository.ts loadTimelines).
   */
  async pausesOf(color: Color): Promise<DateRange[]> {
    if (!this.leave) {
      // Both tables at once on the pool (independent-queries.ts): a page waits for one round trip, not two.
      const [rows] = await this.games.independent([
        () => this.games.specialLeaveOf(this.competition.id, [this.game.redPlayerId, this.game.bluePlayerId]),
        () => this.holidaysOf(color),
      ]);
      this.leave = this.leaveOf(rows);
    }
    return [...(await this.holidaysOf(color)), ...this.leave[color]];
  }

  private leaveOf(rows: readonly SpecialLeave[]): Record<Color, DateRange[]> {
    const of = (playerId: string) => rows.filter((r) => r.playerId === playerId).map(toRange);
    return { red: of(this.game.redPlayerId), blue: of(this.game.bluePlayerId) };
  }

  private currentHolidays(rows: readonly Holiday[]): Record<Color, DateRange[]> {
    const current = rows.filter((h) => h.replacedAt === null);
    return {
      red: current.filter((h) => h.playerId === this.game.redPlayerId).map(toRange),
      blue: current.filter((h) => h.playerId === this.game.bluePlayerId).map(toRange),
    };
  }

  /** The player's current holidays in this competition (they cover all their games). */
  async holidaysOf(color: Color): Promise<DateRange[]> {
    if (!this.holidays) {
      this.holidays = this.currentHolidays(
        await this.games.holidaysOf(this.competition.id, [this.game.redPlayerId, this.game.bluePlayerId]),
      );
    }
    return this.holidays[color];
  }

  /** The long-thinking notices, the thinking-day penalties and both players' pauses: what the game's timeline reads. */
  async timelineRows(): Promise<TimelineRows> {
    if (this.mailReads) {
      const { notices, penalties } = this.mailReads;
      return { notices, penalties, pauses: { red: await this.pausesOf('red'), blue: await this.pausesOf('blue') } };
    }
    const [notices, penalties, red] = await this.games.independent([
      () => this.games.longThinkingNotices(this.game.id),
      () => this.games.thinkingDayPenalties(this.game.id),
      () => this.pausesOf('red'),
    ]);
    return { notices, penalties, pauses: { red, blue: await this.pausesOf('blue') } };
  }

  // ================================================================ the writer

  /** Writes what a decision does to the lines (core/lines.ts LineChanges): new lines, closed lines, annulled moves. */
  async applyLines(changes: LineChanges): Promise<GameLine[]> {
    this.changedLines = true;
    const opened = await this.games.openLines(
      changes.opened.map((l) => ({
        gameId: this.game.id,
        id: l.id,
        parentId: l.parentId,
        forkAfter: l.forkAfter,
        status: l.status,
        createdAt: this.now,
      })),
    );
    this.lines.push(...opened);
    for (const id of changes.closed) {
      this.line(id).status = 'closed';
      await this.games.closeLine(this.game.id, id);
      this.replays.delete(id);
    }
    if (changes.annulled.length) {
      const annulled = new Set(changes.annulled);
      await this.games.annulMoves(changes.annulled);
      for (const m of this.moves) if (annulled.has(m.id)) m.annulled = true;
    }
    return opened;
  }

  /** Plays `input` for `color` in a line: the core decides (core/moves.ts), the move is appended to the log. */
  async playMove(lineId: string, color: Color, input: MoveInput, timing: MoveTiming): Promise<PlayedMove> {
    const plan = orThrow(decideMove(this.play, lineId, color, input, timing, this.competition.timeZone));
    const ids = { id: randomUUID(), gameId: this.game.id, playerId: this.players[color].id };
    const move = await this.games.appendMove(moveRow(plan, ids, timing, await this.pausesOf(color)));
    const { records } = this.replay(lineId);
    this.moves.push(move);
    this.replays.set(lineId, { state: plan.state, records: [...records, plan.record] });
    return { move, record: plan.record };
  }

  /** Closes the turn when its player owes nothing more (core/turns.ts); returns whether it did. */
  completeTurnIfDone(): boolean {
    if (!completesTurn(this.play)) return false;
    this.game.turn += 1;
    return true;
  }

  /** Marks the game over: by the engine (no outcome) or by a recorded outcome (docs/rules.md §7). */
  async end(outcome: GameOutcome | null): Promise<void> {
    Object.assign(this.game, decideEnd(this.play, outcome), { endedAt: this.now });
    // An offer nobody answered lapses with the game.
    await this.games.lapsePendingOffers(this.game.id, this.now);
  }

  /** Writes the cached state, version and turn back to the locked row. */
  async save(): Promise<void> {
    this.game.state = gameSnapshot(this.play);
    this.game.version += 1;
    await this.games.saveState(this.game);
  }

  /** An imported game's start day, written to its row (moves.service.ts import). */
  async saveStartDay(): Promise<void> {
    await this.games.saveStartDay(this.game);
  }
}

/** The session's rows as core/play.ts reads them: read through, so the core always sees the current ones. */
class SessionPlay implements Play<Move, GameLine> {
  constructor(private readonly s: GameSession) {}

  get status() {
    return this.s.game.status;
  }

  get turn() {
    return this.s.game.turn;
  }

  get startedOn() {
    return this.s.game.startedOn;
  }

  get lines() {
    return this.s.lines;
  }

  get moves() {
    return this.s.moves;
  }

  get dispute() {
    return this.s.dispute;
  }

  get labels() {
    return this.s.labels;
  }

  stateOf(lineId: string): GameState {
    return this.s.state(lineId);
  }
}
