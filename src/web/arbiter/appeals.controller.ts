import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { COMMISSION_OUTCOMES } from '../../arbiter/core/appeal-rules';
import { AppealsService } from '../../appeals/appeals.service';
import type { UserActor } from '../../auth/core/actor';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { IRREVERSIBLE, requireConfirmed } from '../confirm/confirmation';
import { type Form, STYLES, str, send, answerForm } from './arbiter-forms';

/**
 * The commission's appeals in the arbiter's panel: lodged against a decision or ruling, then decided.
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class AppealsController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly commissionAppeals: AppealsService,
    private readonly views: WebViews,
  ) {}

  @Get('competitions/:id/appeals')
  async appeals(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('done') done: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    send(res, 200, await this.appealsPage(actor, id, req, { done }));
  }

  private async appealsPage(
    actor: UserActor,
    id: string,
    req: WebRequest,
    extra: { done?: string; error?: string; sent?: Form },
  ): Promise<string> {
    const competition = await this.panel.competition(actor, id);
    // The rulings in words (kind, time in the competition's zone), as the audit page shows them.
    const [appeals, { rulings }] = await Promise.all([
      this.commissionAppeals.list(actor, id),
      this.panel.readableAudit(actor, id, req.lang, { withEntries: false }),
    ]);
    return this.views.page(
      req,
      'arbiter/appeals',
      {
        competition,
        appeals,
        rulings,
        outcomes: COMMISSION_OUTCOMES,
        done: extra.done === 'lodged' || extra.done === 'decided' ? `arbiter.done.appeal-${extra.done}` : null,
        error: extra.error,
        sent: extra.sent ?? {},
      },
      { title: this.views.t(req, 'arbiter.appeals.title'), ...STYLES },
    );
  }

  @Post('competitions/:id/appeals')
  async lodgeAppeal(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await answerForm(
      req,
      res,
      async () => {
        await this.commissionAppeals.lodge(actor, id, {
          decision: str(form, 'decision'),
          rulingId: str(form, 'rulingId') || undefined,
          appellant: str(form, 'appellant'),
          comment: str(form, 'comment'),
          feeReceipt: str(form, 'feeReceipt'),
        });
        return `/arbiter/competitions/${encodeURIComponent(id)}/appeals?done=lodged`;
      },
      (message) => this.appealsPage(actor, id, req, { error: message, sent: form }),
    );
  }

  @Post('appeals/:caseId/decide')
  async decideAppeal(
    @WebActor() actor: UserActor,
    @Param('caseId') caseId: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const competitionId = str(form, 'competitionId');
    await answerForm(
      req,
      res,
      async () => {
        await this.commissionAppeals.decide(actor, caseId, { outcome: str(form, 'outcome'), comment: str(form, 'comment') }, () =>
          requireConfirmed(form, IRREVERSIBLE.appealDecision),
        );
        return `/arbiter/competitions/${encodeURIComponent(competitionId)}/appeals?done=decided`;
      },
      (message) => this.appealsPage(actor, competitionId, req, { error: message }),
    );
  }
}
