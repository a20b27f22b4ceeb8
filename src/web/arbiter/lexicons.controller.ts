import { Body, Controller, Get, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { type Form, str, send, answerForm } from './arbiter-forms';

/**
 * The word lists in the arbiter's panel: listed and uploaded (docs/web.md, Arbiter's panel).
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class LexiconsController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly views: WebViews,
  ) {}

  @Get('lexicons')
  async lexicons(@Query('done') done: string | undefined, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    send(res, 200, await this.lexiconsPage(req, { done: done === 'uploaded' ? 'arbiter.done.lexicon' : undefined }));
  }

  private async lexiconsPage(req: WebRequest, extra: { done?: string; error?: string; name?: string }): Promise<string> {
    return this.views.page(
      req,
      'arbiter/lexicons',
      { lexicons: await this.panel.lexiconNames(), ...extra },
      { title: this.views.t(req, 'arbiter.lexicons.title'), styles: ['arbiter.css'], scripts: ['arbiter.js'] },
    );
  }

  @Post('lexicons')
  async uploadLexicon(@WebActor() actor: UserActor, @Body() form: Form, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    await answerForm(
      req,
      res,
      async () => {
        await this.panel.uploadLexicon(actor, str(form, 'name'), typeof form?.words === 'string' ? form.words : '');
        return '/arbiter/lexicons?done=uploaded';
      },
      (message) => this.lexiconsPage(req, { error: message, name: str(form, 'name') }),
    );
  }
}
