import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { canArbitrate, hidesCompetition } from '../auth/core/permissions';
import { AuditService } from '../audit/audit.service';
import { RulingsService } from '../arbiter/rulings.service';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { SETTINGS } from '../config/settings';
import type { Color } from '../engine';
import { refusals } from '../games/core/game-refusals';
import type { ActionResult } from '../games/model/game-views';
import { DisputesService } from '../games/actions/disputes.service';
import { GameRepository } from '../games/persistence/game.repository';
import { GameActions } from '../games/actions/game-actions.service';
import { Notifications } from '../notifications/notifications.service';
import { compareDays, isLocalDate, toLocalDate, type LocalDate } from '../common/calendar';
import { absencesOf } from '../common/absences';
import { DOWNTIME_CASE, type DowntimeCredit } from './heartbeat.service';
import { thinkingDaysForMove } from './core/thinking-days';
import type { MailSettings } from './sweep-mail';
import { timeRefusals } from './time-refusals';
import { GameTimeRepository } from '../games/persistence/game-time.repository';
import { readGameView } from '../games/model/game-mail-view';
import { CasesRepository } from '../arbiter/cases.repository';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { PlayersRepository } from '../competitions/players.repository';

/** docs/rules.md §5: a letter returned uncollected costs the player who did not collect it 10 days. */
export const REFUSED_MAIL_DAYS = 10;

export interface DaysInput {
  readonly player: Color;
  readonly reason: string;
  readonly idempotencyKey?: string;
}

export interface LeaveInput {
  readonly playerId: string;
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}

export interface LeaveView {
  readonly id: string;
  readonly playerId: string;
  readonly from: LocalDate;
  readonly to: LocalDate;
  readonly reason: string;
  /** The games whose partners were told. */
  readonly games: readonly string[];
}

export interface DowntimeDecision {
  readonly caseId: string;
  readonly confirmed: boolean;
  /** The ruling written in each game credited. */
  readonly rulings: readonly { readonly gameId: string; readonly rulingId: string }[];
}

/**
 * The arbiter's controls on time (docs/sweep.md), each audited and each a day adjustment
 * the thinking-time core understands: credits and charges become `thinking-days` penalties
 * (timeline adjustments), special leave a holiday range (no thinking days, no silence).
 */
@Injectable()
export class TimeControlsService {
  constructor(
    private readonly frame: GameActions,
    private readonly clock: Clock,
    private readonly disputes: DisputesService,
    private readonly rulings: RulingsService,
    private readonly audit: AuditService,
    private readonly notifications: Notifications,
    @Inject(SETTINGS) private readonly settings: MailSettings,
    private readonly games: GameRepository,
    private readonly time: GameTimeRepository,
    private readonly cases: CasesRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly players: PlayersRepository,
  ) {}

  /** Days given back to a player's clock: the ICCF habit after a platform or mail outage (docs/rules.md §5). */
  grantDays(actor: Actor, gameId: string, input: DaysInput & { readonly days: number }): Promise<ActionResult> {
    if (!Number.isSafeInteger(input.days) || input.days < 1 || input.days > 1000) throw timeRefusals.badDays(1000);
    return this.disputes.rule(actor, gameId, {
      kind: 'thinking-days',
      player: input.player,
      days: -input.days,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
    });
  }

  /**
   * docs/rules.md §5: mail refused through the player's fault (a full or abandoned mailbox, the
   * e-mail analogue of a letter not collected) costs them 10 days; the platform resends by
   * itself, so the sender loses nothing.
   */
  chargeRefusedMail(actor: Actor, gameId: string, input: DaysInput): Promise<ActionResult> {
    return this.disputes.rule(actor, gameId, {
      kind: 'thinking-days',
      player: input.player,
      days: REFUSED_MAIL_DAYS,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
    });
  }

  /**
   * Special leave beyond the holiday right: like a holiday (docs/rules.md §5) its days are not
   * thinking days and do not count as silence, in all the player's games; the player and
   * every partner still playing them are told. The registration row is locked, as for a
   * holiday declaration, so the two never interleave; then every game of the player's, ended
   * ones too (their clocks count the leave), each with a new version.
   */
  approveSpecialLeave(actor: Actor, competitionId: string, input: LeaveInput): Promise<LeaveView> {
    return this.frame.write(async (w) => {
      const competition = await this.competitions.find(competitionId);
      if (!competition || hidesCompetition(actor, competition)) throw refusals.unknownCompetition(competitionId);
      if (!canArbitrate(actor, competition)) throw refusals.notArbiter();
      const reason = requireReason(input.reason);
      const from = parseDay(input.from, 'from');
      const to = parseDay(input.to, 'to');
      if (compareDays(to, from) < 0)
        throw refusals.badInput(
          'the leave ends before it starts',
          'concediul se termină înainte de a începe',
          'urlop kończy się przed rozpoczęciem',
        );
      const start = toLocalDate(competition.startDate);
      const closing = toLocalDate(competition.closingDate);
      if (compareDays(from, start) < 0 || compareDays(to, closing) > 0) throw timeRefusals.leaveOutsideCompetition(start, closing);
      const registration = await this.time.lockRegistration(competitionId, input.playerId);
      if (!registration) throw refusals.unknownPlayer(input.playerId);
      const now = this.clock.now();
      const leave = await this.time.addSpecialLeave({
        competitionId,
        playerId: input.playerId,
        fromDay: from,
        toDay: to,
        reason,
        approvedByUserId: actor.kind === 'user' ? actor.userId : null,
        createdAt: now,
      });
      // Their moves may be counted again below: no move is recorded meanwhile.
      const all = await w.lockGamesOf(competitionId, input.playerId, { inPlay: false });
      const games = all.filter((g) => g.status === 'playing');
      await this.recountThinkingDays(
        competitionId,
        input.playerId,
        games.map((g) => g.id),
      );
      // The leave pauses every clock of the player's; the moves of the games in play may be recounted.
      await w.changed(all.map((g) => g.id));
      const players = new Map(
        (await this.players.byIds([input.playerId, ...games.flatMap((g) => [g.redPlayerId, g.bluePlayerId])])).map((p) => [p.id, p]),
      );
      const details: JsonObject = { leaveId: leave.id, playerId: input.playerId, from, to, reason };
      const onLeave = players.get(input.playerId)!;
      const partners = [];
      for (const g of games) {
        const you: Color = g.redPlayerId === input.playerId ? 'blue' : 'red';
        const game = await readGameView(this.competitions, this.settings, competition, g, {
          red: players.get(g.redPlayerId)!,
          blue: players.get(g.bluePlayerId)!,
        });
        partners.push({ player: you === 'red' ? g.redPlayerId : g.bluePlayerId, gameId: g.id, turn: g.turn, you, game });
      }
      // The player and each partner hear of it: a fact of the competition (mail/core/competition-facts.ts).
      await this.notifications.emitCompetition(competitionId, players, [
        {
          kind: 'special-leave-approved',
          competition: competition.shortName,
          leaveId: leave.id,
          player: { id: onLeave.id, name: onLeave.name },
          from,
          to,
          partners,
        },
      ]);
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'leave.approved',
        competitionId,
        details: { ...details, games: games.map((g) => g.id) },
      });
      return { id: leave.id, playerId: input.playerId, from, to, reason, games: games.map((g) => g.id) };
    });
  }

  /**
   * The arbiter decides an outage case (HeartbeatService). Confirming writes, in each game,
   * a `thinking-days` ruling crediting the days (effective from the first day down, so the
   * clocks never show them) and tells both players; dismissing only closes the case. One
   * transaction, the games locked in a fixed order.
   */
  decideDowntimeCredit(
    actor: Actor,
    caseId: string,
    input: {
      readonly confirm: boolean;
      readonly reason: string;
      /** The web form's own checks, once the case is known to be the actor's. */ readonly check?: () => void;
    },
  ): Promise<DowntimeDecision> {
    return this.frame.write(async (w) => {
      const found = await this.cases.lock(caseId);
      if (!found) throw timeRefusals.unknownCase(caseId);
      const competition = await this.competitions.get(found.competitionId);
      if (hidesCompetition(actor, competition)) throw timeRefusals.unknownCase(caseId);
      if (!canArbitrate(actor, competition)) throw refusals.notArbiter();
      if (found.kind !== DOWNTIME_CASE) throw timeRefusals.notDowntimeCase(caseId);
      if (found.status !== 'open') throw timeRefusals.caseDecided();
      input.check?.();
      const reason = requireReason(input.reason);
      const credits = found.payload.credits as unknown as DowntimeCredit[];
      const days = found.payload.days as { from: LocalDate; to: LocalDate };
      // One case names every game of the outage; the arbiter must run each game's competition.
      for (const id of new Set(credits.map((c) => c.competitionId ?? competition.id))) {
        if (id === competition.id) continue;
        const other = await this.competitions.find(id);
        if (!other || !canArbitrate(actor, other)) throw refusals.notArbiter();
      }
      const now = this.clock.now();
      const written: { gameId: string; rulingId: string }[] = [];
      if (input.confirm) {
        for (const gameId of [...new Set(credits.map((c) => c.gameId))].sort()) {
          const game = await w.lock(gameId);
          const mine = credits.filter((c) => c.gameId === gameId);
          const given = mine.map((c) => ({ color: c.color, days: c.days }));
          const gameDays = { from: mine[0].from ?? days.from, to: mine[0].to ?? days.to };
          const ruling = await this.rulings.record(
            {
              actor,
              competitionId: game.competitionId,
              gameId,
              caseId,
              kind: 'thinking-days',
              reason,
              details: { outage: gameDays, credits: given },
            },
            mine.map((c) => ({ playerId: c.playerId, kind: 'thinking-days' as const, amount: -c.days, effectiveOn: gameDays.from })),
          );
          // The credited days are on the game's clocks.
          await w.changed([gameId]);
          // docs/rules.md §6: both players hear of the ruling, a fact of the game (mail/core/game-events.ts `ruling-made`).
          const details = { rulingId: ruling.id, kind: 'thinking-days', reason, outage: gameDays, credits: given };
          await this.frame.tell(gameId, () => [{ kind: 'ruling-made', turn: game.turn, details }]);
          await this.audit.record({
            actor,
            asArbiter: true,
            action: 'ruling.thinking-days',
            competitionId: game.competitionId,
            gameId,
            details: { rulingId: ruling.id, reason, outage: gameDays, credits: given },
          });
          written.push({ gameId, rulingId: ruling.id });
        }
      }
      await this.cases.close([caseId], now);
      await this.audit.record({
        actor,
        asArbiter: true,
        action: input.confirm ? 'downtime-credit.confirmed' : 'downtime-credit.dismissed',
        competitionId: competition.id,
        details: { caseId, reason, games: written.length },
      });
      return { caseId, confirmed: input.confirm, rulings: written };
    });
  }

  /**
   * Leave approved for days already past (illness told afterwards) changes what the player's
   * moves of those days cost: each move's stored thinking days are counted again with the
   * holiday and every approved leave (docs/rules.md §5), so the sheet and `check` agree with the
   * clocks, which the core derives from the days themselves.
   */
  private async recountThinkingDays(competitionId: string, playerId: string, gameIds: readonly string[]): Promise<void> {
    if (gameIds.length === 0) return;
    // One query at a time: this is the transaction's client.
    const holidays = await this.time.holidaysThatCount(competitionId, playerId);
    const leave = await this.games.specialLeaveOf(competitionId, [playerId]);
    const games = await this.time.redPlayersOf(gameIds);
    const pauses = absencesOf({ holidays, specialLeave: leave }, toLocalDate);
    for (const game of games) {
      const color = game.redPlayerId === playerId ? 'red' : 'blue';
      const moves = await this.time.movesOf(game.id, color);
      for (const move of moves) {
        const days = thinkingDaysForMove(toLocalDate(move.arrivedOn), toLocalDate(move.sentOn), pauses);
        if (days !== move.thinkingDays) await this.games.setThinkingDays(move.id, days);
      }
    }
  }
}

function requireReason(reason: string | undefined): string {
  if (typeof reason !== 'string' || reason.trim() === '') throw refusals.reasonRequired();
  return reason.trim();
}

function parseDay(value: string, field: string): LocalDate {
  if (typeof value !== 'string' || !isLocalDate(value))
    throw refusals.badInput(
      `${field}: expected a calendar date YYYY-MM-DD`,
      `${field}: se așteaptă o dată calendaristică AAAA-LL-ZZ`,
      `${field}: oczekiwana data kalendarzowa RRRR-MM-DD`,
    );
  return value;
}
