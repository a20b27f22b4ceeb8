import { Body, Controller, Get, NotFoundException, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { WebViews } from '../views.service';
import { WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { SettingsFormDto } from './player-forms.dto';
import { PlayerSettingsService } from './player-settings.service';

/** `/settings` (docs/web.md, Player pages): language and mail per event or daily digest; addresses and the calendar link shown. */
@Controller('settings')
@UseGuards(WebSessionGuard)
export class SettingsPagesController {
  constructor(
    private readonly settings: PlayerSettingsService,
    private readonly views: WebViews,
  ) {}

  @Get()
  async page(
    @WebActor() actor: UserActor,
    @Query('done') done: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const model = await this.settings.load(actor);
    res
      .status(200)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .send(
        this.views.page(
          req,
          'player/settings',
          { ...model, saved: done === 'saved' },
          { title: this.views.t(req, 'player.settings.title'), styles: ['board.css'] },
        ),
      );
  }

  @Post()
  async save(@WebActor() actor: UserActor, @Body() form: SettingsFormDto, @Res() res: Response): Promise<void> {
    await this.settings.save(actor, {
      language: form.language,
      mailDigest: form.mail === undefined ? undefined : form.mail === 'digest',
      caseMail: form.caseMail,
    });
    res.redirect(303, '/settings?done=saved');
  }
}

/** `/calendar/<token>.ics`: no session (calendar apps fetch it alone); the secret token is the key. */
@Controller('calendar')
export class CalendarController {
  constructor(private readonly settings: PlayerSettingsService) {}

  @Get(':file')
  async feed(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    const text = token ? await this.settings.calendar(token) : null;
    if (text === null) throw new NotFoundException({ error: { code: 'NOT_FOUND', message: 'No such calendar.' } });
    res.status(200).type('text/calendar; charset=utf-8').setHeader('Cache-Control', 'private, no-store').send(text);
  }
}
