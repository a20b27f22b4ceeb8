import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuditService } from '../../audit/audit.service';
import type { Actor } from '../../auth/core/actor';
import { Clock } from '../../common/clock';
import type { Competition } from '../../competitions/competition.entity';
import type { StartPairing } from '../../competitions/core/start-plan';
import type { Sequence } from '../../competitions/sequence.entity';
import { Notifications } from '../../notifications/notifications.service';
import { toLocalDate } from '../../common/calendar';
import { requirePlayOpen } from '../core/closing-guard';
import { parseGameRecord } from '../core/game-record';
import { replayRecord } from '../core/game-record-replay';
import { refusals } from '../core/game-refusals';
import { lineSnapshot } from '../core/game-state';
import { OPENING_LINE } from '../core/lines';
import { arbiterMoveDays, type MoveTiming } from '../core/moves';
import { ARBITER_READER, playerReader } from '../core/move-note';
import { gameSetup } from '../core/play';
import { orThrow } from '../core/refusal';
import { assignLines, decidePass, decideTurn, type LinePlay } from '../core/turns';
import { getTileSet, newGame, parseSequence, type Color } from '../../engine';
import {
  GameActions,
  parseDay,
  playerTiming,
  requireReason,
  type PlayerMove,
  type SubmitOptions,
  type TurnMoves,
} from './game-actions.service';
import type { GameLine } from '../entities/game-line.entity';
import { GameSession, type PlayedMove } from '../model/game-session';
import { moveView, type ActionResult, type MoveView } from '../model/game-views';
import type { Game } from '../entities/game.entity';
import { GameRepository } from '../persistence/game.repository';

export interface SubmitMoveInput extends TurnMoves, SubmitOptions {}

export interface ArbiterMoveInput extends TurnMoves {
  /** The day the player sent it (postmark, call): docs/rules.md §5 counts from it. */
  readonly sentOn: string;
  /** The day the partner's move reached the player, when not the day it was sent. */
  readonly arrivedOn?: string;
  readonly reason: string;
  readonly idempotencyKey?: string;
}

/** What startGames receives from the competition's start: players by id, RED moves first (docs/rules.md §2). */
export type GamePairing = StartPairing;

export interface StartGamesInput {
  readonly competition: Competition;
  readonly sequence: Sequence;
  readonly pairings: readonly GamePairing[];
}

/**
 * Moves on a game: the games of a started competition, a player's move or pass, the
 * arbiter's recorded move and the import of a game in progress, each one action in the
 * frame of game-actions.service.ts.
 */
@Injectable()
export class MovesService {
  constructor(
    private readonly actions: GameActions,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly notifications: Notifications,
    private readonly games: GameRepository,
  ) {}

  /**
   * Creates the games of a started competition in the caller's transaction (the
   * competitions service's start): each with its `main` line, its opening position cached,
   * and the game sheet sent to both players — RED's is also "your move" (docs/design.md "Flows").
   */
  startGames(input: StartGamesInput): Promise<Game[]>;
  /** @deprecated the games are written in the caller's unit of work: call `startGames(input)` inside it (bench). */
  startGames(manager: unknown, input: StartGamesInput): Promise<Game[]>;
  async startGames(...args: [StartGamesInput] | [unknown, StartGamesInput]): Promise<Game[]> {
    const { competition, sequence, pairings } = args.length === 1 ? args[0] : args[1];
    const now = this.clock.now();
    const opening = newGame(gameSetup(competition, sequence));
    const state = { lines: [lineSnapshot('main', null, opening)] };
    const games = await this.games.insertGames(
      pairings.map((p) => ({
        id: randomUUID(),
        competitionId: competition.id,
        groupId: p.groupId,
        sequenceId: sequence.id,
        redPlayerId: p.red,
        bluePlayerId: p.blue,
        round: p.round,
        status: 'playing',
        state,
        version: 1,
        turn: 1,
        startedOn: competition.startDate,
        endedAt: null,
        endReason: null,
        outcome: null,
        createdAt: now,
      })),
      (g): GameLine => ({ ...OPENING_LINE, gameId: g.id, createdAt: now }),
    );
    const ids = [...new Set(pairings.flatMap((p) => [p.red, p.blue]))];
    const players = new Map((await this.games.playersByIds(ids)).map((p) => [p.id, p]));
    // docs/rules.md §2: the sheet to both players, a fact of each game (mail/core/game-events.ts `game-started`).
    const racks = { red: state.lines[0].racks.red, blue: state.lines[0].racks.blue };
    for (const g of games) {
      const names = { red: players.get(g.redPlayerId)!.name, blue: players.get(g.bluePlayerId)!.name };
      const { startDate: startedOn, closingDate } = competition;
      await this.actions.tell(g.id, () => [
        { kind: 'game-started', turn: 1, sequence: sequence.tiles, startedOn, closingDate, names, racks },
      ]);
    }
    return games;
  }

  /** A move in FRSc notation or as tiles; while two lines are live, one per line (docs/rules.md §6). */
  submitMove(actor: Actor, gameId: string, input: SubmitMoveInput): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'move', input, async (s, color) => {
      const plays = orThrow(decideTurn(s.play, color, input));
      return this.playTurn(s, actor, color, plays, playerTiming(s, input));
    });
  }

  /** A pass (docs/rules.md §3: the only way to score zero), in every line the player owes, or in one. */
  pass(actor: Actor, gameId: string, input: SubmitOptions & { readonly line?: string } = {}): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'pass', input, async (s, color) => {
      const plays = orThrow(decidePass(s.play, color, input));
      return this.playTurn(s, actor, color, plays, playerTiming(s, input));
    });
  }

  /**
   * A move the arbiter records for the player to move, received by post or telephone,
   * with its real dates (docs/rules.md §5).
   */
  recordMoveByArbiter(actor: Actor, gameId: string, input: ArbiterMoveInput): Promise<ActionResult> {
    return this.actions.asArbiter(actor, gameId, { action: 'arbiter-move', idempotencyKey: input.idempotencyKey }, async (s) => {
      requireReason(input.reason);
      s.requirePlaying();
      const color = s.turnPlayer();
      if (!color) throw refusals.gameOver();
      const sentOn = parseDay(input.sentOn, 'sentOn');
      requirePlayOpen('arbiter-move', { day: sentOn, closing: toLocalDate(s.competition.closingDate), playing: true });
      const days = orThrow(
        arbiterMoveDays(
          s.play,
          color,
          { sentOn, arrivedOn: input.arrivedOn === undefined ? undefined : parseDay(input.arrivedOn, 'arrivedOn') },
          s.today,
        ),
      );
      const plays = orThrow(assignLines(s.play, color, input));
      return this.playTurn(
        s,
        actor,
        color,
        plays,
        { receivedAt: s.now, ...days, source: 'arbiter', idempotencyKey: input.idempotencyKey },
        input.reason,
      );
    });
  }

  /**
   * Imports a game already in progress from its JSON game record into a
   * game with no move yet: the record must be on the game's sequence and rules; its moves
   * are replayed into the log with their dates, its outcome recorded.
   */
  importGameInProgress(actor: Actor, gameId: string, input: { readonly record: unknown; readonly reason: string }): Promise<ActionResult> {
    return this.actions.asArbiter(actor, gameId, { action: 'import' }, async (s) => {
      requireReason(input.reason);
      s.requirePlaying();
      if (s.moves.length > 0)
        throw refusals.notAllowedNow(
          'the game already has moves: only a game not yet played can be imported',
          'partida are deja mutări: se poate importa doar o partidă nejucată',
          'partia ma już ruchy: zaimportować można tylko partię jeszcze nierozegraną',
        );
      const parsed = parseGameRecord(input.record, { tileSet: s.competition.tileSet });
      if (!parsed.ok)
        throw refusals.badInput(
          parsed.message,
          `fișa nu poate fi folosită: ${parsed.message}`,
          `zapisu partii nie można użyć: ${parsed.message}`,
        );
      const record = parsed.record;
      const theirs = parseSequence(getTileSet(record.tileSet), record.sequence);
      if (!theirs.ok || theirs.tiles.join('') !== s.state(s.officialLine().id).sequence.join('')) {
        throw refusals.badInput(
          "the record's sequence is not this game's",
          'secvența fișei nu este cea a partidei',
          'sekwencja zapisu nie jest sekwencją tej partii',
        );
      }
      const rules = s.setup.rules!;
      if (
        record.rules.handicap !== rules.handicap ||
        record.rules.zeroTurnsToEnd !== rules.zeroTurnsToEnd ||
        record.rules.endRackRule !== rules.endRackRule
      ) {
        throw refusals.badInput(
          "the record's rules are not the competition's",
          'regulile fișei nu sunt cele ale competiției',
          'zasady zapisu nie są zasadami rozgrywek',
        );
      }
      const replay = replayRecord(record);
      if (!replay.ok) throw refusals.recordRefused(replay.error);
      if (record.start) s.game.startedOn = record.start;
      const moves: MoveView[] = [];
      for (const [i, m] of record.moves.entries()) {
        const color: Color = i % 2 === 0 ? 'red' : 'blue';
        const sentOn = m.date ?? s.today;
        const played = await s.playMove(s.officialLine().id, color, m.move, {
          receivedAt: s.now,
          sentOn,
          arrivedOn: m.arrived ?? s.arrivalFor(color),
          source: 'arbiter',
        });
        s.completeTurnIfDone();
        moves.push(moveView(played.move, ARBITER_READER, null, played.record));
      }
      if (record.outcome) await s.end(record.outcome);
      await s.saveStartDay();
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'game.imported',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { reason: input.reason, moves: moves.length, outcome: record.outcome ?? null },
      });
      return this.actions.result(s, moves, true);
    });
  }

  /** Plays the turn's moves, closes the turn when complete, confirms to the mover, audits. */
  private async playTurn(
    s: GameSession,
    actor: Actor,
    color: Color,
    plays: readonly LinePlay<PlayerMove | { readonly kind: 'pass' }>[],
    timing: MoveTiming,
    reason?: string,
  ): Promise<ActionResult> {
    const played: PlayedMove[] = [];
    for (const p of plays) played.push(await s.playMove(p.line.id, color, p.move, timing));
    const complete = s.completeTurnIfDone();
    const moves = played.map((p) => moveView(p.move, playerReader(color), s.label(p.move.lineId), p.record, s.hasWordList));
    this.actions.emit(s, { kind: 'move-played', turn: s.game.turn, by: color, moves: moves, turnComplete: complete });
    await this.audit.record({
      actor,
      asArbiter: timing.source === 'arbiter',
      action: timing.source === 'arbiter' ? 'move.recorded-by-arbiter' : 'move.submitted',
      competitionId: s.competition.id,
      gameId: s.game.id,
      details: {
        color,
        turn: moves[0].turn,
        moves: moves.map((m) => ({ line: m.line, number: m.number, notation: m.notation, score: m.score })),
        ...(reason && { reason }),
      },
    });
    return this.actions.result(s, moves, complete);
  }
}
