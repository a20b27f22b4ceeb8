import { Controller, Get, Header, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { MailPipeline } from './mail-pipeline.service';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escape(title)}</title></head><body style="font-family:sans-serif;max-width:40em;margin:2em auto">${body}</body></html>`;
}

/**
 * MAIL.md 4: a move held after a DMARC failure is confirmed here. The GET only shows a
 * button, so a link scanner that fetches the URL confirms nothing; the POST applies it.
 */
@ApiExcludeController()
@Controller('mail/confirm')
export class ConfirmationController {
  constructor(private readonly pipeline: MailPipeline) {}

  @Get(':id/:code')
  @Header('Content-Type', 'text/html; charset=utf-8')
  show(@Param('id') id: string, @Param('code') code: string): string {
    return page(
      'Confirmare mutare / Confirm move',
      `<p>Confirmați mutarea trimisă prin e-mail? / Confirm the move you sent by e-mail?</p>` +
        `<form method="post" action="/mail/confirm/${encodeURIComponent(id)}/${encodeURIComponent(code)}">` +
        `<button type="submit">Confirm / Confirmă</button></form>`,
    );
  }

  @Post(':id/:code')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async confirm(@Param('id') id: string, @Param('code') code: string): Promise<string> {
    const outcome = await this.pipeline.confirmHeld(id, code);
    if (outcome.ok) return page('Mutare confirmată / Move confirmed', '<p>Mutarea a fost înregistrată. / The move was recorded.</p>');
    const why = outcome.messages ? `${outcome.messages.ro} / ${outcome.messages.en}` : (outcome.reason ?? '');
    return page('Mutare neînregistrată / Move not recorded', `<p>${escape(why)}</p>`);
  }
}
