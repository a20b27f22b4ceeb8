// The daily digest (docs/mail-rules.md 17): a player who chose it gets one mail a day, at a fixed hour
// in the competition's time zone, listing what happened and every game awaiting them, each
// with its own reply link; their notifications are folded into it instead of sent one by one.
import { randomUUID } from 'node:crypto';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { In } from 'typeorm';
import { Player } from '../../players/player.entity';
import type { Settings } from '../../config/settings';
import { insertRows } from '../../database/insert-rows';
import { tourToPlay } from '../../games/engine/tour';
import { Game } from '../../games/game.entity';
import { localDate, type LocalDate } from '../../thinking-time/core';
import { domainOf } from '../../notifications/mail-addresses';
import { OutboundMail } from '../../notifications/outbound-mail.entity';
import type { MailLanguage } from '../parsing/quotes';
import { positionView, threadSubject, type DailyDigestModel, type DigestGameView, type DigestEventView } from '../templates';
import { gameMailContext, gameViewOf } from './game-mail';
import { asJson } from '../../common/json';

/**
 * Confirmations of the player's own action go out at once: they answer what the player just
 * did (docs/mail-rules.md 16: every person who writes gets an answer), the digest carries the rest.
 */
export const OWN_ACTION_TEMPLATES: ReadonlySet<string> = new Set(['move-confirmation', 'holiday-confirmation', 'time-claim-confirmation']);

/**
 * SQL of a row that answers its player's own action: a confirmation, or the game-end that
 * carries the recipient's moves, the confirmation of the move that ended the game (game-actions.ts finish).
 */
const OWN_ACTION_SQL =
  `(o.template IN (${[...OWN_ACTION_TEMPLATES].map((t) => `'${t}'`).join(', ')})` +
  ` OR (o.template = 'game-end' AND o.payload -> 'moves' IS NOT NULL))`;

/**
 * SQL of a row that waits for its player's digest: a notification (not an answer to the
 * player's own mail, docs/mail-rules.md 16) about a game, to a player who chose the digest. `o` is the
 * outbox row, `p` its player.
 */
export const DIGESTIBLE_SQL =
  `(COALESCE(p.mail_digest, false) AND o.auto_submitted = 'auto-generated' AND o.game_id IS NOT NULL` + ` AND NOT ${OWN_ACTION_SQL})`;

/** The wall-clock hour of `instant` in `timeZone`. */
export function localHour(instant: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(instant)
    .find((p) => p.type === 'hour');
  return Number(hour?.value ?? 0);
}

/** A digest's Message-ID names its player and day: the unique key that makes it go out once (docs/mail-rules.md 17). */
export function digestMessageId(settings: Pick<Settings, 'mailReplyAddress'>, playerId: string, day: LocalDate): string {
  return `<digest.${day}.${playerId}@${domainOf(settings.mailReplyAddress)}>`;
}

/** The rows waiting for a digest, with their players. */
export function digestibleRows(m: EntityManager): SelectQueryBuilder<OutboundMail> {
  return m
    .createQueryBuilder(OutboundMail, 'o')
    .innerJoin(Player, 'p', 'p.id = o.player_id')
    .where(`o.status = 'pending'`)
    .andWhere(DIGESTIBLE_SQL)
    .orderBy('o.created_at', 'ASC')
    .addOrderBy('o.id', 'ASC');
}

/** The day whose digest is due for a player now, or undefined before the hour. */
export function dueDigestDay(now: Date, timeZone: string, hour: number): LocalDate | undefined {
  return localHour(now, timeZone) >= hour ? localDate(now, timeZone) : undefined;
}

/**
 * Writes one player's digest for `day` and folds `rows` into it, in the caller's
 * transaction. Returns false when that day's digest exists already (written by this or
 * another instance): the rows then wait for the next day's.
 */
export async function writeDigest(
  m: EntityManager,
  settings: Settings,
  input: { player: Player; day: LocalDate; rows: readonly OutboundMail[]; now: Date; summary: (row: OutboundMail) => Promise<string> },
): Promise<boolean> {
  const messageId = digestMessageId(settings, input.player.id, input.day);
  if (await m.exists(OutboundMail, { where: { messageId } })) return false;
  const language = input.player.language as MailLanguage;
  const events: DigestEventView[] = [];
  const subjects = new Map<string, string>();
  for (const row of input.rows) {
    let subject = subjects.get(row.gameId!);
    if (subject === undefined) {
      subject = threadSubject(await gameViewOf(m, settings, row.gameId!), language);
      subjects.set(row.gameId!, subject);
    }
    events.push({ subject, summary: await input.summary(row) });
  }
  const model: DailyDigestModel = {
    name: input.player.name,
    day: input.day,
    games: await awaitingGames(m, settings, input.player, input.now),
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
  await insertRows(m, OutboundMail, row);
  if (input.rows.length > 0) {
    await m.update(
      OutboundMail,
      { id: In(input.rows.map((r) => r.id)), status: 'pending' },
      { status: 'digested', digestId: id, sentAt: input.now },
    );
  }
  return true;
}

/** Every game of the player where the move is theirs, as the digest lists it, each with its own reply address. */
async function awaitingGames(m: EntityManager, settings: Settings, player: Player, now: Date): Promise<DigestGameView[]> {
  const games = await m.find(Game, {
    where: [
      { redPlayerId: player.id, status: 'playing' },
      { bluePlayerId: player.id, status: 'playing' },
    ],
    order: { createdAt: 'ASC', id: 'ASC' },
  });
  const views: DigestGameView[] = [];
  for (const g of games) {
    const c = await gameMailContext(m, settings, g.id, player.id, player.language as MailLanguage, now);
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
