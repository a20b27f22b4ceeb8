import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { formatCoefficient } from '../../common/coefficient-format';
import { crosstableView } from '../../coefficients/core/crosstable-view';
import { WebViews } from '../views.service';
import type { WebRequest } from '../web-request';
import { PublicPagesService } from './public-pages.service';

function send(res: Response, html: string): void {
  res.status(200).type('html');
  res.send(html);
}

/**
 * Public pages, no login: the competitions, and for each its groups,
 * standings, results, the published sequence hash with how to check it, and the sheets of
 * finished games. A game in progress is 404 here whatever its id.
 */
@Controller('public')
export class PublicPagesController {
  constructor(
    private readonly pages: PublicPagesService,
    private readonly views: WebViews,
  ) {}

  @Get()
  async list(@Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const competitions = await this.pages.list();
    send(
      res,
      this.views.page(
        req,
        'public/competitions',
        { competitions, empty: competitions.length === 0 },
        { title: this.views.t(req, 'public.list.title'), styles: ['arbiter.css'] },
      ),
    );
  }

  @Get('competitions/:id')
  async competition(@Param('id') id: string, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const page = await this.pages.competition(id);
    const standings = page.standings.map((g) => ({
      ...g,
      rows: g.rows.map((r) => ({
        ...r,
        total: formatCoefficient(r.total, req.lang),
        average: formatCoefficient(r.average, req.lang),
        best: formatCoefficient(r.best, req.lang),
      })),
      crosstable: crosstableView(g.crosstable, req.lang),
    }));
    send(
      res,
      this.views.page(
        req,
        'public/competition',
        {
          ...page,
          standings,
          results: page.results.map((r) => ({
            ...r,
            coefficients: r.coefficientValues
              ? `${formatCoefficient(r.coefficientValues.red, req.lang)} – ${formatCoefficient(r.coefficientValues.blue, req.lang)}`
              : '',
          })),
          draft: page.competition.status === 'draft',
          hasResults: page.results.length > 0,
        },
        { title: page.competition.name, styles: ['arbiter.css'] },
      ),
    );
  }

  @Get('games/:id/sheet')
  async sheet(@Param('id') id: string, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const { text, title, gcg } = await this.pages.sheet(id, req.lang, req.actor);
    const links = { pdf: `/public/games/${id}/sheet.pdf`, ...(gcg && { gcg: `/games/${encodeURIComponent(id)}/game.gcg` }) };
    send(res, this.views.page(req, 'public/sheet', { text, title, ...links }, { title, styles: ['arbiter.css'] }));
  }

  @Get('games/:id/sheet.pdf')
  async sheetPdf(@Param('id') id: string, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const pdf = await this.pages.sheetPdf(id, req.lang);
    res.status(200).type('application/pdf').setHeader('Content-Disposition', `inline; filename="sheet-${id}.pdf"`);
    res.send(pdf);
  }
}
