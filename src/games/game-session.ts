// One game, locked, inside one transaction: what every action of the games service works
// on ("one action, one transaction, one lock", STYLE.md). It loads the rows once, replays
// the live lines through the engine, appends moves, forks and closes lines, ends the game,
// and finally writes the cached state back with the version and turn.
import { randomUUID } from 'node:crypto';
import { In, type EntityManager } from 'typeorm';
import type { Actor } from '../auth/actor';
import { canArbitrate, sideInGame } from '../auth/permissions';
import { insertRows } from '../database/insert-rows';
import type { Notification } from '../mail/notifications';
import { compareDays, localDate, thinkingDaysForMove, toLocalDate, type DateRange, type LocalDate } from '../thinking-time';
import type { Competition } from '../competitions/competition.entity';
import type { Player } from '../competitions/player.entity';
import type { Sequence } from '../competitions/sequence.entity';
import { Dispute, type DisputeLines } from './dispute.entity';
import { applyMove, COLORS, type Color, type GameSetup, type GameState, type Lexicon, type MoveInput, type MoveRecord } from './engine';
import { GameLine } from './game-line.entity';
import { linePath, MAIN_LINE, nextLineId, replayLine } from './game-lines';
import { refusals } from './game-refusals';
import { lineSnapshot, type GameOutcome, type LineLabel } from './game-state';
import { Game } from './game.entity';
import { Holiday } from './holiday.entity';
import { SpecialLeave } from '../thinking-time/special-leave.entity';
import { Move, type MoveSource } from './move.entity';
import { Offer } from './offer.entity';
import type { ReplayCache } from './replay-cache';
import { GAME_ROWS_MARK_SQL, type GameRowsCache, type GameRowsMark } from './game-rows-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function otherColor(color: Color): Color {
  return color === 'red' ? 'blue' : 'red';
}

/** When and how a move reached the platform. */
export interface MoveTiming {
  readonly receivedAt: Date;
  /** The day it was sent; default: the day it was received, in the competition's time zone. */
  readonly sentOn?: LocalDate;
  /** The day the partner's move reached the mover; default: the day that move was sent (RULES.md §5). */
  readonly arrivedOn?: LocalDate;
  readonly source: MoveSource;
  readonly inboundMailId?: string | null;
  readonly idempotencyKey?: string | null;
}

export interface PlayedMove {
  readonly move: Move;
  readonly record: MoveRecord;
}

/** The rows of a game that every action needs, loaded under the game's row lock. */
export interface GameRows {
  readonly game: Game;
  readonly competition: Competition;
  readonly sequence: Sequence;
  readonly players: Readonly<Record<Color, Player>>;
  readonly lines: GameLine[];
  readonly moves: Move[];
  /** The dispute not yet settled (open or appealed), if any: RULES.md §6 allows one. */
  dispute: Dispute | null;
  /** The lines players know as A and B: those of the latest appeal, even once ruled. */
  labels: DisputeLines | null;
}

function loadPlayRows(manager: EntityManager, gameId: string): Promise<[GameLine[], Move[], Dispute[]]> {
  return Promise.all([
    manager.find(GameLine, { where: { gameId }, order: { createdAt: 'ASC', id: 'ASC' } }),
    manager.find(Move, { where: { gameId }, order: { lineId: 'ASC', number: 'ASC' } }),
    manager.find(Dispute, { where: { gameId }, order: { createdAt: 'DESC' } }),
  ]);
}

async function readMark(manager: EntityManager, gameId: string): Promise<GameRowsMark | undefined> {
  const rows = (await manager.query(GAME_ROWS_MARK_SQL, [gameId])) as GameRowsMark[];
  return rows[0] && { version: Number(rows[0].version), days: rows[0].days };
}

/**
 * Loads a game's rows; with `lock`, the game row is locked for the rest of the transaction.
 * A read (no lock) given `cache` takes the lines, moves and disputes from it while the
 * database's mark is the one they were read under (game-rows-cache.ts).
 */
export async function loadGameRows(manager: EntityManager, gameId: string, { lock, cache }: { lock: boolean; cache?: GameRowsCache }): Promise<GameRows> {
  // A read needs no lock: the row with its relations below is the existence check (one query less per page).
  if (lock) await findGame(manager, gameId, { lock });
  else if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
  const reading = !lock && cache !== undefined;
  const [found, mark, play] = await Promise.all([
    manager.findOne(Game, { where: { id: gameId }, relations: { competition: true, sequence: true, redPlayer: true, bluePlayer: true } }),
    reading ? readMark(manager, gameId) : undefined,
    reading ? undefined : loadPlayRows(manager, gameId),
  ]);
  if (!found) throw refusals.unknownGame(gameId);
  let lines: GameLine[], moves: Move[], disputes: Dispute[];
  if (play) [lines, moves, disputes] = play;
  else {
    // The game row and the mark must agree, else an action committed between them: no cache.
    const cached = mark && mark.version === found.version ? cache!.take(gameId, mark) : undefined;
    if (cached) {
      // Fresh arrays: a session may push to its own (the entities are only read by reads).
      [lines, moves, disputes] = [[...cached.lines], [...cached.moves], [...cached.disputes]];
    } else {
      [lines, moves, disputes] = await loadPlayRows(manager, gameId);
      if (mark && mark.version === found.version) {
        cache!.keep(gameId, mark, await readMark(manager, gameId), { lines: [...lines], moves: [...moves], disputes: [...disputes] });
      }
    }
  }
  const { competition, sequence, redPlayer, bluePlayer, ...row } = found;
  return {
    game: Object.assign(new Game(), row),
    competition: competition!,
    sequence: sequence!,
    players: { red: redPlayer!, blue: bluePlayer! },
    lines,
    moves,
    dispute: disputes.find((d) => d.status === 'open' || d.status === 'appealed') ?? null,
    labels: disputes.find((d) => d.appealedAt !== null)?.lines ?? null,
  };
}

/**
 * The game row, or UNKNOWN_GAME. With `lock`, `SELECT … FOR UPDATE`: every action on a game
 * holds its row until it commits, so two actions on one game never interleave.
 */
export async function findGame(manager: EntityManager, gameId: string, { lock }: { lock: boolean }): Promise<Game> {
  if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
  const game = await manager.findOne(Game, { where: { id: gameId }, ...(lock && { lock: { mode: 'pessimistic_write' as const } }) });
  if (!game) throw refusals.unknownGame(gameId);
  return game;
}

/** The engine setup of a game: its competition's tile set and rules, its series' sequence. */
export function gameSetup(competition: Competition, sequence: Pick<Sequence, 'tiles'>, lexicon?: Lexicon): GameSetup {
  return {
    tileSet: competition.tileSet,
    sequence: sequence.tiles,
    rules: { handicap: competition.handicap, zeroTurnsToEnd: competition.zeroTurnsToEnd, endRackRule: competition.endRackRule },
    lexicon,
  };
}

/** A session is its game's rows (merged in from GameRows) and what it derives from them. */
export interface GameSession extends GameRows {}

export class GameSession {
  /** Loads a game (locked for the transaction with `lock`) with its competition's word list. */
  static async open(
    manager: EntityManager,
    gameId: string,
    {
      lock,
      now,
      lexicon,
      replays,
      rows: rowsCache,
    }: { lock: boolean; now: Date; lexicon?: (competition: Competition) => Lexicon | undefined; replays?: ReplayCache; rows?: GameRowsCache },
  ): Promise<GameSession> {
    const rows = await loadGameRows(manager, gameId, { lock, cache: rowsCache });
    return new GameSession(manager, rows, now, lexicon?.(rows.competition), replays);
  }

  readonly setup: GameSetup;
  readonly today: LocalDate;
  /** The action's notifications, written to the outbox together when it finishes. */
  readonly outbox: Notification[] = [];
  private readonly replays = new Map<string, { state: GameState; records: readonly MoveRecord[] }>();
  private holidays?: Record<Color, DateRange[]>;
  private leave?: Record<Color, DateRange[]>;

  constructor(
    readonly manager: EntityManager,
    rows: GameRows,
    readonly now: Date,
    lexicon?: Lexicon,
    /** Replays shared between sessions (reads): keyed by their inputs, see replay-cache.ts. */
    private readonly sharedReplays?: ReplayCache,
  ) {
    Object.assign(this, rows);
    this.setup = gameSetup(this.competition, this.sequence, lexicon);
    this.today = localDate(now, this.competition.timeZone);
  }

  // ---------------------------------------------------------------- who acts

  /** The actor's colour: only the game's two players act as players in it. */
  requirePlayer(actor: Actor): Color {
    const color = sideInGame(actor, this.game);
    if (!color) throw refusals.unlessSeen(actor, this.game, this.competition, refusals.notYourGame());
    return color;
  }

  /** Only the competition's arbiter (or an admin, or the platform), never in a game they play. */
  requireArbiter(actor: Actor): void {
    if (!canArbitrate(actor, this.competition, this.game)) throw refusals.unlessSeen(actor, this.game, this.competition, refusals.notArbiter());
  }

  requirePlaying(): void {
    if (this.game.status !== 'playing') throw refusals.gameOver();
  }

  // ---------------------------------------------------------------- lines

  line(id: string): GameLine {
    const line = this.lines.find((l) => l.id === id);
    if (!line) throw new Error(`game ${this.game.id} has no line ${id}`);
    return line;
  }

  /** The live lines: one, or while an appeal waits for the ruling, A (the move stands) then B (replaced). */
  liveLines(): GameLine[] {
    const live = this.lines.filter((l) => l.status === 'live');
    const lines = this.dispute?.status === 'appealed' ? this.dispute.lines : null;
    return lines ? [this.line(lines.stands), this.line(lines.replaced)].filter((l) => live.includes(l)) : live;
  }

  /** The official line when only one is live (RULES.md §6: the result comes from the kept line). */
  officialLine(): GameLine {
    const live = this.liveLines();
    if (live.length !== 1) throw new Error(`game ${this.game.id} has ${live.length} live lines`);
    return live[0];
  }

  label(lineId: string): LineLabel | null {
    const lines = this.dispute?.status === 'appealed' ? this.dispute.lines : null;
    if (lines?.stands === lineId) return 'A';
    if (lines?.replaced === lineId) return 'B';
    return null;
  }

  /**
   * A line as a player names it: `A`/`B` as the latest appeal labelled them (replies may
   * still carry the labels after the ruling), or its id. A closed line is LINE_ANNULLED.
   */
  resolveLine(name: string): GameLine {
    const label = name.toUpperCase();
    const id = this.labels && (label === 'A' || label === 'B') ? (label === 'A' ? this.labels.stands : this.labels.replaced) : name;
    const line = this.lines.find((l) => l.id === id);
    if (!line) throw refusals.unknownLine(name);
    if (line.status !== 'live') throw refusals.lineAnnulled(name);
    return line;
  }

  /** The moves of a line, in order. */
  pathOf(lineId: string): Move[] {
    return linePath(new Map(this.lines.map((l) => [l.id, l])), this.moves, lineId);
  }

  /** The engine state at the end of a line (replayed once per action, then kept up to date). */
  replay(lineId: string): { state: GameState; records: readonly MoveRecord[] } {
    let replay = this.replays.get(lineId);
    if (!replay) {
      const path = this.pathOf(lineId);
      replay = this.sharedReplays ? this.sharedReplays.replay(this.setup, path, () => replayLine(this.setup, path)) : replayLine(this.setup, path);
      this.replays.set(lineId, replay);
    }
    return replay;
  }

  state(lineId: string): GameState {
    return this.replay(lineId).state;
  }

  /**
   * A new line sharing `from`'s first `after` moves. With `closeParent`, `from` is left: its
   * moves after the fork are annulled (a withdrawal, a ruling, an annulment).
   */
  async fork(from: string, after: number, { closeParent }: { closeParent: boolean }): Promise<GameLine> {
    const line = this.manager.create(GameLine, {
      gameId: this.game.id,
      id: nextLineId(this.lines),
      parentId: from,
      forkAfter: after,
      status: 'live',
      createdAt: this.now,
    });
    await insertRows(this.manager, GameLine, line);
    this.lines.push(line);
    if (closeParent) await this.closeLine(from, line.id);
    return line;
  }

  /** Leaves a line for `kept`: its moves that are not part of the kept line are annulled (kept on record). */
  async closeLine(lineId: string, kept: string): Promise<void> {
    const line = this.line(lineId);
    const keptMoves = new Set(this.pathOf(kept).map((m) => m.id));
    const voided = this.moves.filter((m) => m.lineId === lineId && !keptMoves.has(m.id) && !m.annulled);
    line.status = 'closed';
    await this.manager.update(GameLine, { gameId: this.game.id, id: lineId }, { status: 'closed' });
    if (voided.length) {
      await this.manager.update(Move, { id: In(voided.map((m) => m.id)) }, { annulled: true });
      for (const m of voided) m.annulled = true;
    }
    this.replays.delete(lineId);
  }

  // ---------------------------------------------------------------- turns

  /**
   * The player whose turn it is: the mover of the turn's first move if it has one (they may
   * still owe a move in the other line), else whoever is to move in the lines still playing.
   */
  turnPlayer(): Color | null {
    const started = this.moves.find((m) => m.turn === this.game.turn);
    if (started) return started.color;
    const playing = this.liveLines().filter((l) => !this.state(l.id).over);
    return playing.length ? this.state(playing[0].id).toMove : null;
  }

  /** The live lines where `color` is to move: a turn is complete when there are none (RULES.md §6). */
  owedLines(color: Color): GameLine[] {
    return this.liveLines().filter((l) => {
      const state = this.state(l.id);
      return !state.over && state.toMove === color;
    });
  }

  /** Closes the turn when its player owes nothing more; returns whether it did. */
  completeTurnIfDone(): boolean {
    const player = this.turnPlayer();
    if (player === null || this.owedLines(player).length > 0) return false;
    this.game.turn += 1;
    return true;
  }

  /** Whether `color` has already moved in the turn `turn`. */
  playedIn(turn: number, color: Color): boolean {
    return this.moves.some((m) => m.turn === turn && m.color === color);
  }

  /** The contested move of the open dispute (not yet answered), if any. */
  contestedMove(): Move | null {
    const id = this.dispute?.contestedMoveId;
    return this.moves.find((m) => m.id === id) ?? null;
  }

  // ---------------------------------------------------------------- moves

  /**
   * The days that are not the player's thinking days nor silence (RULES.md §5): their
   * holiday and any special leave the arbiter approved, in all their games (as the sweep
   * reads them: thinking-time.repository.ts loadTimelines).
   */
  async pausesOf(color: Color): Promise<DateRange[]> {
    if (!this.leave) {
      // Both tables at once: a page waits for one round trip, not two.
      const [rows] = await Promise.all([
        this.manager.find(SpecialLeave, { where: { competitionId: this.competition.id, playerId: In([this.game.redPlayerId, this.game.bluePlayerId]) } }),
        this.holidaysOf(color),
      ]);
      const of = (playerId: string) => rows.filter((r) => r.playerId === playerId).map((r) => ({ from: toLocalDate(r.fromDay), to: toLocalDate(r.toDay) }));
      this.leave = { red: of(this.game.redPlayerId), blue: of(this.game.bluePlayerId) };
    }
    return [...(await this.holidaysOf(color)), ...this.leave[color]];
  }

  /** The player's current holidays in this competition (they cover all their games). */
  async holidaysOf(color: Color): Promise<DateRange[]> {
    if (!this.holidays) {
      const rows = await this.manager.find(Holiday, {
        where: { competitionId: this.competition.id, playerId: In([this.game.redPlayerId, this.game.bluePlayerId]) },
      });
      const current = rows.filter((h) => h.replacedAt === null);
      this.holidays = {
        red: current.filter((h) => h.playerId === this.game.redPlayerId).map(toRange),
        blue: current.filter((h) => h.playerId === this.game.bluePlayerId).map(toRange),
      };
    }
    return this.holidays[color];
  }

  /** RULES.md §5: a move arrives the day the partner's last move was sent; RED's first, the day the game started. */
  arrivalFor(color: Color): LocalDate {
    const days = this.moves.filter((m) => m.color !== color).map((m) => m.sentOn);
    return toLocalDate(days.length ? days.sort().at(-1)! : this.game.startedOn);
  }

  /** Plays `input` for `color` in a line: the engine decides, the move is appended to the log. */
  async play(lineId: string, color: Color, input: MoveInput, timing: MoveTiming): Promise<PlayedMove> {
    const { state, records } = this.replay(lineId);
    if (state.over) throw refusals.gameOver();
    if (state.toMove !== color) throw refusals.notYourTurn();
    const step = applyMove(state, input);
    if (!step.ok) throw refusals.illegalMove(step, this.label(lineId) ?? undefined);
    const record = step.record;
    const arrivedOn = timing.arrivedOn ?? this.arrivalFor(color);
    const sentOn = timing.sentOn ?? localDate(timing.receivedAt, this.competition.timeZone);
    // RED's first move "arrives" with the game sheet on the start day: nothing is played before.
    if (compareDays(sentOn, arrivedOn) < 0) throw refusals.notStarted(this.game.startedOn);
    const move = this.manager.create(Move, {
      id: randomUUID(),
      gameId: this.game.id,
      lineId,
      number: record.n,
      turn: this.game.turn,
      playerId: this.players[color].id,
      color,
      kind: record.type,
      notation: record.notation,
      written: typeof input === 'string' ? input : record.notation,
      tiles: [...record.tiles],
      words: [...record.words],
      unknownWords: [...record.unknownWords],
      score: record.score,
      recordedScore: record.recorded,
      arrivedOn,
      sentOn,
      receivedAt: timing.receivedAt,
      thinkingDays: thinkingDaysForMove(arrivedOn, sentOn, await this.pausesOf(color)),
      source: timing.source,
      inboundMailId: timing.inboundMailId ?? null,
      idempotencyKey: timing.idempotencyKey ?? null,
      annulled: false,
    });
    await insertRows(this.manager, Move, move);
    this.moves.push(move);
    this.replays.set(lineId, { state: step.state, records: [...records, record] });
    return { move, record };
  }

  // ---------------------------------------------------------------- the end

  /** Every live line has ended by the engine's rules and no dispute waits: the game is over (RULES.md §4). */
  endedByPlay(): boolean {
    return this.game.status === 'playing' && !this.dispute && this.liveLines().every((l) => this.state(l.id).over);
  }

  /** Marks the game over: by the engine (no outcome) or by a recorded outcome (RULES.md §7). */
  async end(outcome: GameOutcome | null): Promise<void> {
    this.game.status = 'ended';
    this.game.endedAt = this.now;
    this.game.outcome = outcome;
    this.game.endReason = outcome?.type ?? this.state(this.officialLine().id).endReason ?? null;
    // An offer nobody answered lapses with the game.
    await this.manager.update(Offer, { gameId: this.game.id, status: 'pending' }, { status: 'lapsed', answeredAt: this.now });
  }

  /** Writes the cached state, version and turn back to the locked row. */
  async save(): Promise<void> {
    this.game.state = { lines: this.liveLines().map((l) => lineSnapshot(l.id, this.label(l.id), this.state(l.id))) };
    this.game.version += 1;
    await this.manager.update(
      Game,
      { id: this.game.id },
      {
        state: this.game.state,
        version: this.game.version,
        turn: this.game.turn,
        status: this.game.status,
        endedAt: this.game.endedAt,
        endReason: this.game.endReason,
        outcome: this.game.outcome,
      },
    );
  }

  colorOfPlayer(playerId: string): Color | null {
    return COLORS.find((c) => this.players[c].id === playerId) ?? null;
  }
}

function toRange(h: Holiday): DateRange {
  return { from: toLocalDate(h.fromDay), to: toLocalDate(h.toDay) };
}

/** A new game's `main` line: every game has one from its start. */
export function openingLine(gameId: string, now: Date): GameLine {
  return { gameId, id: MAIN_LINE, parentId: null, forkAfter: 0, status: 'live', createdAt: now };
}
