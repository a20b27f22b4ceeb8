import type { JsonObject } from '../../common/json';
import type { Language } from '../../players/player.entity';
import { isMailTemplateName, renderMail, type MailModels } from '../templates';

/** What a template gives: the body in plain text and HTML, and a subject for mail outside a game thread. */
export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** Models of game mails carry the game's names (templates/models.ts GameMailModel); other templates none. */
export function isViewModel(payload: JsonObject): boolean {
  const game = payload.game;
  return typeof game === 'object' && game !== null && !Array.isArray(game) ? 'competition' in game : !('gameId' in payload);
}

/**
 * The one place the outbox asks for a mail's body (docs/mail-rules.md 19). A row whose payload is a
 * view model of src/mail/templates is rendered by its handlebars templates; any other row
 * (a payload not yet in model form) gets a plain listing of its payload, readable in a
 * fixed-width font, so no notification is ever held back for its looks.
 */
export function renderMailContent(template: string, language: Language, payload: JsonObject): MailContent {
  if (isMailTemplateName(template) && isViewModel(payload)) {
    const rendered = renderMail(template, language, payload as unknown as MailModels[typeof template]);
    return { subject: rendered.subject ?? template, text: rendered.text, html: rendered.html };
  }
  const title = template.replace(/-/g, ' ');
  const lines = Object.entries(payload).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return {
    subject: title,
    text: [`${{ ro: 'Notificare', en: 'Notification', pl: 'Powiadomienie' }[language]}: ${title}`, '', ...lines, ''].join('\n'),
  };
}
