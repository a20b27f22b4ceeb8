import { Controller, Get, Header, Param, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HeldMoves } from './held-moves.service';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escape(title)}</title></head><body style="font-family:sans-serif;max-width:40em;margin:2em auto">${body}</body></html>`
  );
}

/**
 * docs/mail-rules.md 4: a move held after a DMARC failure is confirmed here. The GET only shows a
 * button, so a link scanner that fetches the URL confirms nothing; the POST applies it.
 */
@ApiExcludeController()
@Controller('mail/confirm')
export class ConfirmationController {
  constructor(private readonly heldMoves: HeldMoves) {}

  @Get(':id/:code')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async show(@Param('id') id: string, @Param('code') code: string, @Req() req: { csrf?: unknown }): Promise<string> {
    const held = await this.heldMoves.heldMail(id, code);
    if (!held)
      return page(
        'Legătură necunoscută / Unknown link / Nieznany link',
        '<p>Această legătură nu este validă. / This link is not valid. / Ten link jest nieprawidłowy.</p>',
      );
    if (held.status === 'applied')
      return page(
        'Mutare confirmată / Move confirmed / Ruch potwierdzony',
        '<p>Mutarea a fost deja înregistrată. / The move was already recorded. / Ruch został już zapisany.</p>',
      );
    const lines = held.written.length
      ? `<pre style="font-family:monospace;background:#f4f1ea;padding:8px">${escape(held.written.join('\n'))}</pre>`
      : '';
    return page(
      'Confirmare mutare / Confirm move / Potwierdzenie ruchu',
      `<p>Confirmați mutarea trimisă prin e-mail? / Confirm the move you sent by e-mail? / Potwierdzasz ruch wysłany e-mailem?</p>` +
        (held.subject ? `<p>${escape(held.subject)}</p>` : '') +
        lines +
        `<form method="post" action="/mail/confirm/${encodeURIComponent(id)}/${encodeURIComponent(code)}">` +
        // The site's forms carry the web layer's CSRF token (double submit); the link's HMAC alone names the mail.
        (typeof req.csrf === 'string' ? `<input type="hidden" name="_csrf" value="${escape(req.csrf)}">` : '') +
        `<button type="submit">Confirmă / Confirm / Potwierdź</button></form>`,
    );
  }

  @Post(':id/:code')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async confirm(@Param('id') id: string, @Param('code') code: string): Promise<string> {
    const outcome = await this.heldMoves.confirmHeld(id, code);
    if (outcome.ok)
      return page(
        'Mutare confirmată / Move confirmed / Ruch potwierdzony',
        '<p>Mutarea a fost înregistrată. / The move was recorded. / Ruch został zapisany.</p>',
      );
    const why = outcome.messages ? `${outcome.messages.ro} / ${outcome.messages.en} / ${outcome.messages.pl}` : (outcome.reason ?? '');
    return page('Mutare neînregistrată / Move not recorded / Ruch nie został zapisany', `<p>${escape(why)}</p>`);
  }
}
