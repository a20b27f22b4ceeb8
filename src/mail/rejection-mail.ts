// The typed answer to a refused mail (docs/mail-rules.md 16), as one of the templates' view models
// (src/notifications/models/models.ts), so the outbox renders it like every other mail.
import { inLanguage } from '../common/bilingual';
import { otherColor } from '../common/color';
import { asJson, type JsonObject } from '../common/json';
import type { Language } from '../players/player.entity';
import type { Settings } from '../config/settings';
import type { Bilingual, Color } from '../engine';
import type { SheetEndReason } from '../engine/sheet';
import { readGameView } from '../games/model/game-mail-view';
import type { CompetitionsRepository } from '../competitions/competitions.repository';
import type { GameRepository } from '../games/persistence/game.repository';
import { GameSession } from '../games/model/game-session';
import { type CommandRefusal } from './parsing/commands';
import { describeCommandRefusal } from './parsing/command-texts';
import { MAX_MESSAGE_BYTES } from './parsing/decode';
import { replyAddress } from '../notifications/reply-token';
import { positionView, replyView, type MailModels, type MailTemplateName } from './templates';

/** What was refused and why, as the pipeline decided it. */
export interface RefusedMail {
  readonly reason: string;
  readonly gameId?: string;
  readonly playerId: string;
  readonly language: Language;
  /** The service's own explanation (a games-service refusal: the engine's reason for an illegal move). */
  readonly messages?: Bilingual;
  /** Why the command parser could not read the reply. */
  readonly commandRefusal?: CommandRefusal;
  /** The player's lines as read (quotes and signature cut). */
  readonly lines: readonly string[];
  readonly subject: string | null;
  readonly size: number;
  /** The turn the reply token named. */
  readonly tokenTurn?: number;
  /** The sender, for a refusal explained to the registered address (docs/mail-rules.md 3). */
  readonly sender?: string;
}

const UNREADABLE: Bilingual = {
  ro: 'Mesajul nu a putut fi citit (structură MIME deteriorată). Trimiteți-l din nou, ca text simplu.',
  en: 'The message could not be read (damaged MIME structure). Please send it again as plain text.',
  pl: 'Nie udało się odczytać wiadomości (uszkodzona struktura MIME). Wyślij ją ponownie jako zwykły tekst.',
};

const UNREADABLE_HTML: Bilingual = {
  ro: 'Nu am putut citi partea HTML a mesajului. Scrieți mutarea pe primul rând, ca text simplu, și trimiteți-o din nou.',
  en: 'We could not read the HTML of your message. Please write the move on the first line, as plain text, and send it again.',
  pl: 'Nie udało się odczytać części HTML wiadomości. Wpisz ruch w pierwszym wierszu, zwykłym tekstem, i wyślij go ponownie.',
};

const mail = <N extends MailTemplateName>(template: N, model: MailModels[N]) => ({ template, payload: asJson(model) });

/** The template and its model for one refusal; the game's position as it stands now where one is shown (docs/mail-rules.md 2). */
export async function rejectionMail(
  games: GameRepository,
  competitions: Pick<CompetitionsRepository, 'groupName'>,
  settings: Settings,
  now: Date,
  refused: RefusedMail,
): Promise<{ template: string; payload: JsonObject }> {
  const lang = refused.language;
  if (!refused.gameId) {
    if (refused.reason === 'TOO_LARGE') return mail('rejection-too-large', { sizeBytes: refused.size, limitBytes: MAX_MESSAGE_BYTES });
    if (refused.reason === 'UNKNOWN_TOKEN') return mail('rejection-unknown-token', { receivedSubject: refused.subject ?? '' });
    return mail('command-help', { problem: inLanguage(UNREADABLE, lang), received: refused.lines.slice(0, 5) });
  }
  // Unlocked: the answer describes the game, it changes nothing.
  const s = new GameSession(games, await games.rows(refused.gameId, { lock: false }), now);
  const you: Color = s.colorOfPlayer(refused.playerId) ?? 'red';
  const game = await readGameView(competitions, settings, s.competition, s.game, s.players);
  const names = { red: game.red, blue: game.blue };
  const position = positionView(s.replay(s.officialLine().id), you, names);
  const reply = replyView(
    replyAddress(settings.secret, settings.mailReplyAddress, { gameId: s.game.id, playerId: refused.playerId, turn: s.game.turn }),
    game,
    lang,
  );
  const base = { game, you };
  if (refused.commandRefusal)
    return mail('command-help', {
      game,
      problem: describeCommandRefusal(refused.commandRefusal, lang),
      received: refused.lines.slice(0, 5),
      reply,
    });
  if (refused.reason === 'UNREADABLE_HTML')
    return mail('command-help', { game, problem: inLanguage(UNREADABLE_HTML, lang), received: [], reply });
  switch (refused.reason) {
    case 'WRONG_SENDER':
      return mail('rejection-wrong-sender', { ...base, sender: refused.sender ?? '' });
    case 'TOO_LARGE':
      return mail('rejection-too-large', { game, sizeBytes: refused.size, limitBytes: MAX_MESSAGE_BYTES });
    case 'STALE_TOKEN':
    case 'ALREADY_PLAYED':
      return mail('rejection-stale-token', {
        ...base,
        tokenMove: refused.tokenTurn ?? s.game.turn,
        currentMove: s.game.turn,
        yourTurn: s.turnPlayer() === you,
        position,
        reply,
      });
    case 'NOT_YOUR_TURN':
      return mail('rejection-not-your-turn', { ...base, toMove: s.turnPlayer() ?? otherColor(you) });
    case 'GAME_OVER': {
      const line = s.state(s.officialLine().id);
      const reason = (s.game.outcome?.type ?? s.game.endReason ?? 'out') as SheetEndReason;
      const by = s.game.outcome && 'by' in s.game.outcome ? s.game.outcome.by : undefined;
      return mail('rejection-game-finished', {
        ...base,
        scores: { red: line.scores.red, blue: line.scores.blue },
        reason,
        ...(by && { by }),
      });
    }
    default:
      // Every other refusal of the games service, the engine's reason for an illegal move among them.
      return mail('move-rejection', {
        ...base,
        written: refused.lines[0] ?? '',
        reason: { code: refused.reason, message: refused.messages?.[lang] ?? refused.reason },
        position,
        reply,
      });
  }
}
