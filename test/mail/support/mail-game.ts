import type { UserActor } from '../../../src/auth/core/actor';
import { PlayerEmail } from '../../../src/players/player-email.entity';
import { Game } from '../../../src/games/entities/game.entity';
import { getTileSet } from '../../../src/engine';
import { randomLegalGame } from '../../../src/engine/testing/random-game';
import { createUser, setUpCompetition } from '../../support/competitions';
import type { DeliveredMail } from '../../support/smtp-sink';
import type { MailWorld } from './mail-test-app';
import { composeMail } from './messages';

export interface MailPlayer {
  readonly name: string;
  readonly address: string;
  readonly playerId: string;
}

export interface MailGame {
  readonly gameId: string;
  readonly red: MailPlayer;
  readonly blue: MailPlayer;
  /** A legal game on the game's own sequence, in FRSc notation. */
  readonly moves: readonly string[];
  readonly arbiter: UserActor;
}

/**
 * A started two-player competition whose sequence is that of a random legal game, so the
 * test knows a legal move for every turn. Players: `player1@<domain>` (RED) and `player2@…`;
 * `settings` add to the competition's (its rule book, its word list…).
 */
export async function startMailGame(
  world: MailWorld,
  { seed = 7, domain = 'example.org', settings = {} }: { seed?: number; domain?: string; settings?: object } = {},
): Promise<MailGame> {
  const app = world.current.app;
  const played = randomLegalGame(seed, getTileSet('ro'), { passProbability: 0 });
  const arbiter = await createUser(app, { email: `arbiter-${seed}@frsc.ro`, roles: ['arbiter'] });
  const competition = await setUpCompetition(app, arbiter.actor, {
    players: 2,
    start: true,
    domain,
    settings: { shortName: 'CN 2027', series: [{ label: '1', tiles: played.sequence }], ...settings },
  });
  const game = await world.current.database.run((m) =>
    m.findOneOrFail(Game, { where: { competitionId: competition.id }, relations: { redPlayer: true, bluePlayer: true } }),
  );
  const side = async (playerId: string, name: string): Promise<MailPlayer> => {
    const email = await world.current.database.run((m) => m.findOneOrFail(PlayerEmail, { where: { playerId }, order: { address: 'ASC' } }));
    return { name, address: email.address, playerId };
  };
  return {
    gameId: game.id,
    red: await side(game.redPlayerId, game.redPlayer!.name),
    blue: await side(game.bluePlayerId, game.bluePlayer!.name),
    moves: played.moves,
    arbiter: arbiter.actor,
  };
}

/** The newest mail the sink delivered to `address` that carries a reply address. */
export function latestTo(world: MailWorld, address: string): DeliveredMail {
  const mail = [...world.smtp.delivered].reverse().find((d) => d.envelope.to.includes(address) && d.header('reply-to'));
  if (!mail) throw new Error(`no mail with a Reply-To was delivered to ${address}`);
  return mail;
}

export type ReplyStyle = 'plain' | 'outlook-html' | 'gmail-html' | 'apple-html' | 'bottom-posted';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A reply as a mail client writes it: to the Reply-To, `Re:` subject, In-Reply-To and
 * References, the player's text on top, a signature, and the whole mail quoted below —
 * or HTML-only in the shapes Gmail, Outlook and Apple Mail produce.
 */
export async function replyTo(
  mail: DeliveredMail,
  from: string,
  text: string,
  style: ReplyStyle = 'plain',
  signature = 'Cu stimă,\nJucătorul',
): Promise<Buffer> {
  const original = mail.parsed.text ?? '';
  const quoted = original
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  const header = `În ${mail.parsed.date?.toUTCString() ?? 'ziua aceea'}, corr-scrabble <${mail.parsed.from?.value[0]?.address}> a scris:`;
  const base = {
    from,
    to: mail.header('reply-to')!,
    subject: `Re: ${mail.parsed.subject ?? ''}`,
    inReplyTo: mail.parsed.messageId,
    references: [mail.parsed.messageId!],
  };
  const htmlOriginal = escapeHtml(original).replace(/\n/g, '<br>');
  switch (style) {
    case 'plain':
      return composeMail({ ...base, text: `${text}\n\n-- \n${signature}\n\n${header}\n${quoted}\n` });
    case 'bottom-posted':
      return composeMail({ ...base, text: `${header}\n${quoted}\n\n${text}\n\n-- \n${signature}\n` });
    case 'gmail-html':
      return composeMail({
        ...base,
        html: `<div dir="ltr">${escapeHtml(text)}<div><br></div>-- <br>${escapeHtml(signature)}</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">${escapeHtml(header)}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">${htmlOriginal}</blockquote></div>`,
      });
    case 'outlook-html':
      return composeMail({
        ...base,
        html: `<html><body><div class="WordSection1"><p class="MsoNormal">${escapeHtml(text)}<o:p></o:p></p></div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>From:</b> corr-scrabble<br><b>Sent:</b> Monday<br><b>Subject:</b> ${escapeHtml(mail.parsed.subject ?? '')}</font></div><div>${htmlOriginal}</div></body></html>`,
      });
    case 'apple-html':
      return composeMail({
        ...base,
        html: `<html><body dir="auto">${escapeHtml(text)}<br><br><div dir="ltr">${escapeHtml(header)}<br><br></div><blockquote type="cite"><div dir="ltr">${htmlOriginal}</div></blockquote></body></html>`,
      });
  }
}
