// The mail the sweep writes, as outbox payloads (docs/mail-rules.md 17, 19): each payload is the view
// model of its template (src/notifications/models/models.ts, sweep-models.ts), built here or with
// the templates' own builders. Every game mail's payload also names the game, the turn (the
// reply token's, docs/mail-rules.md 1) and the timeline action it comes from.
import { asJson, type JsonObject } from '../common/json';
import type { Game } from '../games/game.entity';
import type { Competition } from '../competitions/competition.entity';
import type { Player } from '../players/player.entity';
import type { Color } from '../engine/types';
import type { GameSession } from '../games/game-session';
import { replyAddress } from '../notifications/reply-token';
import type {
  DeadlinesView,
  EscalationModel,
  GameView,
  HolidayNoticeModel,
  MailSettings,
  ReminderModel,
} from '../notifications/models/models';
import type {
  ClosingDateModel,
  ClosingProposalView,
  HolidayEndModel,
  HolidayRightsEndModel,
  LongThinkingEndModel,
  ReminderCopyModel,
  ReportWindowClosedModel,
  SpecialLeaveModel,
  StateDeclaredModel,
  TimeExceededModel,
} from '../notifications/models/sweep-models';
import { yourMoveModel } from '../notifications/models/views';
import { rangeLength, toLocalDate, type DateRange, type LocalDate } from '../common/calendar';
import type { Deadlines } from './core/deadlines';
import type { CompetitionAction, HolidayAction, LongThinkingAction, SilenceAction, TimeExceededAction, TimelineDay } from './core/timeline';

export type { MailSettings };

/** DeadlinesView reads `holidayRightsEnd` as "the last day a holiday can still be taken" (the deadlines partial of templates/mail). */
export function deadlinesView(deadlines: Deadlines): DeadlinesView {
  const { reminder, escalation, closing, lastHolidayDay } = deadlines;
  return { ...(reminder && { reminder }), ...(escalation && { escalation }), closing, holidayRightsEnd: lastHolidayDay };
}

/** JSON of a view model, with what every sweep payload carries beside it. */
function payload(model: object, s: Pick<GameSession, 'game'>, action: string): JsonObject {
  return { ...asJson(model), gameId: s.game.id, turn: s.game.turn, action };
}

/**
 * docs/rules.md §5 silence, day 15: "the move is sent again" — the position the silent player
 * owes a move in (every live line while an appeal waits, §6), the clocks, and what comes
 * next (the escalation's day).
 */
export function reminderPayload(
  settings: MailSettings,
  s: GameSession,
  game: GameView,
  action: SilenceAction,
  day: TimelineDay,
  deadlines: Deadlines,
): JsonObject {
  const you = action.player;
  const player = s.players[you];
  const lines = s.liveLines();
  const replay = lines.length === 2 ? { A: s.replay(lines[0].id), B: s.replay(lines[1].id) } : s.replay(lines[0].id);
  const model: ReminderModel = {
    ...yourMoveModel({
      game,
      you,
      language: player.language,
      replay,
      clocks: day.clocks,
      // The reminder is this mail; what comes next is the escalation.
      deadlines: deadlinesView({ ...deadlines, reminder: undefined }),
      replyAddress: replyAddress(settings.secret, settings.mailReplyAddress, { gameId: s.game.id, playerId: player.id, turn: s.game.turn }),
    }),
    silentDays: action.silentDays,
  };
  return payload({ ...model, clocks: { ...model.clocks, limit: s.competition.thinkingDays } }, s, action.key);
}

/** docs/rules.md §5 silence, day 30: the arbiter is told; both players get this. */
export function escalationPayload(s: GameSession, game: GameView, you: Color, action: SilenceAction): JsonObject {
  const model: EscalationModel = { game, you, silent: action.player, silentDays: action.silentDays, since: action.since };
  return payload(model, s, action.key);
}

export function holidayNoticePayload(s: GameSession, game: GameView, you: Color, action: HolidayAction): JsonObject {
  const model: HolidayNoticeModel = {
    game,
    you,
    player: action.player,
    from: action.holiday.from,
    to: action.holiday.to,
    days: rangeLength(action.holiday),
  };
  return payload(model, s, action.key);
}

/** docs/rules.md §5 silence: the copy of the reminder, to the partner of the silent player. */
export function reminderCopyPayload(
  s: GameSession,
  game: GameView,
  you: Color,
  action: SilenceAction,
  escalation: LocalDate | undefined,
): JsonObject {
  const model: ReminderCopyModel = {
    game,
    you,
    silent: action.player,
    move: action.move,
    since: action.since,
    silentDays: action.silentDays,
    ...(escalation && { escalation }),
  };
  return payload(model, s, action.key);
}

/** The holiday is over (the day after its last): the partner hears the silence count resumes. */
export function holidayEndPayload(s: GameSession, game: GameView, you: Color, action: HolidayAction): JsonObject {
  const model: HolidayEndModel = {
    game,
    you,
    player: action.player,
    from: action.holiday.from,
    to: action.holiday.to,
    resumesOn: action.on,
  };
  return payload(model, s, action.key);
}

export function longThinkingEndPayload(s: GameSession, game: GameView, you: Color, action: LongThinkingAction): JsonObject {
  const model: LongThinkingEndModel = {
    game,
    you,
    player: action.player,
    from: action.notice.from,
    days: action.notice.days,
    resumesOn: action.on,
  };
  return payload(model, s, action.key);
}

/** docs/rules.md §5: 51 days or more used; the partner (`you`) may claim the game. */
export function timeExceededPayload(s: GameSession, game: GameView, you: Color, action: TimeExceededAction): JsonObject {
  const model: TimeExceededModel = { game, you, player: action.player, used: action.used, limit: s.competition.thinkingDays };
  return payload(model, s, action.key);
}

/** Both players' days used and left on a day of the timeline. */
export function clocksOf(day: TimelineDay): { red: { used: number; left: number }; blue: { used: number; left: number } } {
  const one = (c: Color) => ({ used: day.clocks[c].used, left: day.clocks[c].left });
  return { red: one('red'), blue: one('blue') };
}

/** docs/rules.md §7: the closing date; the players declare the game's state by the end of the report window. */
export function closingDatePayload(
  s: GameSession,
  game: GameView,
  you: Color,
  action: CompetitionAction,
  declareBy: LocalDate,
  day: TimelineDay,
): JsonObject {
  const model: ClosingDateModel = {
    game,
    you,
    closingDate: toLocalDate(s.competition.closingDate),
    declareBy,
    clocks: { ...clocksOf(day), limit: s.competition.thinkingDays },
  };
  return payload(model, s, action.key);
}

/** docs/rules.md §7: the report window has passed; `proposal` is the case's (coefficients as decimals), if any. */
export function reportWindowClosedPayload(
  s: GameSession,
  game: GameView,
  you: Color,
  action: CompetitionAction,
  proposal: {
    readonly outcome: { readonly type: string };
    readonly scores: Readonly<Record<Color, number>>;
    readonly coefficients: Readonly<Record<Color, number>>;
  } | null,
  declared: readonly Color[],
): JsonObject {
  const tenThousandths = (n: number) => Math.round(n * 10_000);
  const view: ClosingProposalView | undefined = proposal
    ? {
        outcome: proposal.outcome.type,
        scores: { red: proposal.scores.red, blue: proposal.scores.blue },
        coefficients: { red: tenThousandths(proposal.coefficients.red), blue: tenThousandths(proposal.coefficients.blue) },
      }
    : undefined;
  const model: ReportWindowClosedModel = { game, you, ...(view && { proposal: view }), declared: [...declared] };
  return payload(model, s, action.key);
}

/**
 * docs/rules.md §5: holiday rights end, told once per player and competition, outside any game
 * thread: the payload carries no game (mail-content.ts reads it as a view model), only the
 * action it comes from.
 */
export function holidayRightsEndPayload(
  player: Pick<Player, 'name'>,
  competition: Pick<Competition, 'shortName'>,
  closingDate: LocalDate,
  lastHolidayDay: LocalDate,
  action: string,
): JsonObject {
  const model: HolidayRightsEndModel = { name: player.name, competition: competition.shortName, closingDate, lastHolidayDay };
  return { ...asJson(model), action };
}

/** docs/rules.md §7: the partner declared the unfinished game's state. */
export function stateDeclaredPayload(
  view: GameView,
  game: Pick<Game, 'id' | 'turn'>,
  you: Color,
  player: Color,
  text: string,
  declaredOn: LocalDate,
): JsonObject {
  const model: StateDeclaredModel = { game: view, you, player, text, declaredOn };
  return { ...asJson(model), gameId: game.id, turn: game.turn };
}

/**
 * Special leave approved (docs/sweep.md): to the player on leave (`inGame` absent: no game
 * thread) or to a partner in one game. The arbiter's reason stays in the audit, not in mail.
 */
export function specialLeavePayload(
  competition: Pick<Competition, 'shortName'>,
  playerName: string,
  range: DateRange,
  leaveId: string,
  inGame?: { readonly view: GameView; readonly you: Color; readonly game: Pick<Game, 'id' | 'turn'> },
): JsonObject {
  const model: SpecialLeaveModel = {
    ...(inGame && { game: inGame.view, you: inGame.you }),
    competition: competition.shortName,
    playerName,
    from: range.from,
    to: range.to,
    days: rangeLength(range),
  };
  return { ...asJson(model), leaveId, ...(inGame && { gameId: inGame.game.id, turn: inGame.game.turn }) };
}
