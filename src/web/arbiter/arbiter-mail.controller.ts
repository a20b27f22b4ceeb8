import { Controller, Get, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { mailReason } from './mail-reasons';
import { mailTemplateName } from './mail-names';
import { formatInstant } from '../format-instant';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService, INBOUND_MAIL_STATUSES, OUTBOX_STATUSES } from './arbiter-panel.service';
import { STYLES, send } from './arbiter-forms';

/**
 * The platform's mail in the arbiter's panel: the outbox and the inbox, filtered by status.
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class ArbiterMailController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly views: WebViews,
  ) {}

  @Get('mail')
  async mail(
    @WebActor() actor: UserActor,
    @Query('outbox') outboxStatus: string | undefined,
    @Query('inbox') inboxStatus: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const [sent, received] = await Promise.all([this.panel.outbox(actor, outboxStatus), this.panel.inbox(actor, inboxStatus)]);
    // Each mail by its name in words, times in the platform's zone.
    const when = (iso: string) => formatInstant(new Date(iso), this.panel.timeZone, req.lang);
    const outbox = sent.map((r) => ({
      ...r,
      createdAt: when(r.createdAt),
      createdAtIso: r.createdAt,
      templateName: mailTemplateName(r.template, req.lang),
    }));
    const inbox = received.map((r) => ({
      ...r,
      reason: mailReason(r.reason, req.lang),
      receivedAt: when(r.receivedAt),
      receivedAtIso: r.receivedAt,
    }));
    send(
      res,
      200,
      this.views.page(
        req,
        'arbiter/mail',
        {
          outbox,
          inbox,
          outboxStatuses: OUTBOX_STATUSES,
          inboxStatuses: INBOUND_MAIL_STATUSES,
          outboxStatus: outboxStatus ?? '',
          inboxStatus: inboxStatus ?? '',
        },
        { title: this.views.t(req, 'arbiter.mail.title'), ...STYLES },
      ),
    );
  }
}
