import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { formatCoefficient } from '../../common/coefficient-format';
import { crosstableView } from '../../coefficients/core/crosstable-view';
import { attachmentDisposition } from '../../common/content-disposition';
import { StandingsService, type SheetFile } from '../../coefficients/standings.service';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { STYLES, send } from './arbiter-forms';

/**
 * A competition's standings in the arbiter's panel, as a page and as spreadsheets (docs/web.md, "Spreadsheets").
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class ArbiterStandingsController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly standings: StandingsService,
    private readonly views: WebViews,
  ) {}

  @Get('competitions/:id/standings')
  async standingsPage(@WebActor() actor: UserActor, @Param('id') id: string, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const competition = await this.panel.competition(actor, id);
    const groups = (await this.standings.standingsWithCrosstables(id)).map((g) => ({
      ...g,
      rows: g.rows.map((r) => ({
        ...r,
        total: formatCoefficient(r.total, req.lang),
        average: formatCoefficient(r.average, req.lang),
        best: formatCoefficient(r.best, req.lang),
      })),
      crosstable: crosstableView(g.crosstable, req.lang),
    }));
    // crosstableLinks: the arbiter follows a game without a result from its cell (partials/crosstable.hbs).
    const model = { competition, groups, crosstableLinks: true };
    send(res, 200, this.views.page(req, 'arbiter/standings', model, { title: this.views.t(req, 'arbiter.standings.title'), ...STYLES }));
  }

  /** `?locale=ro|en` (docs/web.md, "Spreadsheets"): the competition's own locale by default. */
  @Get('competitions/:id/standings.csv')
  async standingsCsv(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('locale') locale: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await this.panel.competition(actor, id);
    sendSheet(res, await this.standings.csvFile(id, locale), 'standings.csv');
  }

  @Get('competitions/:id/crosstable.csv')
  async crosstableCsv(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('locale') locale: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await this.panel.competition(actor, id);
    sendSheet(res, await this.standings.crosstableCsvFile(id, locale), 'crosstable.csv');
  }
}

/** A spreadsheet download: CSV in UTF-8, named after the competition (content-disposition.ts). */
function sendSheet(res: Response, file: SheetFile, fallback: string): void {
  res.status(200).type('text/csv; charset=utf-8').setHeader('Content-Disposition', attachmentDisposition(file.fileName, fallback));
  res.send(file.body);
}
