import { Body, Controller, Post, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import { RehearsalService } from '../../rehearsal/rehearsal.service';

/** The dashboard's rehearsal form (admins): the same advance as the API; a refusal is shown by the web filter. */
@ApiExcludeController()
@Controller('arbiter/rehearsal')
@UseGuards(WebSessionGuard)
@Roles('admin')
export class RehearsalWebController {
  constructor(private readonly rehearsal: RehearsalService) {}

  @Post('clock')
  async advance(@WebActor() actor: UserActor, @Body() form: Readonly<Record<string, unknown>>, @Res() res: Response): Promise<void> {
    await this.rehearsal.advance(actor, typeof form?.to === 'string' ? form.to : '');
    res.redirect(303, '/arbiter');
  }
}
