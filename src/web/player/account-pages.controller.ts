import { Body, Controller, Get, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { AccountService } from '../../competitions/account.service';
import { requireConfirmed } from '../confirm/confirmation';
import { formatInstant } from '../format-instant';
import { WebViews } from '../views.service';
import { WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { AccountFormDto } from './player-forms.dto';

const DONE = new Set(['approved', 'refused', 'removed', 'joined', 'joinRefused', 'sessionsEnded', 'named']);
/** The acts that cannot be undone ask once (docs/web.md "Confirmations"). */
const REMOVE_ADDRESS = { ro: 'ștergerea adresei', en: 'removing the address', pl: 'usunięcie adresu' };
const END_SESSIONS = { ro: 'închiderea celorlalte sesiuni', en: 'ending the other sessions', pl: 'zakończenie pozostałych sesji' };

/**
 * `/account` (docs/web.md "A player's identity"): every logged-in user's own page — their
 * addresses, the joins and added addresses waiting for their consent, their open sessions.
 */
@Controller('account')
@UseGuards(WebSessionGuard)
export class AccountPagesController {
  constructor(
    private readonly account: AccountService,
    private readonly views: WebViews,
  ) {}

  @Get()
  async page(@WebActor() actor: UserActor, @Query('done') done: string | undefined, @Req() req: WebRequest, @Res() res: Response) {
    const model = await this.account.load(actor, req.sessionID);
    const at = (d: Date) => formatInstant(d, 'Europe/Bucharest', req.lang);
    const html = this.views.page(
      req,
      'player/account',
      {
        ...model,
        sessions: model.sessions.map((s) => ({ since: at(s.since), until: at(s.until), current: s.current })),
        otherSessions: model.sessions.some((s) => !s.current),
        signs: model.arbiterName !== undefined,
        done: done && DONE.has(done) ? done : undefined,
      },
      { title: this.views.t(req, 'player.account.title'), styles: ['board.css'] },
    );
    res.status(200).type('html').setHeader('Cache-Control', 'no-store').send(html);
  }

  @Post('addresses/approve')
  async approve(@WebActor() actor: UserActor, @Body() form: AccountFormDto, @Res() res: Response) {
    await this.account.approveAddress(actor, form.address ?? '');
    res.redirect(303, '/account?done=approved');
  }

  @Post('addresses/refuse')
  async refuse(@WebActor() actor: UserActor, @Body() form: AccountFormDto, @Res() res: Response) {
    await this.account.refuseAddress(actor, form.address ?? '');
    res.redirect(303, '/account?done=refused');
  }

  @Post('addresses/remove')
  async remove(@WebActor() actor: UserActor, @Body() form: AccountFormDto, @Res() res: Response) {
    requireConfirmed(form, REMOVE_ADDRESS);
    await this.account.removeAddress(actor, form.address ?? '');
    res.redirect(303, '/account?done=removed');
  }

  @Post('joins/accept')
  async accept(@WebActor() actor: UserActor, @Body() form: AccountFormDto, @Res() res: Response) {
    await this.account.acceptJoin(actor, form.join ?? '');
    res.redirect(303, '/account?done=joined');
  }

  @Post('joins/refuse')
  async refuseJoin(@WebActor() actor: UserActor, @Body() form: AccountFormDto, @Res() res: Response) {
    await this.account.refuseJoin(actor, form.join ?? '');
    res.redirect(303, '/account?done=joinRefused');
  }

  /** The arbiter's name on sheets and mail (docs/web.md "The arbiter's name"). */
  @Post('name')
  async name(@WebActor() actor: UserActor, @Body() form: AccountFormDto, @Res() res: Response) {
    await this.account.setArbiterName(actor, form.name ?? '');
    res.redirect(303, '/account?done=named');
  }

  @Post('sessions/end-others')
  async endOthers(@WebActor() actor: UserActor, @Body() form: AccountFormDto, @Req() req: WebRequest, @Res() res: Response) {
    requireConfirmed(form, END_SESSIONS);
    await this.account.endOtherSessions(actor, req.sessionID);
    res.redirect(303, '/account?done=sessionsEnded');
  }
}
