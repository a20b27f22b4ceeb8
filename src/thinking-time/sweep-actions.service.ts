// What each timeline action does (docs/sweep.md), inside the transaction that holds the
// game's row lock and records the action: the mails to write, the case to open. Nothing
// here commits on its own, so an action and its record exist together or not at all.
import { Inject, Injectable } from '@nestjs/common';
import { CLOSING_CASE, SILENCE_CASE } from '../arbiter/case.entity';
import { CasesService } from '../arbiter/cases.service';
import { asJson, type JsonObject } from '../common/json';
import { SETTINGS } from '../config/settings';
import { COLORS, type Color } from '../engine';
import type { GameSession } from '../games/model/game-session';
import type { GameOutcome } from '../games/core/game-state';
import { closingResult, proposedResult } from '../games/core/closing-result';
import { Notifications } from '../notifications/notifications.service';
import { deadlinesOn } from './core/deadlines';
import { StateDeclarationsRepository } from './state-declarations.repository';
import { clocksOf, closingProposalView, type ClosingProposal, type MailSettings } from './sweep-mail';
import { mailSnapshot } from '../games/model/game-mail-snapshot';
import type { GameFact } from '../mail/core/game-events';
import { toLocalDate } from '../common/calendar';
import { ThinkingTimeRepository } from './thinking-time.repository';
import type { CompetitionAction, GameTimeline, SilenceAction, TimelineAction as CoreAction, TimelineDay } from './core/timeline';
import { GameTimeRepository } from '../games/persistence/game-time.repository';
import { CompetitionsRepository } from '../competitions/competitions.repository';

/** Cases the sweep opens for the arbiter, named beside the other case kinds (arbiter/case.entity.ts). */
export { CLOSING_CASE, SILENCE_CASE };

/** The game as the sweep acts on it: its session (locked), its timeline and the core's view of the day. */
export interface SweepContext {
  readonly s: GameSession;
  readonly timeline: GameTimeline;
  /** The last day looked at (today), with the clocks as they stand. */
  readonly day: TimelineDay;
}

@Injectable()
export class SweepActions {
  constructor(
    @Inject(SETTINGS) private readonly settings: MailSettings,
    private readonly notifications: Notifications,
    private readonly cases: CasesService,
    private readonly time: ThinkingTimeRepository,
    private readonly gameTime: GameTimeRepository,
    private readonly declarations: StateDeclarationsRepository,
    private readonly competitions: CompetitionsRepository,
  ) {}

  /** Does one action; returns the case it opened, if any. */
  async perform(ctx: SweepContext, due: CoreAction): Promise<string | null> {
    const { s } = ctx;
    // Done late (after downtime), a silence is told as long as it is today (catch-up.ts: it still holds).
    const action = 'silentDays' in due && ctx.day.awaiting?.move === due.move ? { ...due, silentDays: ctx.day.awaiting.silentDays } : due;
    const turn = s.game.turn;
    const key = action.key;
    switch (action.stage) {
      case 'reminder':
      case 'first-move-reminder': {
        // docs/rules.md §5: the move is sent again to the silent player, a copy to the partner.
        const { escalation } = deadlinesOn(ctx.timeline, ctx.day.day);
        const { player: silent, move, since, silentDays } = action;
        await this.tell(s, {
          kind: 'silence-reminded',
          turn,
          action: key,
          silent,
          move,
          since,
          silentDays,
          ...(escalation && { escalation }),
        });
        return null;
      }
      case 'escalation':
      case 'first-move-escalation': {
        // docs/rules.md §5: the game record goes to the arbiter with a proposal for homologation; both players are told.
        const opened = await this.cases.open({
          competitionId: s.competition.id,
          gameId: s.game.id,
          kind: SILENCE_CASE,
          payload: this.silenceCase(ctx, action),
        });
        const { player: silent, silentDays, since } = action;
        await this.tell(s, { kind: 'silence-escalated', turn, action: key, silent, silentDays, since });
        return opened.id;
      }
      case 'holiday-start':
        await this.tell(s, { kind: 'holiday-started', turn, action: key, player: action.player, ...action.holiday });
        return null;
      case 'holiday-end':
        // The silence count resumes today (timeline.ts: holiday-end falls on the day after the holiday).
        await this.tell(s, { kind: 'holiday-ended', turn, action: key, player: action.player, ...action.holiday, resumesOn: action.on });
        return null;
      case 'long-thinking-start':
        // The partner was told when the notice was given (GameTimeService.announceLongThinking), on this very day: recorded, not repeated.
        return null;
      case 'long-thinking-end': {
        const { from, days } = action.notice;
        await this.tell(s, { kind: 'long-thinking-ended', turn, action: key, player: action.player, from, days, resumesOn: action.on });
        return null;
      }
      case 'time-exceeded':
        // docs/rules.md §5: 51 days or more lose the game, but only if the partner claims it: the partner is told they may.
        await this.tell(s, {
          kind: 'time-exceeded',
          turn,
          action: key,
          player: action.player,
          used: action.used,
          limit: s.competition.thinkingDays,
        });
        return null;
      case 'holiday-rights-end':
        await this.holidayRightsEnd(ctx, action);
        return null;
      case 'closing-date': {
        // docs/rules.md §7: at the closing date the players declare the game's state; results reach the arbiter within 5 days.
        const { reportBy } = deadlinesOn(ctx.timeline, ctx.day.day);
        const closingDate = toLocalDate(s.competition.closingDate);
        await this.tell(s, { kind: 'closing-date-reached', turn, action: key, closingDate, declareBy: reportBy });
        return null;
      }
      case 'report-window-closed': {
        const payload = await this.closingCase(ctx, action);
        const opened = await this.cases.open({
          competitionId: s.competition.id,
          gameId: s.game.id,
          kind: CLOSING_CASE,
          payload,
        });
        const declared = (payload.declarations as { color: Color }[]).map((d) => d.color);
        const proposal = closingProposalView((payload.proposal ?? null) as ClosingProposal | null);
        await this.tell(s, { kind: 'report-window-closed', turn, action: key, ...(proposal && { proposal }), declared });
        return opened.id;
      }
    }
  }

  /** A fact of the timeline (mail/core/timeline-facts.ts), with the game as the sweep holds it: mail decides who hears of it. */
  private async tell(s: GameSession, fact: GameFact): Promise<void> {
    const snapshot = await mailSnapshot(s, [fact], { competitions: this.competitions, settings: this.settings });
    await this.notifications.emit(s.game.id, s.players, [fact], snapshot);
  }

  /**
   * docs/rules.md §5: "the right to holiday is lost one month before the closing date" — every
   * player is told once per competition, whatever number of games they still play: the
   * notice is recorded per player (no game) beside the game's own record of the action.
   */
  private async holidayRightsEnd(ctx: SweepContext, action: CompetitionAction): Promise<void> {
    const { s } = ctx;
    const { lastHolidayDay, closing } = deadlinesOn(ctx.timeline, ctx.day.day);
    for (const color of COLORS) {
      const player = s.players[color];
      // Two games of one player may be swept at once (two instances): the unique key decides who tells.
      const told = await this.time.recordUnlessTaken({
        competitionId: s.competition.id,
        gameId: null,
        playerId: player.id,
        key: action.key,
        stage: action.stage,
        dueOn: action.on,
        status: 'done',
        supersededBy: null,
        caseId: null,
        createdAt: s.now,
      });
      if (!told) continue;
      await this.notifications.emitCompetition(s.competition.id, new Map([[player.id, player]]), [
        {
          kind: 'holiday-rights-ended',
          action: action.key,
          competition: s.competition.shortName,
          player: { id: player.id, name: player.name },
          closingDate: closing,
          lastHolidayDay,
        },
      ]);
    }
  }

  /** The escalation's case: the game record and the result proposed for homologation (docs/rules.md §5, §7). */
  private silenceCase(ctx: SweepContext, action: SilenceAction): JsonObject {
    const { s } = ctx;
    const lines = s.liveLines();
    // docs/rules.md §7: a player who never starts the game or never answers the partner's first move is a no-show; later silence is an abandonment.
    const outcome: GameOutcome = action.move <= 2 ? { type: 'no-show', by: action.player } : { type: 'abandon', by: action.player };
    const line = lines.length === 1 ? lines[0] : null;
    const state = line && s.state(line.id);
    return {
      action: action.key,
      move: action.move,
      silent: action.player,
      since: action.since,
      silentDays: action.silentDays,
      clocks: clocksOf(ctx.day),
      // While an appeal keeps two lines (docs/rules.md §6) the arbiter rules on the word first: no proposal.
      proposal: state ? asJson(proposedResult(outcome, state.totals, state.movesPlayed)) : null,
      record: line
        ? s.pathOf(line.id).map((m) => ({
            n: m.number,
            color: m.color,
            notation: m.notation,
            score: m.recordedScore,
            sentOn: m.sentOn,
            thinkingDays: m.thinkingDays,
          }))
        : [],
    };
  }

  /**
   * docs/rules.md §7, after the report window, as the platform reads it (docs/rules.md,
   * closing-date.ts): 1/1 for a game with moves and no open time claim, declared or not;
   * a no-show for a game never started; with a claim open (or an appeal keeping two
   * lines) the arbiter rules on that first, so nothing is proposed.
   */
  private async closingCase(ctx: SweepContext, action: CompetitionAction): Promise<JsonObject & { proposal?: JsonObject | null }> {
    const { s } = ctx;
    // One at a time: the sweep's session is a transaction's.
    const declarations = await this.declarations.declarationsOf(s.game.id);
    const openClaim = await this.gameTime.openClaim(s.game.id);
    const lines = s.liveLines();
    const state = lines.length === 1 ? s.state(lines[0].id) : null;
    const proposed = closingResult(
      { openClaim: openClaim !== null, liveLines: lines.length, movesMade: s.moves.length, firstToMove: 'red' },
      state,
    );
    return {
      action: action.key,
      closingDate: s.competition.closingDate,
      declarations: declarations.map((d) => ({ color: d.color, text: d.text, declaredOn: d.declaredOn })),
      openClaim: openClaim ? { claimId: openClaim.id, daysUsed: openClaim.daysUsed } : null,
      disputeOpen: s.dispute !== null,
      clocks: clocksOf(ctx.day),
      proposal: proposed ? asJson(proposed) : null,
    };
  }
}
