import { inLanguage } from '../../common/bilingual';
import { Body, Controller, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Refusal } from '../../common/refusal';
import { DemoService } from '../../demo/demo.service';
import { WebViews } from '../views.service';
import { Roles, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';

/** The empty dashboard's button: an admin fills the database with the demo competition. */
@ApiExcludeController()
@Controller('arbiter/demo')
@UseGuards(WebSessionGuard)
@Roles('admin')
export class DemoController {
  constructor(
    private readonly demo: DemoService,
    private readonly views: WebViews,
  ) {}

  @Post()
  async fill(@Body() form: Readonly<Record<string, unknown>>, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const refuse = (message: string) => {
      res.status(422).type('html').setHeader('Cache-Control', 'no-store');
      res.send(this.views.page(req, 'auth/error', { message }, { title: this.views.t(req, 'error.title') }));
    };
    // It adds a competition, six players and their mail: asked once (confirmations).
    if (form?.confirm !== 'yes') return refuse(this.views.t(req, 'arbiter.demo.confirmFirst'));
    try {
      const filled = await this.demo.fill();
      res.redirect(303, `/arbiter/competitions/${filled.competitionId}?done=demo`);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      refuse(inLanguage(error.messages, req.lang));
    }
  }
}
