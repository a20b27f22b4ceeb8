import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import { localisedResult } from './panel-texts';
import { ResultsService } from '../../coefficients/results.service';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { batchPreview, closingRow, homologationRow } from './homologation-page';
import { HomologationService } from '../../coefficients/homologation.service';
import { batchGameIds, type BatchReport } from '../../coefficients/core/homologation-batch';
import { IRREVERSIBLE, requireConfirmed } from '../confirm/confirmation';
import { type Form, STYLES, str, send, answerForm } from './arbiter-forms';

/**
 * Homologation in the arbiter's panel (docs/web.md, Arbiter's panel): one game, the competition's
 * proposals in one act, and the objections to a final sheet (docs/rules.md §7).
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class HomologationController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly results: ResultsService,
    private readonly homologations: HomologationService,
    private readonly views: WebViews,
  ) {}

  @Get('competitions/:id/homologation')
  async homologation(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('done') done: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    send(res, 200, await this.homologationPage(actor, id, req, { done }));
  }

  /** The games waiting for homologation, each with its proposal as the homologation pages show it. */
  private async homologationRows(actor: UserActor, competition: { readonly id: string; readonly timeZone: string }, req: WebRequest) {
    const rows = await this.panel.toHomologate(actor, competition.id);
    const { today, results } = await this.results.forHomologation(
      rows.map((g) => g.id),
      competition.timeZone,
    );
    return rows.map((g) => {
      const r = results.get(g.id);
      const names = { red: g.red, blue: g.blue };
      const homologation = r ? homologationRow(r, names, today, competition.timeZone, req.lang) : null;
      const closing = g.closing ? closingRow(g.closing, names, req.lang) : null;
      const skip = batchPreview({ homologation, closing });
      return {
        ...g,
        homologation,
        closing,
        skipText: skip ? this.views.t(req, `arbiter.batch.skip.${skip}`) : null,
        result: localisedResult(g.result, req.lang, (key) => this.views.t(req, key)),
      };
    });
  }

  private async homologationPage(actor: UserActor, id: string, req: WebRequest, extra: { done?: string; error?: string }): Promise<string> {
    const competition = await this.panel.competition(actor, id);
    const games = await this.homologationRows(actor, competition, req);
    return this.views.page(
      req,
      'arbiter/homologation',
      {
        competition,
        games,
        empty: games.length === 0,
        ready: games.filter((g) => g.skipText === null).length,
        done:
          extra.done === 'homologated'
            ? 'arbiter.done.homologated'
            : extra.done === 'objection'
              ? 'arbiter.homologation.objectionDecided'
              : null,
        error: extra.error,
      },
      { title: this.views.t(req, 'arbiter.homologation.title'), ...STYLES },
    );
  }

  @Post('games/:id/homologate')
  async homologate(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const competition = await this.panel.gameCompetition(actor, id);
    await answerForm(
      req,
      res,
      async () => {
        requireConfirmed(form, IRREVERSIBLE.homologate);
        // A closing-date proposal is homologated as proposed: nothing typed again (HomologationService).
        await this.homologations.homologate(actor, id, {
          reason: str(form, 'reason') || undefined,
          override: str(form, 'override') === 'yes',
        });
        return str(form, 'back') === 'game'
          ? `/arbiter/games/${id}?done=homologated`
          : `/arbiter/competitions/${competition.id}/homologation?done=homologated`;
      },
      (message) => this.homologationPage(actor, competition.id, req, { error: message }),
    );
  }

  /** The competition's proposed results in one act (docs/web.md "Arbiter's panel"): each listed game with its proposal, one confirmation. */
  @Get('competitions/:id/homologation/batch')
  async batchHomologation(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    send(res, 200, await this.batchPage(actor, id, req, {}));
  }

  private async batchPage(
    actor: UserActor,
    id: string,
    req: WebRequest,
    extra: { error?: string; report?: BatchReport; names?: ReadonlyMap<string, string> },
  ): Promise<string> {
    const competition = await this.panel.competition(actor, id);
    const games = extra.report ? [] : await this.homologationRows(actor, competition, req);
    const report = extra.report && {
      homologated: extra.report.homologated.length,
      skipped: extra.report.skipped.map((s) => ({
        gameId: s.gameId,
        name: extra.names?.get(s.gameId) ?? s.gameId,
        why: this.views.t(req, `arbiter.batch.skip.${s.why}`),
      })),
    };
    return this.views.page(
      req,
      'arbiter/homologation-batch',
      { competition, games, empty: games.length === 0, ready: games.filter((g) => g.skipText === null).length, report, error: extra.error },
      { title: this.views.t(req, 'arbiter.batch.title'), ...STYLES },
    );
  }

  @Post('competitions/:id/homologation/batch')
  async homologateBatch(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.panel.competition(actor, id);
    await answerForm(
      req,
      res,
      async () => {
        requireConfirmed(form, IRREVERSIBLE.batchHomologation);
        const gameIds = batchGameIds(form);
        if (!gameIds)
          throw new Refusal(
            'BAD_INPUT',
            { ro: 'Lista partidelor nu este validă.', en: 'The list of games is not valid.', pl: 'Lista partii jest nieprawidłowa.' },
            400,
          );
        const report = await this.homologations.homologateAll(actor, id, gameIds);
        const names = new Map((await this.panel.games(actor, id)).map((g) => [g.id, `${g.red} – ${g.blue}`]));
        send(res, 200, await this.batchPage(actor, id, req, { report, names }));
      },
      (message) => this.batchPage(actor, id, req, { error: message }),
    );
  }

  /** docs/rules.md §7: an objection to the final sheet is upheld or rejected, with a reason. */
  @Post('games/:id/objections/:index/decide')
  async decideObjection(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('index') index: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const competition = await this.panel.gameCompetition(actor, id);
    await answerForm(
      req,
      res,
      async () => {
        requireConfirmed(form, IRREVERSIBLE.objectionDecision);
        await this.results.decideObjection(
          actor,
          id,
          /^\d{1,3}$/.test(index) ? Number(index) : -1,
          str(form, 'verdict'),
          str(form, 'reason'),
        );
        return `/arbiter/competitions/${competition.id}/homologation?done=objection`;
      },
      (message) => this.homologationPage(actor, competition.id, req, { error: message }),
    );
  }
}
