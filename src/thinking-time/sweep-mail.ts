// The mail the sweep writes, as outbox payloads (MAIL.md 17, 19). Where src/mail/templates
// has a template (reminder, escalation, holiday-notice) the payload is its view model, built
// with the templates' own builders; the other notices carry plain JSON that the outbox lists
// readably until they get templates. Every payload names the game, the turn (the reply
// token's, MAIL.md 1) and the timeline action it comes from.
import type { JsonObject } from '../common/json';
import type { Competition } from '../competitions/competition.entity';
import type { Player } from '../competitions/player.entity';
import type { Settings } from '../config/settings';
import type { Color } from '../games/engine/types';
import type { GameSession } from '../games/game-session';
import { replyAddress } from '../mail/reply-token';
import type { DeadlinesView, EscalationModel, GameView, HolidayNoticeModel, ReminderModel } from '../mail/templates/models';
import { yourMoveModel } from '../mail/templates/views';
import { rangeLength } from './calendar';
import type { Deadlines } from './deadlines';
import type { HolidayAction, SilenceAction, TimelineDay } from './timeline';

export type MailSettings = Pick<Settings, 'publicUrl' | 'secret' | 'mailReplyAddress'>;

/** What names the game in every mail: MAIL.md 18's thread subject and the link to its page. */
export function gameView(settings: MailSettings, competition: Pick<Competition, 'shortName'>, groupName: string, players: Readonly<Record<Color, Pick<Player, 'name'>>>, gameId: string): GameView {
  return { competition: competition.shortName, group: groupName, red: players.red.name, blue: players.blue.name, gameUrl: `${settings.publicUrl}/games/${gameId}` };
}

/** DeadlinesView reads `holidayRightsEnd` as "the last day a holiday can still be taken" (the deadlines partial of templates/mail). */
export function deadlinesView(deadlines: Deadlines): DeadlinesView {
  const { reminder, escalation, closing, lastHolidayDay } = deadlines;
  return { ...(reminder && { reminder }), ...(escalation && { escalation }), closing, holidayRightsEnd: lastHolidayDay };
}

/** JSON of a view model, with what every sweep payload carries beside it. */
function payload(model: object, s: Pick<GameSession, 'game'>, action: string): JsonObject {
  return { ...(JSON.parse(JSON.stringify(model)) as JsonObject), gameId: s.game.id, turn: s.game.turn, action };
}

/**
 * RULES.md §5 silence, day 15: "the move is sent again" — the position the silent player
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

/** RULES.md §5 silence, day 30: the arbiter is told; both players get this. */
export function escalationPayload(s: GameSession, game: GameView, you: Color, action: SilenceAction): JsonObject {
  const model: EscalationModel = { game, you, silent: action.player, silentDays: action.silentDays, since: action.since };
  return payload(model, s, action.key);
}

export function holidayNoticePayload(s: GameSession, game: GameView, you: Color, action: HolidayAction): JsonObject {
  const model: HolidayNoticeModel = { game, you, player: action.player, from: action.holiday.from, to: action.holiday.to, days: rangeLength(action.holiday) };
  return payload(model, s, action.key);
}

/** A notice without a template yet: plain JSON the outbox lists (mail-content.ts). */
export function noticePayload(s: Pick<GameSession, 'game'>, you: Color, action: string, details: JsonObject): JsonObject {
  return { gameId: s.game.id, turn: s.game.turn, color: you, action, ...details };
}
