import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CasesService } from '../../arbiter/cases.service';
import { AuditService } from '../../audit/audit.service';
import type { Actor } from '../../auth/core/actor';
import { receiptKeyOf } from '../entities/action-receipt.entity';
import { otherColor, type Color } from '../../common/color';
import { validateHoliday } from '../../thinking-time/core';
import { addDays, toLocalDate } from '../../common/calendar';
import { refusals } from '../core/game-refusals';
import { decideLongThinking, decideTimeClaim } from '../core/time';
import { GameActions, parseDay, type ActionInput } from './game-actions.service';
import type { GameFact } from '../../mail/core/game-events';
import { clocksOn } from '../model/game-clocks';
import type { ActionResult } from '../model/game-views';
import { GameTimeRepository } from '../persistence/game-time.repository';
import type { Holiday } from '../entities/holiday.entity';

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
    readonly message: { readonly ro: string; readonly en: string; readonly pl: string };
  } | null;
}

/** A game's time (docs/rules.md §5): holidays, long-thinking notices and time claims. */
@Injectable()
export class GameTimeService {
  constructor(
    private readonly actions: GameActions,
    private readonly audit: AuditService,
    private readonly cases: CasesService,
    private readonly time: GameTimeRepository,
  ) {}

  /**
   * Declares (or changes) the player's holiday (docs/rules.md §5). One per player and
   * competition, covering all their games: the player's registration row is locked, then
   * their games, whose pages show it (a new version each), and every partner is told.
   */
  declareHoliday(actor: Actor, gameId: string, input: { readonly from: string; readonly to: string } & ActionInput): Promise<HolidayView> {
    return this.actions.write(async (w) => {
      const s = await this.actions.session(gameId);
      const game = s.game;
      const color = s.requirePlayer(actor);
      const player = s.players[color];
      await this.time.lockRegistration(game.competitionId, player.id);
      const key = receiptKeyOf(actor, input.idempotencyKey);
      const receipt = await w.receipt(gameId, 'holiday', key);
      if (receipt !== undefined) {
        await input.inTransaction?.(receipt as HolidayView);
        return receipt as HolidayView;
      }
      const from = parseDay(input.from, 'from');
      const asked = parseDay(input.to, 'to');
      const current = await this.time.currentHoliday(game.competitionId, player.id);
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
        message: { ro: decision.cut.message.ro, en: decision.cut.message.en, pl: decision.cut.message.pl },
      };
      if (current) await this.time.markHolidayReplaced(current.id, s.now);
      const holiday = await this.time.insertHoliday({
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
      // Their clocks pause and their pages list it, ended games' too: the same order of locks as leave.
      const shown = await w.lockGamesOf(game.competitionId, player.id, { inPlay: false });
      await w.changed(shown.map((g) => g.id));
      // docs/rules.md §5: the declaration is written on every sheet and the partners are told.
      const games = await this.time.gamesInPlayWithPlayers(game.competitionId, player.id);
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
      // One event in each game, each with the game as the holiday leaves it; the declaring game's also answers the player.
      const declared = { by: color, player: player.name, from, to, holidayKind: holiday.kind, replaced: view.replaced };
      const told = new Set(games.map((g) => g.id));
      for (const id of told.has(gameId) ? [...told] : [...told, gameId]) {
        await this.actions.tell(id, (now) => {
          const by: Color = now.game.redPlayerId === player.id ? 'red' : 'blue';
          const mine = id === gameId ? { confirmation: { ...view } } : {};
          return [{ kind: 'holiday-declared', turn: now.game.turn, ...declared, by, partnerTold: told.has(id), ...mine } as GameFact];
        });
      }
      await this.audit.record({ actor, action: 'holiday.declared', competitionId: game.competitionId, gameId, details: { ...view } });
      await w.storeReceipt(gameId, 'holiday', key, view);
      await input.inTransaction?.(view);
      return view;
    });
  }

  /** docs/rules.md §5: a player who means to think more than 10 days on this move tells the partner. */
  announceLongThinking(actor: Actor, gameId: string, input: ActionInput & { readonly days: number }): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'long-thinking', input, async (s, color) => {
      const refused = decideLongThinking(s.play, color, input.days, (await clocksOn(s)).clocks[color].left);
      if (refused) throw refused;
      // One notice per turn: announcing again replaces it.
      await this.time.replaceLongThinkingNotice({
        id: randomUUID(),
        gameId: s.game.id,
        playerId: s.players[color].id,
        turn: s.game.turn,
        fromDay: s.today,
        days: input.days,
        createdAt: s.now,
      });
      this.actions.emit(s, {
        kind: 'long-thinking-announced',
        turn: s.game.turn,
        by: color,
        player: s.players[color].name,
        from: s.today,
        days: input.days,
      });
      await this.audit.record({
        actor,
        action: 'long-thinking.announced',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { color, days: input.days },
      });
      return this.actions.result(s);
    });
  }

  /** docs/rules.md §5: the partner has used more than the thinking days; the claim goes to the arbiter, announced to both. */
  claimTime(actor: Actor, gameId: string, input: ActionInput = {}): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'claim', input, async (s, color) => {
      s.requirePlaying();
      const partner = otherColor(color);
      const clock = (await clocksOn(s)).clocks[partner];
      const claimWaiting = clock.exceeded && (await this.time.openClaim(s.game.id)) !== null;
      const refused = decideTimeClaim(s.play, clock, { thinkingDays: s.competition.thinkingDays, claimWaiting });
      if (refused) throw refused;
      const claim = await this.time.insertClaim({
        id: randomUUID(),
        gameId: s.game.id,
        claimantPlayerId: s.players[color].id,
        daysUsed: clock.used,
        status: 'open',
        createdAt: s.now,
        ruledAt: null,
      });
      // docs/rules.md §5: the other player answers the arbiter within 5 days of being told.
      await this.cases.open({
        competitionId: s.competition.id,
        gameId: s.game.id,
        kind: 'claim',
        dueOn: addDays(s.today, 5),
        payload: { claimId: claim.id, claimant: color, daysUsed: clock.used, exceededSince: clock.exceededSince },
      });
      this.actions.emit(s, {
        kind: 'time-claimed',
        turn: s.game.turn,
        by: color,
        claimant: s.players[color].name,
        daysUsed: clock.used,
        answerBy: addDays(s.today, 5),
      });
      await this.audit.record({
        actor,
        action: 'claim.made',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { color, daysUsed: clock.used },
      });
      return this.actions.result(s);
    });
  }
}
