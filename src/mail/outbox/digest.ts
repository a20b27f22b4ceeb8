// The daily digest (docs/mail-rules.md 17): a player who chose it gets one mail a day, at a fixed hour
// in the competition's time zone, listing what happened and every game awaiting them, each
// with its own reply link; their notifications are folded into it instead of sent one by one.
import { randomUUID } from 'node:crypto';
import type { Player } from '../../players/player.entity';
import type { Settings } from '../../config/settings';
import { tourToPlay } from '../../engine/tour';
import type { LocalDate } from '../../common/calendar';

export { dueDigestDay, localHour } from '../../common/calendar';
import { domainOf } from '../../notifications/mail-addresses';
import type { OutboundMail } from '../../notifications/outbound-mail.entity';
import type { MailGamesRepository } from '../mail-games.repository';
import type { OutboundDeliveryRepository } from './outbound-delivery.repository';
import type { MailLanguage } from '../parsing/quotes';
import { positionView, threadSubject, type DailyDigestModel, type DigestGameView, type DigestEventView } from '../templates';
import { gameMailContext, type GameMailReads } from './game-mail-context';
import { asJson } from '../../common/json';

export { OWN_ACTION_TEMPLATES } from './outbound-delivery.repository';

/** A digest's Message-ID names its player and day: the unique key that makes it go out once (docs/mail-rules.md 17). */
export function digestMessageId(settings: Pick<Settings, 'mailReplyAddress'>, playerId: string, day: LocalDate): string {
  return `<digest.${day}.${playerId}@${domainOf(settings.mailReplyAddress)}>`;
}

/**
 * Writes one player's digest for `day` and folds `rows` into it, in the caller's
 * transaction. Returns false when that day's digest exists already (written by this or
 * another instance): the rows then wait for the next day's.
 */
export async function writeDigest(
  outbox: OutboundDeliveryRepository,
  mailGames: MailGamesRepository,
  reads: GameMailReads,
  settings: Settings,
  input: { player: Player; day: LocalDate; rows: readonly OutboundMail[]; now: Date; summary: (row: OutboundMail) => Promise<string> },
): Promise<boolean> {
  const messageId = digestMessageId(settings, input.player.id, input.day);
  if (await outbox.hasMessageId(messageId)) return false;
  const language = input.player.language as MailLanguage;
  const events: DigestEventView[] = [];
  const threads = new Map<string, Pick<DigestEventView, 'subject' | 'reply'>>();
  for (const row of input.rows) {
    let thread = threads.get(row.gameId!);
    if (thread === undefined) {
      const c = await gameMailContext(reads, settings, row.gameId!, input.player.id, language, input.now);
      thread = { subject: threadSubject(c.game, language), reply: c.reply };
      threads.set(row.gameId!, thread);
    }
    events.push({ ...thread, summary: await input.summary(row) });
  }
  const model: DailyDigestModel = {
    name: input.player.name,
    day: input.day,
    games: await awaitingGames(mailGames, reads, settings, input.player, input.now),
    events,
  };
  const id = randomUUID();
  const row: OutboundMail = {
    id,
    gameId: null,
    playerId: input.player.id,
    template: 'daily-digest',
    language: input.player.language,
    payload: asJson(model),
    messageId,
    status: 'pending',
    createdAt: input.now,
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    sentAt: null,
    toAddress: null,
    autoSubmitted: 'auto-generated',
    inReplyTo: null,
    digestId: null,
  };
  await outbox.insert(row);
  if (input.rows.length > 0)
    await outbox.foldIntoDigest(
      input.rows.map((r) => r.id),
      id,
      input.now,
    );
  return true;
}

/** Every game of the player where the move is theirs, as the digest lists it, each with its own reply address. */
async function awaitingGames(
  mailGames: MailGamesRepository,
  reads: GameMailReads,
  settings: Settings,
  player: Player,
  now: Date,
): Promise<DigestGameView[]> {
  const playing = await mailGames.playingGamesOf(player.id);
  const views: DigestGameView[] = [];
  for (const g of playing) {
    const c = await gameMailContext(reads, settings, g.id, player.id, player.language as MailLanguage, now);
    if (c.s.turnPlayer() !== c.you) continue;
    const live = c.s.liveLines();
    const replay = c.s.replay(live[0].id);
    const position = positionView(replay, c.you, c.names);
    views.push({
      game: c.game,
      you: c.you,
      tour: tourToPlay(replay.state.movesPlayed),
      position,
      clocks: c.clocks,
      deadlines: c.deadlines,
      reply: c.reply,
    });
  }
  return views;
}
