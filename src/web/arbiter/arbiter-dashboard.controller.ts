import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { CasesService } from '../../arbiter/cases.service';
import type { UserActor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import { TimeControlsService } from '../../thinking-time/time-controls.service';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { IRREVERSIBLE, requireConfirmed } from '../confirm/confirmation';
import { type Form, STYLES, str, send, answerForm, localiseDashboard } from './arbiter-forms';

/**
 * The arbiter's dashboard (docs/web.md, Arbiter's panel): the open cases by category, the competitions,
 * and the cases closed from it by hand or by the outage decision.
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class ArbiterDashboardController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly cases: CasesService,
    private readonly timeControls: TimeControlsService,
    private readonly views: WebViews,
  ) {}

  @Get()
  async dashboard(
    @WebActor() actor: UserActor,
    @Query('done') done: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    send(
      res,
      200,
      await this.dashboardPage(actor, req, {
        done: done === 'closed' || done === 'anonymised' || done === 'downtime' ? `arbiter.done.${done}` : undefined,
      }),
    );
  }

  private async dashboardPage(actor: UserActor, req: WebRequest, extra: { error?: string; done?: string }): Promise<string> {
    const [dashboard, competitions] = await Promise.all([this.panel.dashboard(actor), this.panel.competitions(actor)]);
    return this.views.page(
      req,
      'arbiter/dashboard',
      {
        dashboard: localiseDashboard(dashboard, req, this.views),
        competitions: competitions.map((c) => ({ ...c, statusText: this.views.t(req, `arbiter.status.${c.status}`) })),
        empty: competitions.length === 0,
        error: extra.error,
        done: extra.done,
      },
      { title: this.views.t(req, 'arbiter.dashboard.title'), ...STYLES },
    );
  }

  @Post('cases/:id/close')
  async closeCase(
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
        // Checked once the case is known to be this arbiter's, as the downtime decision is.
        await this.cases.closeByHand(actor, id, str(form, 'reason'), () => requireConfirmed(form, IRREVERSIBLE.closeCase));
        return '/arbiter?done=closed';
      },
      (message) => this.dashboardPage(actor, req, { error: message }),
    );
  }

  /** The outage case granted (the days credited, as rulings) or refused, with a reason; it closes then. */
  @Post('cases/:id/downtime-credit')
  async decideDowntime(
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
        const decision = str(form, 'decision');
        // Checked once the case is known to be this arbiter's: another's stays 404 whatever the form holds.
        const check = () => {
          if (decision !== 'grant' && decision !== 'refuse') {
            throw new Refusal(
              'NO_DECISION',
              {
                ro: 'Alegeți: creditați zilele sau refuzați creditarea.',
                en: 'Choose: credit the days or refuse the credit.',
                pl: 'Wybierz: zalicz dni albo odmów ich zaliczenia.',
              },
              400,
            );
          }
          requireConfirmed(form, {
            ro: 'decizia privind zilele de creditat',
            en: 'the decision on the days to credit',
            pl: 'decyzja o zaliczeniu dni',
          });
        };
        await this.timeControls.decideDowntimeCredit(actor, id, { confirm: decision === 'grant', reason: str(form, 'reason'), check });
        return '/arbiter?done=downtime';
      },
      (message) => this.dashboardPage(actor, req, { error: message }),
    );
  }
}
