import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import type { Actor } from '../auth/core/actor';
import { canArbitrate, hidesCompetition } from '../auth/core/permissions';
import { AuditService } from '../audit/audit.service';
import { AWAITING_RESULT_CASES, Case } from '../arbiter/case.entity';
import { CasesService } from '../arbiter/cases.service';
import { checkRuling, type RulingInput } from './core/ruling-preconditions';
import { RulingsService, type NewPenalty } from '../arbiter/rulings.service';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { Result } from './result.entity';
import type { StartPairing } from '../competitions/core/start-plan';
import { ResultProposals, resultView, type EndedGame } from './result-proposals';
import { Competition } from '../competitions/competition.entity';
import { Player } from '../players/player.entity';
import { Registration } from '../competitions/registration.entity';
import type { Sequence } from '../competitions/sequence.entity';
import { Database } from '../database/database';
import { independentQueries } from '../database/independent-queries';
import { insertRows } from '../database/insert-rows';
import { Notifications, type Notification } from '../notifications/notifications';
import { addDays, localDate, toLocalDate, timelineOn, validateHoliday, type GameTimeline, type LocalDate } from '../thinking-time/core';
import { ActionReceipt } from './action-receipt.entity';
import { requirePlayOpen } from './core/closing-guard';
import { Claim } from './claim.entity';
import { answersOf, checkClaimRuling } from './claim-answers.service';
import { claimWindow } from './core/claim-window';
import { closeSilenceCasesAtEnd } from './game-end-cases';
import { Dispute } from './dispute.entity';
import { COLORS, getTileSet, newGame, parseSequence, type Color, type MoveRecord, type PlacedTile } from './engine';
import { decideAdmission, decideAppeal, decideContest } from './core/disputes';
import { OPENING_LINE } from './core/lines';
import { arbiterMoveDays, type MoveTiming } from './core/moves';
import { gameSetup } from './core/play';
import { orThrow } from './core/refusal';
import { decideRuling, type RulingPlan } from './core/rulings';
import { assignLines, awaitedMove, decidePass, decideTurn, type LinePlay } from './core/turns';
import { decideLongThinking, decideTimeClaim } from './core/time';
import { GameLine } from './game-line.entity';
import { refusals } from './core/game-refusals';
import { otherColor } from '../common/color';
import { GameSession, type PlayedMove } from './game-session';
import { lineSnapshot } from './core/game-state';
import { clocksOn, timelineOf } from './game-clocks';
import { ReplayCache } from './replay-cache';
import { GameRowsCache } from './game-rows-cache';
import { disputeView, moveView, offerView, type ActionResult, type GameView, type MoveView } from './game-views';
import { Game } from './game.entity';
import { Holiday } from './holiday.entity';
import { Lexicons } from './lexicons';
import { LongThinkingNotice } from './long-thinking-notice.entity';
import type { MoveSource } from './move.entity';
import { Offer, type OfferKind } from './offer.entity';
import { offerDecision, offerRefusal } from './core/offer-limits';
import { parseGameRecord, replayRecord } from './core/game-record';

/** A move as a player sends it: FRSc text (`h8 CASA`, `PAS`), or tiles on squares from a web board. */
export type PlayerMove = string | { readonly kind: 'tiles'; readonly tiles: readonly PlacedTile[] };

/** What every player submission may carry. */
export interface SubmitOptions {
  /** The mail's Message-ID or a form token: a repeat returns the first result instead of acting twice. */
  readonly idempotencyKey?: string;
  readonly source?: Exclude<MoveSource, 'arbiter'>;
  readonly inboundMailId?: string;
  /** The turn the client answers (the reply token's, the form's): a stale one is refused. */
  readonly expectedTurn?: number;
  /** Runs inside the action's transaction, after its work (or on a repeated key): e.g. the mail marks itself applied, so both commit together. */
  readonly inTransaction?: InTransaction;
}

export type InTransaction = (manager: EntityManager, result: ActionResult) => Promise<void>;

/** One move when one line is owed; one per line (by label `A`/`B` or line id) while two lines are live. */
export interface TurnMoves {
  readonly move?: PlayerMove;
  readonly lines?: Readonly<Record<string, PlayerMove>>;
}

export interface SubmitMoveInput extends TurnMoves, SubmitOptions {}

export interface ArbiterMoveInput extends TurnMoves {
  /** The day the player sent it (postmark, call): docs/rules.md §5 counts from it. */
  readonly sentOn: string;
  /** The day the partner's move reached the player, when not the day it was sent. */
  readonly arrivedOn?: string;
  readonly reason: string;
  readonly idempotencyKey?: string;
}

export interface ContestInput extends SubmitOptions {
  /** The words contested, as the partner's last move formed them. */
  readonly words: readonly string[];
  /** docs/rules.md §6: the contester moves as if the contested move stood. */
  readonly reply: PlayerMove;
}

/** What startGames receives from the competition's start: players by id, RED moves first (docs/rules.md §2). */
export type GamePairing = StartPairing;

export interface StartGamesInput {
  readonly competition: Competition;
  readonly sequence: Sequence;
  readonly pairings: readonly GamePairing[];
}

export interface HolidayView {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly kind: Holiday['kind'];
  readonly declaredOn: string;
  /** The declaration it replaced, if any. */
  readonly replaced: { readonly from: string; readonly to: string } | null;
  /** The games whose partners were told. */
  readonly games: readonly string[];
  /** Set when the holiday asked ran into the last month before the closing date and was cut there (docs/rules.md §5). */
  readonly shortened: {
    readonly askedTo: string;
    readonly to: string;
    readonly closingDate: string;
    readonly message: { readonly ro: string; readonly en: string };
  } | null;
}

export interface WithdrawalView {
  readonly playerId: string;
  /** The games settled as abandonments, each waiting for the arbiter's homologation. */
  readonly games: readonly string[];
}

interface ActionOptions {
  /** Named in the receipt: a key reused for another action is refused. */
  readonly action: string;
  readonly idempotencyKey?: string;
  readonly inTransaction?: InTransaction;
}

/**
 * The single entry point for everything that changes a game (issue 4 §4). Each public
 * method is one transaction holding the game's row lock: it checks who acts, asks the
 * rules core, appends to the move log, rewrites the cached state, and writes the audit
 * entry and the outbox rows, all before commit. A refusal is a typed Refusal thrown
 * inside the transaction: nothing it touched is kept.
 */
@Injectable()
export class GamesService {
  /** Line replays shared by the reads of this instance (the web game page and its preview): replay-cache.ts. */
  readonly replays = new ReplayCache();
  /** The same reads' lines, moves and disputes while the game's mark is unchanged: game-rows-cache.ts. */
  readonly rows = new GameRowsCache();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly cases: CasesService,
    private readonly rulings: RulingsService,
    private readonly results: ResultProposals,
    private readonly notifications: Notifications,
    private readonly lexicons: Lexicons,
  ) {}

  // ================================================================ start

  /**
   * Creates the games of a started competition in the caller's transaction (the
   * competitions service's start): each with its `main` line, its opening position cached,
   * and the game sheet sent to both players — RED's is also "your move" (docs/design.md "Flows").
   */
  async startGames(manager: EntityManager, { competition, sequence, pairings }: StartGamesInput): Promise<Game[]> {
    const now = this.clock.now();
    const opening = newGame(gameSetup(competition, sequence));
    const state = { lines: [lineSnapshot('main', null, opening)] };
    const games = pairings.map((p) =>
      manager.create(Game, {
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
      }),
    );
    await insertRows(manager, Game, ...games);
    await insertRows(manager, GameLine, ...games.map((g): GameLine => ({ ...OPENING_LINE, gameId: g.id, createdAt: now })));
    const ids = [...new Set(pairings.flatMap((p) => [p.red, p.blue]))];
    const players = new Map((await manager.findBy(Player, { id: In(ids) })).map((p) => [p.id, p]));
    await this.notifications.add(
      games.flatMap((g) =>
        COLORS.map((color) => {
          const me = players.get(color === 'red' ? g.redPlayerId : g.bluePlayerId)!;
          const partner = players.get(color === 'red' ? g.bluePlayerId : g.redPlayerId)!;
          return {
            to: me,
            template: 'game-start',
            gameId: g.id,
            payload: {
              gameId: g.id,
              turn: 1,
              color,
              opponent: partner.name,
              yourMove: color === 'red',
              sequence: sequence.tiles,
              startedOn: competition.startDate,
              closingDate: competition.closingDate,
              rack: color === 'red' ? state.lines[0].racks.red : state.lines[0].racks.blue,
            },
          };
        }),
      ),
    );
    return games;
  }

  // ================================================================ reading

  /** The whole game: lines, moves (annulled ones marked), dispute, offers, clocks and result. */
  view(actor: Actor, gameId: string): Promise<GameView> {
    return this.viewing(actor, gameId, (view) => view);
  }

  /**
   * The view, and the read-only session and timeline it was built from, to a reader that
   * shows more of the same rows (the web game page: replayed lines, run-out day) without
   * loading and replaying the game a second time. `then` runs in the same read.
   */
  viewing<T>(actor: Actor, gameId: string, then: (view: GameView, s: GameSession, timeline: GameTimeline) => T | Promise<T>): Promise<T> {
    return this.db.run(async (m) => {
      const s = await this.session(m, gameId, { lock: false });
      if (!canArbitrate(actor, s.competition, s.game)) s.requirePlayer(actor);
      const timeline = await timelineOf(s);
      return then(await this.gameView(s, timeline), s, timeline);
    });
  }

  // ================================================================ moves

  /** A move in FRSc notation or as tiles; while two lines are live, one per line (docs/rules.md §6). */
  submitMove(actor: Actor, gameId: string, input: SubmitMoveInput): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'move', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        const plays = orThrow(decideTurn(s.play, color, input));
        return this.playTurn(s, actor, color, plays, playerTiming(s, input));
      },
    );
  }

  /** A pass (docs/rules.md §3: the only way to score zero), in every line the player owes, or in one. */
  pass(actor: Actor, gameId: string, input: SubmitOptions & { readonly line?: string } = {}): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'pass', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        const plays = orThrow(decidePass(s.play, color, input));
        return this.playTurn(s, actor, color, plays, playerTiming(s, input));
      },
    );
  }

  /**
   * A move the arbiter records for the player to move, received by post or telephone,
   * with its real dates (docs/rules.md §5).
   */
  recordMoveByArbiter(actor: Actor, gameId: string, input: ArbiterMoveInput): Promise<ActionResult> {
    return this.asArbiter(actor, gameId, { action: 'arbiter-move', idempotencyKey: input.idempotencyKey }, async (s) => {
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

  // ================================================================ time

  /**
   * Declares (or changes) the player's holiday (docs/rules.md §5). One per player and
   * competition, covering all their games: the player's registration row is locked, and
   * every partner is told.
   */
  declareHoliday(
    actor: Actor,
    gameId: string,
    input: { readonly from: string; readonly to: string; readonly idempotencyKey?: string },
  ): Promise<HolidayView> {
    return this.db.transaction(async (m) => {
      const s = await this.session(m, gameId, { lock: false });
      const game = s.game;
      const color = s.requirePlayer(actor);
      const player = s.players[color];
      await m.findOne(Registration, {
        where: { competitionId: game.competitionId, playerId: player.id },
        lock: { mode: 'pessimistic_write' },
      });
      const receipt = await this.receipt(m, gameId, 'holiday', input.idempotencyKey);
      if (receipt !== undefined) return receipt as HolidayView;
      const from = parseDay(input.from, 'from');
      const asked = parseDay(input.to, 'to');
      const current = await m.findOneBy(Holiday, { competitionId: game.competitionId, playerId: player.id, replacedAt: IsNull() });
      const decision = validateHoliday(
        { from, to: asked, declaredOn: s.today },
        {
          start: toLocalDate(s.competition.startDate),
          closing: toLocalDate(s.competition.closingDate),
          // The competition's own lengths (competition-settings.ts), not docs/rules.md's defaults.
          holidayLongDays: s.competition.holidayLongDays,
          holidayShortDays: s.competition.holidayShortDays,
        },
        current && {
          from: toLocalDate(current.fromDay),
          to: toLocalDate(current.toDay),
          declaredOn: toLocalDate(current.declaredOn),
          kind: current.kind,
        },
      );
      if (!decision.ok) throw refusals.holidayRefused(decision);
      // docs/rules.md §5: a holiday into the last month is cut at the line (holidays.ts); the player is told to which day.
      const to = decision.holiday.to;
      const shortened = decision.cut && {
        askedTo: decision.cut.askedTo,
        to: decision.cut.to,
        closingDate: decision.cut.closing,
        message: { ro: decision.cut.message.ro, en: decision.cut.message.en },
      };
      if (current) await m.update(Holiday, { id: current.id }, { replacedAt: s.now });
      const holiday = m.create(Holiday, {
        id: randomUUID(),
        competitionId: game.competitionId,
        playerId: player.id,
        fromDay: from,
        toDay: to,
        kind: decision.holiday.kind,
        declaredOn: s.today,
        declaredAt: s.now,
        replacedAt: null,
      });
      await insertRows(m, Holiday, holiday);
      // docs/rules.md §5: the declaration is written on every sheet and the partners are told.
      const games = await m.find(Game, {
        where: [
          { competitionId: game.competitionId, redPlayerId: player.id, status: 'playing' },
          { competitionId: game.competitionId, bluePlayerId: player.id, status: 'playing' },
        ],
        relations: { redPlayer: true, bluePlayer: true },
        order: { id: 'ASC' },
      });
      const view: HolidayView = {
        id: holiday.id,
        from,
        to,
        kind: holiday.kind,
        declaredOn: s.today,
        replaced: current ? { from: current.fromDay, to: current.toDay } : null,
        games: games.map((g) => g.id),
        shortened,
      };
      await this.notifications.add([
        ...games.map((g) => ({
          to: g.redPlayerId === player.id ? g.bluePlayer! : g.redPlayer!,
          template: 'holiday-notice',
          gameId: g.id,
          payload: { gameId: g.id, turn: g.turn, player: player.name, from, to, kind: holiday.kind, replaced: view.replaced },
        })),
        { to: player, template: 'holiday-confirmation', gameId, payload: { gameId, turn: s.game.turn, ...view } },
      ]);
      await this.audit.record({ actor, action: 'holiday.declared', competitionId: game.competitionId, gameId, details: { ...view } });
      await this.storeReceipt(m, gameId, 'holiday', input.idempotencyKey, view);
      return view;
    });
  }

  /** docs/rules.md §5: a player who means to think more than 10 days on this move tells the partner. */
  announceLongThinking(
    actor: Actor,
    gameId: string,
    input: { readonly days: number; readonly idempotencyKey?: string; readonly inTransaction?: InTransaction },
  ): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'long-thinking', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        const refused = decideLongThinking(s.play, color, input.days, (await clocksOn(s)).clocks[color].left);
        if (refused) throw refused;
        // One notice per turn: announcing again replaces it.
        await s.manager.delete(LongThinkingNotice, { gameId: s.game.id, turn: s.game.turn });
        await insertRows(
          s.manager,
          LongThinkingNotice,
          s.manager.create(LongThinkingNotice, {
            id: randomUUID(),
            gameId: s.game.id,
            playerId: s.players[color].id,
            turn: s.game.turn,
            fromDay: s.today,
            days: input.days,
            createdAt: s.now,
          }),
        );
        this.notify(s, otherColor(color), 'long-thinking-notice', { player: s.players[color].name, from: s.today, days: input.days });
        await this.audit.record({
          actor,
          action: 'long-thinking.announced',
          competitionId: s.competition.id,
          gameId: s.game.id,
          details: { color, days: input.days },
        });
        return this.result(s);
      },
    );
  }

  /** docs/rules.md §5: the partner has used more than the thinking days; the claim goes to the arbiter, announced to both. */
  claimTime(
    actor: Actor,
    gameId: string,
    input: { readonly idempotencyKey?: string; readonly inTransaction?: InTransaction } = {},
  ): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'claim', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        s.requirePlaying();
        const partner = otherColor(color);
        const clock = (await clocksOn(s)).clocks[partner];
        const claimWaiting = clock.exceeded && (await s.manager.findOneBy(Claim, { gameId: s.game.id, status: 'open' })) !== null;
        const refused = decideTimeClaim(s.play, clock, { thinkingDays: s.competition.thinkingDays, claimWaiting });
        if (refused) throw refused;
        const claim = s.manager.create(Claim, {
          id: randomUUID(),
          gameId: s.game.id,
          claimantPlayerId: s.players[color].id,
          daysUsed: clock.used,
          status: 'open',
          createdAt: s.now,
          ruledAt: null,
        });
        await insertRows(s.manager, Claim, claim);
        // docs/rules.md §5: the other player answers the arbiter within 5 days of being told.
        await this.cases.open({
          competitionId: s.competition.id,
          gameId: s.game.id,
          kind: 'claim',
          dueOn: addDays(s.today, 5),
          payload: { claimId: claim.id, claimant: color, daysUsed: clock.used, exceededSince: clock.exceededSince },
        });
        this.notify(s, partner, 'time-claim', { claimant: s.players[color].name, daysUsed: clock.used, answerBy: addDays(s.today, 5) });
        this.notify(s, color, 'time-claim-confirmation', { daysUsed: clock.used });
        await this.audit.record({
          actor,
          action: 'claim.made',
          competitionId: s.competition.id,
          gameId: s.game.id,
          details: { color, daysUsed: clock.used },
        });
        return this.result(s);
      },
    );
  }

  // ================================================================ offers and abandonment

  /** Offers a draw or an interruption (docs/rules.md §7); offering what the partner already offered accepts it. */
  offer(
    actor: Actor,
    gameId: string,
    input: { readonly kind: OfferKind; readonly idempotencyKey?: string; readonly inTransaction?: InTransaction },
  ): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'offer', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        s.requirePlaying();
        // Issue 14: one offer open at a time, and not again too soon after a decline (offer-limits.ts).
        const offers = await s.manager.find(Offer, { where: { gameId: s.game.id }, order: { createdAt: 'ASC' } });
        const mine = s.players[color].id;
        const decision = offerDecision({
          kind: input.kind,
          offers: offers.map((o) => ({ kind: o.kind, status: o.status, mine: o.offeredByPlayerId === mine, answeredAt: o.answeredAt })),
          now: s.now,
          timeZone: s.competition.timeZone,
          cooldownDays: s.competition.offerCooldownDays,
        });
        if (!decision.ok) throw offerRefusal(decision);
        if (decision.accepts)
          return this.answerOffer(
            s,
            actor,
            color,
            offers.find((o) => o.status === 'pending' && o.kind === input.kind)!,
            true,
          );
        const offer = s.manager.create(Offer, {
          id: randomUUID(),
          gameId: s.game.id,
          kind: input.kind,
          offeredByPlayerId: s.players[color].id,
          status: 'pending',
          createdAt: s.now,
          answeredAt: null,
        });
        await insertRows(s.manager, Offer, offer);
        this.notify(s, otherColor(color), 'offer', { offerId: offer.id, kind: offer.kind, by: s.players[color].name });
        await this.audit.record({
          actor,
          action: 'offer.made',
          competitionId: s.competition.id,
          gameId: s.game.id,
          details: { color, kind: offer.kind },
        });
        return { ...this.result(s), offer: offerView(offer, color) };
      },
    );
  }

  acceptOffer(
    actor: Actor,
    gameId: string,
    input: { readonly offerId?: string; readonly idempotencyKey?: string; readonly inTransaction?: InTransaction } = {},
  ): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'offer-accept', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        s.requirePlaying();
        return this.answerOffer(s, actor, color, await this.partnersOffer(s, color, input.offerId), true);
      },
    );
  }

  declineOffer(
    actor: Actor,
    gameId: string,
    input: { readonly offerId?: string; readonly idempotencyKey?: string; readonly inTransaction?: InTransaction } = {},
  ): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'offer-decline', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        s.requirePlaying();
        return this.answerOffer(s, actor, color, await this.partnersOffer(s, color, input.offerId), false);
      },
    );
  }

  /** docs/rules.md §7: the player leaves the game; the partner wins by the abandonment rule. */
  abandon(
    actor: Actor,
    gameId: string,
    input: { readonly idempotencyKey?: string; readonly inTransaction?: InTransaction } = {},
  ): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'abandon', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        s.requirePlaying();
        await s.end({ type: 'abandon', by: color });
        await this.audit.record({
          actor,
          action: 'game.abandoned',
          competitionId: s.competition.id,
          gameId: s.game.id,
          details: { color },
        });
        return this.result(s);
      },
    );
  }

  // ================================================================ disputes (docs/rules.md §6)

  /**
   * Contests words of the partner's last move, with the provisional reply played as if it
   * stood. Only with that reply: once the contester has answered without contesting, the
   * move is accepted (CONTEST_TOO_LATE).
   */
  contestWord(actor: Actor, gameId: string, input: ContestInput): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'contest', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        const { line, contested, words } = orThrow(decideContest(s.play, color, input, s.competition.tileSet));
        const played = await s.playMove(line.id, color, input.reply, playerTiming(s, input));
        s.completeTurnIfDone();
        const dispute = s.manager.create(Dispute, {
          id: randomUUID(),
          gameId: s.game.id,
          contestedMoveId: contested.id,
          provisionalReplyId: played.move.id,
          contesterPlayerId: s.players[color].id,
          words: [...words],
          status: 'open',
          lines: null,
          keptLineId: null,
          createdAt: s.now,
          admittedAt: null,
          appealedAt: null,
          ruledAt: null,
        });
        await insertRows(s.manager, Dispute, dispute);
        s.dispute = dispute;
        const moves = [moveView(played.move, null, played.record)];
        this.notify(s, otherColor(color), 'contest', { words, contested: moveView(contested, null), reply: moves[0] });
        this.notify(s, color, 'move-confirmation', { moves, contested: words });
        await this.audit.record({
          actor,
          action: 'dispute.opened',
          competitionId: s.competition.id,
          gameId: s.game.id,
          details: { color, words, contested: contested.notation, reply: played.move.notation },
        });
        return { ...this.result(s, moves, true), dispute: disputeView(dispute, color) };
      },
    );
  }

  /**
   * The mover admits: the contested move is withdrawn and the provisional reply is void
   * (both kept, annulled, on a closed line); play resumes before the contested move, and
   * the replacement, when given, is played at once.
   */
  admitContest(
    actor: Actor,
    gameId: string,
    input: SubmitOptions & { readonly replacement?: PlayerMove; readonly disputeId?: string } = {},
  ): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'admit', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        const { contested, replaced, lines, changes } = orThrow(decideAdmission(s.play, color, input.disputeId));
        const dispute = s.dispute!;
        await s.applyLines(changes);
        Object.assign(dispute, { status: 'admitted', lines, keptLineId: replaced.id, admittedAt: s.now });
        await s.manager.update(Dispute, { id: dispute.id }, { status: 'admitted', lines, keptLineId: replaced.id, admittedAt: s.now });
        s.dispute = null;
        const played =
          input.replacement === undefined ? [] : [await s.playMove(replaced.id, color, input.replacement, playerTiming(s, input))];
        const complete = s.completeTurnIfDone();
        const moves = played.map((p) => moveView(p.move, null, p.record));
        this.notify(s, otherColor(color), 'contest-admitted', { words: dispute.words, withdrawn: contested.notation });
        await this.audit.record({
          actor,
          action: 'dispute.admitted',
          competitionId: s.competition.id,
          gameId: s.game.id,
          details: { color, words: dispute.words, replacement: moves[0]?.notation ?? null },
        });
        return { ...this.result(s, moves, complete), dispute: disputeView(dispute, otherColor(color)) };
      },
    );
  }

  /**
   * The mover appeals to the arbiter and the contester is told, in one step (docs/rules.md §6).
   * Until the ruling the game holds two lines, A (the contested move stands) and B (it is
   * replaced); the mover's moves for them may come with the appeal.
   */
  appealContest(
    actor: Actor,
    gameId: string,
    input: SubmitOptions & { readonly lines?: Readonly<Record<string, PlayerMove>>; readonly disputeId?: string } = {},
  ): Promise<ActionResult> {
    return this.asPlayer(
      actor,
      gameId,
      { action: 'appeal', idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction },
      async (s, color) => {
        const { contested, lines, changes } = orThrow(decideAppeal(s.play, color, input.disputeId));
        const dispute = s.dispute!;
        await s.applyLines(changes);
        Object.assign(dispute, { status: 'appealed', lines, appealedAt: s.now });
        await s.manager.update(Dispute, { id: dispute.id }, { status: 'appealed', lines, appealedAt: s.now });
        s.labels = lines;
        await this.cases.open({
          competitionId: s.competition.id,
          gameId: s.game.id,
          kind: 'dispute',
          payload: { disputeId: dispute.id, words: dispute.words, contested: moveView(contested, 'A'), lines },
        });
        const moves = input.lines ? await this.playLines(s, color, input.lines, playerTiming(s, input)) : [];
        const complete = s.completeTurnIfDone();
        this.notify(s, otherColor(color), 'contest-appealed', { words: dispute.words, lines });
        await this.audit.record({
          actor,
          action: 'dispute.appealed',
          competitionId: s.competition.id,
          gameId: s.game.id,
          details: { color, words: dispute.words, lines },
        });
        return { ...this.result(s, moves, complete), dispute: disputeView(dispute, otherColor(color)) };
      },
    );
  }

  // ================================================================ the arbiter

  /**
   * An arbiter's ruling on a game (docs/rules.md §5–§7), always with its reason, recorded with
   * its penalties, audited and sent to both players.
   */
  rule(actor: Actor, gameId: string, ruling: RulingInput & { readonly idempotencyKey?: string }): Promise<ActionResult> {
    return this.asArbiter(actor, gameId, { action: 'ruling', idempotencyKey: ruling.idempotencyKey }, async (s) => {
      checkRuling(ruling);
      const { caseKinds, penalties, details } = await this.applyRuling(s, ruling);
      const [settled] = caseKinds.length ? await this.cases.closeFor(s.game.id, caseKinds) : [];
      const { idempotencyKey: _key, reason, ...what } = ruling;
      const record = await this.rulings.record(
        {
          actor,
          competitionId: s.competition.id,
          gameId: s.game.id,
          caseId: settled?.id ?? null,
          kind: ruling.kind,
          reason,
          details: { ...(what as JsonObject), ...details },
        },
        penalties,
      );
      if (ruling.kind === 'score-correction') Object.assign(details, await this.rescoreResult(s));
      for (const color of COLORS)
        this.notify(s, color, 'ruling', { rulingId: record.id, kind: ruling.kind, reason, ...(what as JsonObject), ...details });
      await this.audit.record({
        actor,
        asArbiter: true,
        action: `ruling.${ruling.kind}`,
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { rulingId: record.id, reason, ...(what as JsonObject), ...details },
      });
      return this.result(s);
    });
  }

  /**
   * Imports a game already in progress from its JSON game record (issue 3 item 14) into a
   * game with no move yet: the record must be on the game's sequence and rules; its moves
   * are replayed into the log with their dates, its outcome recorded.
   */
  importGameInProgress(actor: Actor, gameId: string, input: { readonly record: unknown; readonly reason: string }): Promise<ActionResult> {
    return this.asArbiter(actor, gameId, { action: 'import' }, async (s) => {
      requireReason(input.reason);
      s.requirePlaying();
      if (s.moves.length > 0)
        throw refusals.notAllowedNow(
          'the game already has moves: only a game not yet played can be imported',
          'partida are deja mutări: se poate importa doar o partidă nejucată',
        );
      const parsed = parseGameRecord(input.record, { tileSet: s.competition.tileSet });
      if (!parsed.ok) throw refusals.badInput(parsed.message, `fișa nu poate fi folosită: ${parsed.message}`);
      const record = parsed.record;
      const theirs = parseSequence(getTileSet(record.tileSet), record.sequence);
      if (!theirs.ok || theirs.tiles.join('') !== s.state(s.officialLine().id).sequence.join('')) {
        throw refusals.badInput("the record's sequence is not this game's", 'secvența fișei nu este cea a partidei');
      }
      const rules = s.setup.rules!;
      if (
        record.rules.handicap !== rules.handicap ||
        record.rules.zeroTurnsToEnd !== rules.zeroTurnsToEnd ||
        record.rules.endRackRule !== rules.endRackRule
      ) {
        throw refusals.badInput("the record's rules are not the competition's", 'regulile fișei nu sunt cele ale competiției');
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
        moves.push(moveView(played.move, null, played.record));
      }
      if (record.outcome) await s.end(record.outcome);
      await s.manager.update(Game, { id: s.game.id }, { startedOn: s.game.startedOn });
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'game.imported',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { reason: input.reason, moves: moves.length, outcome: record.outcome ?? null },
      });
      return this.result(s, moves, true);
    });
  }

  /**
   * Withdraws a player from the competition (or excludes them, docs/rules.md §6): every
   * unfinished game of theirs ends as their abandonment, each waiting for the arbiter's
   * homologation. One transaction; the games are locked in a fixed order.
   */
  withdrawPlayer(
    actor: Actor,
    competitionId: string,
    playerId: string,
    input: { readonly reason: string; readonly exclusion?: boolean },
  ): Promise<WithdrawalView> {
    return this.db.transaction(async (m) => {
      requireReason(input.reason);
      const competition = await m.findOneBy(Competition, { id: competitionId });
      if (!competition || hidesCompetition(actor, competition)) throw refusals.unknownCompetition(competitionId);
      if (!canArbitrate(actor, competition)) throw refusals.notArbiter();
      const registration = await m.findOne(Registration, { where: { competitionId, playerId }, lock: { mode: 'pessimistic_write' } });
      if (!registration) throw refusals.unknownPlayer(playerId);
      const ids = await m.find(Game, {
        where: [
          { competitionId, redPlayerId: playerId, status: 'playing' },
          { competitionId, bluePlayerId: playerId, status: 'playing' },
        ],
        select: { id: true },
        order: { id: 'ASC' },
      });
      const settled: string[] = [];
      for (const { id } of ids) {
        const s = await this.session(m, id, { lock: true });
        if (!canArbitrate(actor, competition, s.game)) throw refusals.notArbiter();
        if (s.game.status !== 'playing') continue;
        const color = s.colorOfPlayer(playerId)!;
        await s.end({ type: 'abandon', by: color });
        await this.finish(s, s.game.turn);
        await this.audit.record({
          actor,
          asArbiter: true,
          action: 'game.withdrawn',
          competitionId,
          gameId: id,
          details: { color, reason: input.reason },
        });
        settled.push(id);
      }
      await m.update(Registration, { id: registration.id }, { withdrawnAt: this.clock.now() });
      if (input.exclusion) {
        await this.rulings.record(
          { actor, competitionId, kind: 'exclusion', reason: input.reason, details: { playerId, games: settled } },
          [{ playerId, kind: 'exclusion', amount: 0, effectiveOn: localDate(this.clock.now(), competition.timeZone) }],
        );
      }
      await this.audit.record({
        actor,
        asArbiter: true,
        action: input.exclusion ? 'player.excluded' : 'player.withdrawn',
        competitionId,
        details: { playerId, reason: input.reason, games: settled },
      });
      return { playerId, games: settled };
    });
  }

  // ================================================================ internals: the action frame

  /** An action of one of the game's two players, who acts as `color`. */
  private asPlayer(
    actor: Actor,
    gameId: string,
    options: ActionOptions,
    work: (s: GameSession, color: Color) => Promise<ActionResult>,
  ): Promise<ActionResult> {
    return this.act(gameId, options, (s) => s.requirePlayer(actor), work);
  }

  /** An action of the competition's arbiter, never in a game they play in. */
  private asArbiter(
    actor: Actor,
    gameId: string,
    options: ActionOptions,
    work: (s: GameSession) => Promise<ActionResult>,
  ): Promise<ActionResult> {
    return this.act(gameId, options, (s) => s.requireArbiter(actor), work);
  }

  /**
   * One action: one transaction, the game's row lock, the actor's right to act, the
   * idempotency receipt, the work, then the end of the game if it came, the cached state,
   * and "your move" to whoever the turn passed to.
   */
  private act<Who>(
    gameId: string,
    options: ActionOptions,
    authorize: (s: GameSession) => Who,
    work: (s: GameSession, who: Who) => Promise<ActionResult>,
  ): Promise<ActionResult> {
    return this.db.transaction(async (m) => {
      const s = await this.session(m, gameId, { lock: true });
      const who = authorize(s);
      const receipt = await this.receipt(m, gameId, options.action, options.idempotencyKey);
      if (receipt !== undefined) {
        await options.inTransaction?.(m, receipt as ActionResult);
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
      await this.storeReceipt(m, gameId, options.action, options.idempotencyKey, result);
      await options.inTransaction?.(m, result);
      return result;
    });
  }

  private session(m: EntityManager, gameId: string, { lock }: { lock: boolean }): Promise<GameSession> {
    // Reads share replays (pure, keyed by their inputs); an action replays its own, under its lock.
    return GameSession.open(m, gameId, {
      lock,
      now: this.clock.now(),
      lexicon: (c) => this.lexicons.forCompetition(c),
      ...(!lock && { replays: this.replays, rows: this.rows }),
    });
  }

  /**
   * After any change: a game whose lines all ended (and no dispute waits) is over; an ended
   * game with no dispute left gets its result; the cached state is written; and if the
   * turn passed, the player now to move gets "your move".
   */
  private async finish(s: GameSession, turnBefore: number): Promise<void> {
    if (s.endedByPlay()) await s.end(null);
    // Ended by this action: its 30-day silence case has nothing left to decide (game-end-cases.ts).
    if (s.game.status === 'ended' && s.game.endedAt?.getTime() === s.now.getTime())
      await closeSilenceCasesAtEnd(s.manager, { cases: this.cases, audit: this.audit }, s.game);
    if (s.game.status === 'ended' && !s.dispute && !(await this.results.find(s.manager, s.game.id))) {
      await this.results.propose(s.manager, this.ended(s));
      await this.confirmByGameEnd(s);
    }
    await s.save();
    const next = s.turnPlayer();
    if (s.game.status === 'playing' && s.game.turn !== turnBefore && next) this.notifyYourMove(s, next);
    await this.notifications.add(s.outbox.splice(0));
  }

  /**
   * Issue 14 item 9: the move that ended the game is confirmed by the game-end mail (the
   * totals after the rack adjustment), never by a confirmation of its own: the mover's
   * game-end carries the moves, and the confirmation is not written.
   */
  private async confirmByGameEnd(s: GameSession): Promise<void> {
    for (const confirmation of s.outbox.filter((n) => n.template === 'move-confirmation' && n.to.id !== null)) {
      const mover = { gameId: s.game.id, playerId: confirmation.to.id!, template: 'game-end' };
      const folded = await this.notifications.fold(mover, { moves: confirmation.payload.moves ?? [] });
      if (folded) s.outbox.splice(s.outbox.indexOf(confirmation), 1);
    }
  }

  /** The receipt's stored result for a repeated key, or undefined the first time. */
  private async receipt(m: EntityManager, gameId: string, action: string, key: string | undefined): Promise<unknown> {
    if (key === undefined) return undefined;
    const found = await m.findOneBy(ActionReceipt, { gameId, idempotencyKey: key });
    if (!found) return undefined;
    if (found.action !== action) throw refusals.keyReused();
    return found.result;
  }

  private async storeReceipt(m: EntityManager, gameId: string, action: string, key: string | undefined, result: object): Promise<void> {
    if (key === undefined) return;
    await insertRows(
      m,
      ActionReceipt,
      m.create(ActionReceipt, { gameId, idempotencyKey: key, action, result, createdAt: this.clock.now() }),
    );
  }

  // ================================================================ internals: turns

  private async playLines(
    s: GameSession,
    color: Color,
    lines: Readonly<Record<string, PlayerMove>>,
    timing: MoveTiming,
  ): Promise<MoveView[]> {
    const plays = orThrow(assignLines(s.play, color, { lines }));
    const moves: MoveView[] = [];
    for (const p of plays) {
      const played = await s.playMove(p.line.id, color, p.move, timing);
      moves.push(moveView(played.move, s.label(p.line.id), played.record));
    }
    return moves;
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
    const moves = played.map((p) => moveView(p.move, s.label(p.move.lineId), p.record));
    this.notify(s, color, 'move-confirmation', { moves, turnComplete: complete });
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
    return this.result(s, moves, complete);
  }

  // ================================================================ internals: disputes and offers

  private async partnersOffer(s: GameSession, color: Color, offerId: string | undefined): Promise<Offer> {
    const offers = await s.manager.find(Offer, { where: { gameId: s.game.id, status: 'pending' }, order: { createdAt: 'DESC' } });
    const offer = offers.find(
      (o) => o.offeredByPlayerId === s.players[otherColor(color)].id && (offerId === undefined || o.id === offerId),
    );
    if (!offer) throw refusals.noOffer();
    return offer;
  }

  private async answerOffer(s: GameSession, actor: Actor, color: Color, offer: Offer, accept: boolean): Promise<ActionResult> {
    offer.status = accept ? 'accepted' : 'declined';
    offer.answeredAt = s.now;
    await s.manager.update(Offer, { id: offer.id }, { status: offer.status, answeredAt: offer.answeredAt });
    const by = otherColor(color);
    this.notify(s, by, 'offer-answer', { offerId: offer.id, kind: offer.kind, accepted: accept });
    await this.audit.record({
      actor,
      action: accept ? 'offer.accepted' : 'offer.declined',
      competitionId: s.competition.id,
      gameId: s.game.id,
      details: { color, kind: offer.kind },
    });
    if (accept) await s.end({ type: offer.kind === 'draw' ? 'draw-agreement' : 'interrupted' });
    return { ...this.result(s), offer: offerView(offer, by) };
  }

  // ================================================================ internals: rulings

  /**
   * Loads what the ruling's decision reads (the open claim and its answer window, the result,
   * for an upheld claim the day the accused's time ran out), asks the core (core/rulings.ts,
   * which applies arbiter/rulings.ts rulingNotApplicable first) and writes what it decided.
   */
  private async applyRuling(
    s: GameSession,
    ruling: RulingInput,
  ): Promise<{ caseKinds: string[]; penalties: NewPenalty[]; details: JsonObject }> {
    const [claim, result] = await independentQueries(s.manager, [
      () => s.manager.findOneBy(Claim, { gameId: s.game.id, status: 'open' }),
      () => this.results.find(s.manager, s.game.id),
    ]);
    const ripeness = await this.claimRipeness(s, claim);
    const claimant = claim && s.colorOfPlayer(claim.claimantPlayerId)!;
    const upholds = ruling.kind === 'claim' && ruling.upheld && claimant !== null;
    const exceededSince = upholds ? (await clocksOn(s)).clocks[otherColor(claimant!)].exceededSince : null;
    const plan = orThrow(
      decideRuling(
        s.play,
        ruling,
        {
          outcome: s.game.outcome,
          snapshot: s.game.state.lines,
          players: { red: s.players.red.id, blue: s.players.blue.id },
          claim: claim && ripeness && { id: claim.id, claimant: claimant!, ripe: ripeness.ripe },
          result,
          exceededSince,
        },
        s.today,
      ),
    );
    let details = plan.details;
    if (plan.claim && claim && ruling.kind === 'claim') {
      // docs/rules.md §5: upholding before the accused's 5 days ran out needs an explicit override (claim-answers.service.ts).
      const window = await checkClaimRuling(s.manager, claim, { today: s.today, timeZone: s.competition.timeZone }, ruling);
      claim.status = plan.claim.status;
      await s.manager.update(Claim, { id: claim.id }, { status: claim.status, ruledAt: s.now });
      details = { ...details, ...window };
    }
    await this.writeRuling(s, plan);
    return { caseKinds: settledCaseKinds(plan), penalties: [...plan.penalties], details };
  }

  /** The ruling's lines, dispute, turn, reopening and end, in that order. */
  private async writeRuling(s: GameSession, plan: RulingPlan): Promise<void> {
    await s.applyLines(plan.lines);
    if (plan.dispute && s.dispute) {
      Object.assign(s.dispute, { status: 'ruled', keptLineId: plan.dispute.keptLineId, ruledAt: s.now });
      await s.manager.update(Dispute, { id: plan.dispute.id }, { status: 'ruled', keptLineId: plan.dispute.keptLineId, ruledAt: s.now });
      s.dispute = null;
    }
    if (plan.turn === 'complete-if-done') s.completeTurnIfDone();
    // An annulment: the player now to move is told (finish sends "your move" on a new turn).
    if (plan.turn === 'next') s.game.turn += 1;
    if (plan.reopen) {
      Object.assign(s.game, { status: 'playing', endedAt: null, endReason: null, outcome: null });
      if (plan.reopen.resultId) await s.manager.delete(Result, { id: plan.reopen.resultId });
      await this.cases.closeFor(s.game.id, ['result', 'objection']);
    }
    if (plan.end) await s.end(plan.end);
  }

  /** The open claim's answer window as the preconditions read it (claim-window.ts `ripe`), null without one. */
  private async claimRipeness(s: GameSession, claim: Claim | null): Promise<{ ripe: boolean } | null> {
    if (!claim) return null;
    const cases = await s.manager.find(Case, { where: { gameId: s.game.id, kind: 'claim', status: 'open' } });
    const answered = cases.some((c) => answersOf(c).length > 0);
    return claimWindow({ toldOn: localDate(claim.createdAt, s.competition.timeZone), today: s.today, answered });
  }

  /** What the result of an ended game comes from: the kept line (docs/rules.md §6) and the outcome. */
  private ended(s: GameSession): EndedGame {
    return { game: s.game, competition: s.competition, players: s.players, line: s.state(s.officialLine().id), outcome: s.game.outcome };
  }

  private async rescoreResult(s: GameSession): Promise<JsonObject> {
    if (s.game.status !== 'ended' || s.dispute || !(await this.results.find(s.manager, s.game.id))) return {};
    const result = await this.results.rescore(s.manager, this.ended(s));
    return { coefficients: resultView(result).coefficients };
  }

  // ================================================================ internals: clocks, notifications, views

  /** A notification for one of the players, written with the action's others when it finishes. */
  private notify(s: GameSession, color: Color, template: string, payload: JsonObject): void {
    s.outbox.push(notificationFor(s, color, template, payload));
  }

  /** "Your move": the position of every line the player owes, and the partner's moves just played. */
  private notifyYourMove(s: GameSession, color: Color): void {
    const previous = s.moves.filter((m) => m.turn === s.game.turn - 1 && m.color !== color);
    this.notify(s, color, 'your-move', {
      lines: s.owedLines(color).map((l) => {
        const snapshot = lineSnapshot(l.id, s.label(l.id), s.state(l.id));
        return {
          line: l.id,
          label: snapshot.label,
          board: snapshot.board,
          rack: snapshot.racks[color],
          totals: snapshot.totals,
          bag: snapshot.bag,
        };
      }),
      lastMoves: previous.map((m) => moveView(m, s.label(m.lineId))),
      // docs/rules.md §6: words missing from the word list are flagged as contestable, never refused.
      contestable: previous.flatMap((m) => m.unknownWords),
    });
  }

  private result(s: GameSession, moves: readonly MoveView[] = [], turnComplete = false): ActionResult {
    return { gameId: s.game.id, version: s.game.version, turn: s.game.turn, status: s.game.status, moves, turnComplete };
  }

  private async gameView(s: GameSession, timeline: GameTimeline): Promise<GameView> {
    const [offers, result] = await independentQueries(s.manager, [
      () => s.manager.find(Offer, { where: { gameId: s.game.id, status: 'pending' } }),
      // A result is only ever proposed once the game has ended (finish), and a game never restarts.
      async () => (s.game.status === 'playing' ? null : this.results.find(s.manager, s.game.id)),
    ]);
    const clocks = timelineOn(timeline, s.today);
    const records = new Map<string, MoveRecord>();
    for (const line of s.liveLines()) s.pathOf(line.id).forEach((m, i) => records.set(m.id, s.replay(line.id).records[i]));
    const { awaiting, toMove } = awaitedMove(s.play);
    const clock = (c: Color) => {
      const { used, left, exceeded, onHoliday, longThinking } = clocks.clocks[c];
      return { used, left, exceeded, onHoliday, longThinking };
    };
    return {
      id: s.game.id,
      competitionId: s.game.competitionId,
      groupId: s.game.groupId,
      round: s.game.round,
      status: s.game.status,
      version: s.game.version,
      turn: s.game.turn,
      startedOn: s.game.startedOn,
      endedAt: s.game.endedAt?.toISOString() ?? null,
      endReason: s.game.endReason,
      outcome: s.game.outcome,
      red: { playerId: s.players.red.id, name: s.players.red.name },
      blue: { playerId: s.players.blue.id, name: s.players.blue.name },
      toMove,
      awaiting,
      sequence: s.sequence.tiles,
      lines: s.game.state.lines,
      moves: [...s.moves]
        .sort((a, b) => a.turn - b.turn || a.lineId.localeCompare(b.lineId))
        .map((m) => moveView(m, s.label(m.lineId), records.get(m.id))),
      dispute: s.dispute ? disputeView(s.dispute, s.colorOfPlayer(s.dispute.contesterPlayerId)!) : null,
      offers: offers.map((o) => offerView(o, s.colorOfPlayer(o.offeredByPlayerId)!)),
      clocks: { red: clock('red'), blue: clock('blue') },
      result: result ? resultView(result) : null,
    };
  }
}

function notificationFor(s: GameSession, color: Color, template: string, payload: JsonObject): Notification {
  return { to: s.players[color], template, gameId: s.game.id, payload: { gameId: s.game.id, turn: s.game.turn, color, ...payload } };
}

function playerTiming(s: GameSession, input: SubmitOptions): MoveTiming {
  return {
    receivedAt: s.now,
    source: input.source ?? 'api',
    inboundMailId: input.inboundMailId ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
  };
}

function parseDay(value: string, field: string): LocalDate {
  try {
    return toLocalDate(value);
  } catch {
    throw refusals.badInput(`${field}: expected a calendar date YYYY-MM-DD`, `${field}: se așteaptă o dată calendaristică AAAA-LL-ZZ`);
  }
}

function requireReason(reason: string | undefined): void {
  if (typeof reason !== 'string' || reason.trim() === '') throw refusals.reasonRequired();
}

/** The arbiter's cases a ruling settles (closed by rule(), the first named in the ruling's record). */
function settledCaseKinds(plan: RulingPlan): string[] {
  if (plan.settles === 'awaiting-result') return [...AWAITING_RESULT_CASES];
  return plan.settles ? [plan.settles] : [];
}
