import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import { CasesService } from '../../arbiter/cases.service';
import { AuditService } from '../../audit/audit.service';
import type { Actor } from '../../auth/core/actor';
import { Clock } from '../../common/clock';
import { SETTINGS, type Settings } from '../../config/settings';
import { Database } from '../../database/database';
import { Notifications, type ArbiterAddress } from '../../notifications/notifications.service';
import type { GameFact } from '../../mail/core/game-events';
import { asksWhatToSend } from '../../mail/core/event-mails';
import { mailSnapshot } from '../model/game-mail-snapshot';
import { toLocalDate, type LocalDate } from '../../common/calendar';
import { requirePlayOpen } from '../core/closing-guard';
import { refusals } from '../core/game-refusals';
import { decideNote, playerReader } from '../core/move-note';
import { orThrow } from '../core/refusal';
import type { MoveTiming } from '../core/moves';
import type { Color, PlacedTile } from '../../engine';
import { GameAnalysisService } from '../reads/game-analysis.service';
import { ConditionalReplies } from './conditional-replies.service';
import { closeSilenceCasesAtEnd } from './game-end-cases';
import { GameSession } from '../model/game-session';
import { GameRepository } from '../persistence/game.repository';
import { CompetitionsRepository } from '../../competitions/competitions.repository';
import { GameLoader } from '../persistence/game-loader.repository';
import { GameReadModel } from '../model/game-read-model.service';
import { GameWrite, replayed } from './game-write';
import type { Game } from '../entities/game.entity';
import { moveView, type ActionResult, type MoveView } from '../model/game-views';
import { Lexicons } from '../persistence/lexicons.service';
import type { MoveSource } from '../entities/move.entity';
import { replayKey } from '../persistence/replay-cache';
import { receiptKeyOf, type ActionReceipt, type ReceiptKey } from '../entities/action-receipt.entity';
import type { GamePlayRows } from '../persistence/game.repository';
import { ResultProposals, type EndedGame } from './result-proposals.service';
import { jsonResult, resultView } from '../model/result-view';

/** A move as a player sends it: FRSc text (`h8 CASA`, `PAS`), or tiles on squares from a web board. */
export type PlayerMove = string | { readonly kind: 'tiles'; readonly tiles: readonly PlacedTile[] };

/** What every action of a player may carry. */
export interface ActionInput {
  /** The mail's Message-ID or a form token: a repeat returns the first result instead of acting twice. */
  readonly idempotencyKey?: string;
  /** Runs inside the action's transaction, after its work (or on a repeated key): e.g. the mail marks itself applied, so both commit together. */
  readonly inTransaction?: InTransaction;
}

/** What every player submission (a move, a pass, a contest and its answers) may carry. */
export interface SubmitOptions extends ActionInput {
  readonly source?: Exclude<MoveSource, 'arbiter'>;
  readonly inboundMailId?: string;
  /** The turn the client answers (the reply token's, the form's): a stale one is refused. */
  readonly expectedTurn?: number;
  /** A short comment the partner sees with the move (core/move-note.ts). */
  readonly note?: string | null;
}

/** The caller's work in the action's transaction (the mail pipeline marks its mail applied there): it runs in the same unit of work. */
export type InTransaction = (result: ActionResult | object) => Promise<void>;

/** One move when one line is owed; one per line (by label `A`/`B` or line id) while two lines are live. */
export interface TurnMoves {
  readonly move?: PlayerMove;
  readonly lines?: Readonly<Record<string, PlayerMove>>;
}

/** How an action is framed: its name in the receipt, its idempotency key, the caller's work in the same transaction. */
export interface ActionOptions {
  /** Named in the receipt: a key reused for another action is refused. */
  readonly action: string;
  readonly idempotencyKey?: string;
  readonly inTransaction?: InTransaction;
}

/**
 * The frame every write to a game runs in (docs/architecture.md, "The action frame"): the
 * player's and the arbiter's actions on a game's session, a write on one game by a caller that
 * checked its own right (the system's sweep, a mail command, a result's answer, a declaration)
 * and a write on several (a player's games, locked together in id order). One write is one
 * transaction holding the rows of its games (the loader's lock statement, taken here alone):
 * it checks who acts, replays a repeated key's receipt (by game, actor and key), runs the
 * service's work, bumps the version of every game it changed, then ends the game if it came to
 * an end, writes the cached state and the outbox rows, all before commit; after the commit it
 * tells the read model which games it wrote (game-read-model.service.ts). A refusal is a typed Refusal
 * thrown inside the transaction: nothing it touched is kept.
 */
@Injectable()
export class GameActions {
  /** The write this code runs in: a frame entered inside another joins it (a homologation inside the arbiter's action). */
  private readonly open = new AsyncLocalStorage<{ readonly write: GameWrite; readonly unit: object }>();

  /** The one lock statement's owner, the frame's alone (game-loader.repository.ts). */
  private readonly loader: GameLoader;

  constructor(
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'gameCacheGames' | 'publicUrl'>,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly cases: CasesService,
    private readonly results: ResultProposals,
    private readonly notifications: Notifications,
    private readonly lexicons: Lexicons,
    private readonly games: GameRepository,
    private readonly analysis: GameAnalysisService,
    private readonly conditionals: ConditionalReplies,
    private readonly competitions: CompetitionsRepository,
    /** Every cache of what games show, told here after each commit (game-read-model.service.ts). */
    readonly readModel: GameReadModel,
  ) {
    this.loader = new GameLoader(db);
  }

  /** Line replays shared by the reads (game-read-model.service.ts). */
  get replays() {
    return this.readModel.replays;
  }

  /** The reads' rows while the game's version is unchanged (game-read-model.service.ts). */
  get rows() {
    return this.readModel.rows;
  }

  /** What the last committed action on a game left for the next one here (game-read-model.service.ts). */
  get committed() {
    return this.readModel.committed;
  }

  /**
   * A write to games by a caller that checked its own right, or the system's: `work` locks the
   * games it writes through `w` (one, or a player's several in id order), in one transaction, or
   * in the frame already open in this one. After the commit the read model forgets what it held
   * of the games written.
   */
  write<T>(work: (w: GameWrite) => Promise<T>): Promise<T> {
    // The store passes to what the work starts too (a wake-up, a timer): joined only inside the same transaction.
    const joined = this.db.inTransaction ? this.open.getStore() : undefined;
    if (joined && joined.unit === this.loader.unitOfWork()) return work(joined.write);
    return this.db.transaction(async () => {
      const w = new GameWrite({
        loader: this.loader,
        games: this.games,
        clock: this.clock,
        readModel: this.readModel,
        lexicon: (c) => this.lexicons.forCompetition(c),
      });
      this.db.afterCommit(() => this.readModel.written(w.written(), w.kept));
      return this.open.run({ write: w, unit: this.loader.unitOfWork() }, () => work(w));
    });
  }

  /**
   * A write on one game, its row locked, by a caller that checks its own right on the row (a
   * mail command, a result's answer, a declaration, the sweep); `inTransaction` runs after the
   * work with its result (the mail marks itself applied).
   */
  onGame<T extends object>(
    gameId: string,
    work: (game: Game, w: GameWrite) => Promise<T>,
    options: { readonly inTransaction?: InTransaction } = {},
  ): Promise<T> {
    return this.write(async (w) => {
      const result = await work(await w.lock(gameId), w);
      await options.inTransaction?.(result);
      return result;
    });
  }

  /** An action of one of the game's two players, who acts as `color`; `action` names it in the receipt. */
  asPlayer(
    actor: Actor,
    gameId: string,
    action: string,
    input: ActionInput,
    work: (s: GameSession, color: Color) => Promise<ActionResult>,
  ): Promise<ActionResult> {
    const options = { action, idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction };
    return this.act(actor, gameId, options, (s) => s.requirePlayer(actor), work);
  }

  /** An action of the competition's arbiter, never in a game they play in. */
  asArbiter(actor: Actor, gameId: string, options: ActionOptions, work: (s: GameSession) => Promise<ActionResult>): Promise<ActionResult> {
    return this.act(actor, gameId, options, (s) => s.requireArbiter(actor), work);
  }

  /**
   * One action: one transaction, the game's row lock, the actor's right to act, the
   * idempotency receipt (the actor's: another's key is not theirs), the work, then the end of
   * the game if it came, the cached state, and "your move" to whoever the turn passed to.
   */
  private act<Who>(
    actor: Actor,
    gameId: string,
    options: ActionOptions,
    authorize: (s: GameSession) => Who,
    work: (s: GameSession, who: Who) => Promise<ActionResult>,
  ): Promise<ActionResult> {
    return this.write(async (w) => {
      const key = receiptKeyOf(actor, options.idempotencyKey);
      const { s, receipt: found } = await this.locked(gameId, key, options.action);
      w.holds(gameId);
      w.opened(s);
      const who = authorize(s);
      const receipt = replayed(found, options.action);
      if (receipt !== undefined) {
        await options.inTransaction?.(receipt as ActionResult);
        return receipt as ActionResult;
      }
      // docs/rules.md §5, §7: play stops at the closing date (closing-guard.ts); an arbiter's move by its day of sending.
      if (options.action !== 'arbiter-move')
        requirePlayOpen(options.action, {
          day: s.today,
          closing: toLocalDate(s.competition.closingDate),
          playing: s.game.status === 'playing',
        });
      const turn = s.game.turn;
      const done = await work(s, who);
      await this.finish(s, turn);
      // The version and turn as committed, after the end of the game and the saved state.
      const result: ActionResult = { ...done, version: s.game.version, turn: s.game.turn, status: s.game.status };
      await w.storeReceipt(gameId, options.action, key, result);
      await options.inTransaction?.(result);
      this.leave(w, s, options.action);
      return result;
    });
  }

  /**
   * The game locked for an action, with the receipt of its key, in one statement: the rows this
   * instance committed last at the version the row still has are used again, replays included
   * (game-action-cache.ts); otherwise they come in the same statement, as do what a move's mails
   * read beside the game (docs/scale.md, "What bounds them").
   */
  private async locked(
    gameId: string,
    receipt: ReceiptKey | undefined,
    action: string,
  ): Promise<{ s: GameSession; receipt: ActionReceipt | null }> {
    const known = this.committed.versionOf(gameId);
    const heldHead = this.committed.headOf(gameId);
    let loaded = await this.loader.actionRows(gameId, { version: known, receipt, head: heldHead });
    let held = loaded.rows ? undefined : this.committed.take(gameId, loaded.head.game.version);
    // Pushed out of the cache while the row was read: read the rows as well.
    if (!loaded.rows && !held) loaded = await this.loader.actionRows(gameId, { receipt, head: heldHead });
    const rows = (loaded.rows ?? held?.rows)!;
    if (loaded.rows) held = undefined;
    const { head } = loaded;
    const s = new GameSession(
      this.games,
      { ...head, lines: rows.lines, moves: rows.moves, dispute: rows.dispute, labels: rows.labels },
      this.clock.now(),
      this.lexicons.forCompetition(head.competition),
      undefined,
      { holidays: rows.holidays, leave: rows.leave },
    );
    if (held && held.setupKey === replayKey(s.setup, [])) s.seedReplays(held.replays);
    this.absences.set(s, { rows, headMark: loaded.headMark });
    if (!loaded.conditionalsPending) this.withoutConditionals.add(s);
    // A move or a pass writes no notice, penalty or group: what the lock read of them stays true to the commit.
    if (KEPT_AFTER.has(action)) s.preloadMailReads(loaded.mailReads);
    return { s, receipt: loaded.receipt };
  }

  /** The sessions whose lock statement found no conditional reply waiting: settling them reads nothing. */
  private readonly withoutConditionals = new WeakSet<GameSession>();

  /** The rows each open action's session was loaded with and its head's mark, for what it leaves behind. */
  private readonly absences = new WeakMap<GameSession, { readonly rows: GamePlayRows; readonly headMark: string }>();

  /**
   * What an action leaves for the next one on the game, once committed: after a move or a pass
   * (the lines unchanged, the moves appended) the session's rows are the table's at its new
   * version; after anything else the next action reads them afresh (the read model forgets them).
   */
  private leave(w: GameWrite, s: GameSession, action: string): void {
    const loaded = this.absences.get(s);
    if (!loaded || !KEPT_AFTER.has(action) || s.linesChanged) return;
    w.kept.set(s.game.id, {
      version: s.game.version,
      setupKey: replayKey(s.setup, []),
      replays: new Map(s.lineReplays()),
      rows: {
        lines: s.lines,
        moves: s.moves,
        dispute: s.dispute,
        labels: s.labels,
        holidays: loaded.rows.holidays,
        leave: loaded.rows.leave,
      },
      head: { mark: loaded.headMark, competition: s.competition, sequence: s.sequence, players: s.players },
    });
  }

  /** The game as a read sees it, sharing the read model's caches, in the caller's unit of work. */
  session(gameId: string, _read?: { lock: false }): Promise<GameSession> {
    return this.readModel.session(gameId);
  }

  /**
   * After any change: a game whose lines all ended (and no dispute waits) is over; an ended
   * game with no dispute left gets its result; the cached state is written; and if the
   * turn passed, the player now to move gets "your move".
   */
  async finish(s: GameSession, turnBefore: number): Promise<void> {
    // The other player's conditional replies, in this transaction, before the end is decided.
    if (!this.withoutConditionals.has(s)) {
      await this.conditionals.settle(s, turnBefore, (owner, kind, details) => this.emit(s, { kind, turn: s.game.turn, owner, details }));
    }
    if (s.endedByPlay()) await s.end(null);
    // Ended by this action: its 30-day silence case has nothing left to decide (game-end-cases.ts).
    if (s.game.status === 'ended' && s.game.endedAt?.getTime() === s.now.getTime()) {
      await closeSilenceCasesAtEnd({ cases: this.cases, audit: this.audit }, s.game);
      // The analysis job finds the ended game by itself (after a restart too); waking it only saves the wait.
      this.db.afterCommit(() => this.analysis.wake());
    }
    if (s.game.status === 'ended' && !s.dispute && !(await this.results.find(s.game.id))) {
      const result = await this.results.propose(this.ended(s));
      this.emitGameEnd(s, jsonResult(resultView(result)));
    }
    await s.save();
    const next = s.turnPlayer();
    // One mail per event (docs/rules.md §6): a contest, an admission or an appeal already tells the player what to send.
    const asked = next !== null && s.facts.some((f) => asksWhatToSend(f, next));
    if (s.game.status === 'playing' && s.game.turn !== turnBefore && next && !asked) this.emitYourMove(s, next);
    const facts = s.facts.splice(0);
    if (facts.length > 0)
      await this.notifications.emit(
        s.game.id,
        s.players,
        facts,
        await mailSnapshot(s, facts, { competitions: this.competitions, settings: this.settings }),
      );
  }

  /**
   * The game ended and its result was proposed. The move that ended the game is confirmed by
   * the game-end mail (the totals after the rack adjustment), never by a confirmation of its
   * own: the mover's game-end carries the moves, and the move's own fact is not written.
   */
  private emitGameEnd(s: GameSession, result: ReturnType<typeof jsonResult>): void {
    const played = s.facts.find((f) => f.kind === 'move-played');
    if (played) s.facts.splice(s.facts.indexOf(played), 1);
    this.emit(s, {
      kind: 'game-ended',
      turn: s.game.turn,
      endReason: s.game.endReason,
      result,
      ...(played && { confirms: { color: played.by, moves: played.moves } }),
    });
  }

  /**
   * The facts of a write outside an action's session (a game's start, a holiday told in each of
   * a player's games, a declaration at the closing date), written now with the game as this
   * transaction sees it: read afresh, never through the reads' caches, since it may not commit.
   * `arbiter`: where a fact's mail to the competition's arbiter goes (a claim's answer).
   */
  async tell(gameId: string, facts: (s: GameSession) => readonly GameFact[], arbiter?: ArbiterAddress): Promise<void> {
    const s = await GameSession.open(this.games, gameId, { lock: false, now: this.clock.now() });
    const written = facts(s);
    const snapshot = await mailSnapshot(s, written, { competitions: this.competitions, settings: this.settings });
    await this.notifications.emit(s.game.id, s.players, written, snapshot, arbiter);
  }

  /** A fact of the action (mail/core/game-events.ts), written with its others when it finishes. */
  emit(s: GameSession, fact: GameFact): void {
    s.facts.push(fact);
  }

  /** "Your move": the lines the player owes and the partner's moves just played; the positions are the snapshot's. */
  private emitYourMove(s: GameSession, color: Color): void {
    const previous = s.moves.filter((m) => m.turn === s.game.turn - 1 && m.color !== color);
    this.emit(s, {
      kind: 'turn-passed',
      turn: s.game.turn,
      to: color,
      owed: s.owedLines(color).map((l) => l.id),
      lastMoves: previous.map((m) => moveView(m, playerReader(color), s.label(m.lineId))),
      // docs/rules.md §6: words missing from the word list are flagged as contestable, never refused.
      // docs/rules.md §13: under PFS rules the list's verdict is the check's alone, never hinted (P 4.7.8).
      contestable: s.competition.rules === 'pfs' ? [] : previous.flatMap((m) => m.unknownWords),
    });
  }

  /** What an action answers: the game's version, turn and status, and the moves it played. */
  result(s: GameSession, moves: readonly MoveView[] = [], turnComplete = false): ActionResult {
    return { gameId: s.game.id, version: s.game.version, turn: s.game.turn, status: s.game.status, moves, turnComplete };
  }

  /** What the result of an ended game comes from: the kept line (docs/rules.md §6) and the outcome. */
  ended(s: GameSession): EndedGame {
    return { game: s.game, competition: s.competition, players: s.players, line: s.state(s.officialLine().id), outcome: s.game.outcome };
  }
}

/** The actions after which a session's rows are the table's: the moves appended, nothing else changed. */
const KEPT_AFTER = new Set(['move', 'pass', 'arbiter-move']);

/** When and how a player's move came: now, by its channel (API, web, mail), under its key. */
export function playerTiming(s: GameSession, input: SubmitOptions): MoveTiming {
  return {
    receivedAt: s.now,
    source: input.source ?? 'api',
    inboundMailId: input.inboundMailId ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    note: orThrow(decideNote(input.note)),
  };
}

/** A calendar day from an input field, or a refusal that names the field. */
export function parseDay(value: string, field: string): LocalDate {
  try {
    return toLocalDate(value);
  } catch {
    throw refusals.badInput(
      `${field}: expected a calendar date YYYY-MM-DD`,
      `${field}: se așteaptă o dată calendaristică AAAA-LL-ZZ`,
      `${field}: oczekiwana data kalendarzowa RRRR-MM-DD`,
    );
  }
}

/** The arbiter's acts (a recorded move, an import, a withdrawal) always carry their reason. */
export function requireReason(reason: string | undefined): void {
  if (typeof reason !== 'string' || reason.trim() === '') throw refusals.reasonRequired();
}
