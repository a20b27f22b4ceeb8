import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { attachmentDisposition } from '../../common/content-disposition';
import type { SheetLanguage } from '../../engine/sheet';
import { GameSheetsService } from '../../games/reads/game-sheets.service';
import { WebViews } from '../views.service';
import { WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';

/**
 * A game's sheet (docs/rules.md §8) and its PDF for the game's own players during play, as for
 * its arbiter and admins: the sheet carries the holidays declared (§5).
 * Who may have it is GameSheetsService's question: anyone else gets 404, as for no game.
 */
@Controller()
@UseGuards(WebSessionGuard)
export class GameSheetPagesController {
  constructor(
    private readonly sheets: GameSheetsService,
    private readonly views: WebViews,
  ) {}

  @Get('games/:id/sheet')
  async sheet(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('line') line: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const text = await this.sheets.sheet(actor, id, {
      language: req.lang as SheetLanguage,
      ...lineOption(line),
    });
    const title = this.views.t(req, 'player.sheet.title');
    res.status(200).type('html').setHeader('Cache-Control', 'no-store');
    res.send(
      this.views.page(
        req,
        'player/sheet',
        { gameId: id, text, pdf: `/games/${encodeURIComponent(id)}/sheet.pdf` },
        { title, styles: ['arbiter.css'] },
      ),
    );
  }

  /** The game as GCG (docs/features.md, The game sheet): for its players during play, its arbiter and admins; anyone else 404. */
  @Get('games/:id/game.gcg')
  async gcg(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('line') line: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const text = await this.sheets.gcg(actor, id, lineOption(line));
    res
      .status(200)
      .type('text/plain; charset=utf-8')
      .setHeader('Content-Disposition', attachmentDisposition(`game-${id}.gcg`, 'game.gcg'))
      .setHeader('Cache-Control', 'no-store');
    res.send(text);
  }

  @Get('games/:id/sheet.pdf')
  async sheetPdf(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('line') line: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const pdf = await this.sheets.pdf(actor, id, {
      language: req.lang as SheetLanguage,
      ...lineOption(line),
      title: this.views.t(req, 'player.sheet.title'),
    });
    res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `inline; filename="sheet-${id}.pdf"`)
      .setHeader('Cache-Control', 'no-store');
    res.send(pdf);
  }
}

/** The `?line=` of a disputed game's sheet, when one is named (bounded: it is only ever a line id). */
function lineOption(line: string | undefined): { line?: string } {
  return typeof line === 'string' && line !== '' ? { line: line.slice(0, 40) } : {};
}
