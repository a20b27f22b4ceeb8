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
import { replyView, threadSubject, type DailyDigestModel, type DigestGameView, type DigestEventView } from '../templates';
import { currentMailSnapshot, type CurrentSnapshotReads } from '../../games/model/game-mail-snapshot';
import { replyAddress } from '../../notifications/reply-token';
import type { Color } from '../../common/color';
import type { ClocksView, DeadlinesView, LineView, PositionView } from '../templates';
import { liveOf, type GameSnapshot } from '../core/game-events';
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
  reads: CurrentSnapshotReads,
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
      const snap = await currentMailSnapshot(reads, settings, row.gameId!, input.now);
      thread = { subject: threadSubject(snap.game, language), reply: replyOf(settings, snap, input.player.id, language) };
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
    eventId: null,
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
  reads: CurrentSnapshotReads,
  settings: Settings,
  player: Player,
  now: Date,
): Promise<DigestGameView[]> {
  const playing = await mailGames.playingGamesOf(player.id);
  const views: DigestGameView[] = [];
  for (const g of playing) {
    const snap = await currentMailSnapshot(reads, settings, g.id, now);
    const you: Color = snap.playerIds.blue === player.id ? 'blue' : 'red';
    if (snap.turnPlayer !== you) continue;
    const live = liveOf(snap, you) as { position?: PositionView; lines?: LineView[] };
    views.push({
      game: snap.game,
      you,
      tour: tourToPlay(snap.moveNumber - 1),
      position: live.position ?? live.lines![0].position,
      clocks: snap.clocks as unknown as ClocksView,
      deadlines: snap.deadlines as unknown as DeadlinesView,
      reply: replyOf(settings, snap, player.id, player.language as MailLanguage),
    });
  }
  return views;
}

/** Where the player answers in the game as it stands: its current turn's token. */
function replyOf(settings: Settings, snap: GameSnapshot, playerId: string, language: MailLanguage) {
  const address = replyAddress(settings.secret, settings.mailReplyAddress, { gameId: snap.gameId, playerId, turn: snap.turn });
  return replyView(address, snap.game, language);
}
