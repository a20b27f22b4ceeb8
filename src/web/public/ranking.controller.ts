import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { FEDERATIONS } from '../../ranking/core/ranking-inputs';
import { RankingService } from '../../ranking/ranking.service';
import { WebViews } from '../views.service';
import type { WebRequest } from '../web-request';

const STYLES = ['arbiter.css'];

/** A value as the page's language writes numbers; `signed` for an Elo change (+4.2, −3.1). */
function formatValue(value: number, lang: string, signed = false): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 1, ...(signed && { signDisplay: 'exceptZero' }) }).format(value);
}

/**
 * The federations' rankings, public (docs/web.md "The ranking"): each federation's list, the
 * players below the minimum of games apart, and each player's history game by game.
 */
@Controller('public/ranking')
export class RankingController {
  constructor(
    private readonly ranking: RankingService,
    private readonly views: WebViews,
  ) {}

  @Get()
  index(@Req() req: WebRequest, @Res() res: Response): void {
    const federations = FEDERATIONS.map((f) => ({ federation: f, name: this.views.t(req, `public.ranking.federation.${f}`) }));
    const title = this.views.t(req, 'public.ranking.title');
    res
      .status(200)
      .type('html')
      .send(this.views.page(req, 'public/ranking-index', { federations }, { title, styles: STYLES }));
  }

  @Get(':federation')
  async list(@Param('federation') name: string, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const view = await this.ranking.list(this.ranking.federationOf(name));
    const s = view.settings;
    const federationName = this.views.t(req, `public.ranking.federation.${view.federation}`);
    const title = this.views.t(req, 'public.ranking.list.title', { federation: federationName });
    const context = {
      ...view,
      title,
      none: s.method === 'none',
      method: this.views.t(req, `public.ranking.method.${s.method}`),
      rule: s.method === 'none' ? '' : this.views.t(req, 'public.ranking.list.rule', { minGames: s.minGames, months: s.windowMonths }),
      hasListed: view.listed.length > 0,
      hasUnlisted: view.unlisted.length > 0,
    };
    res
      .status(200)
      .type('html')
      .send(this.views.page(req, 'public/ranking', context, { title, styles: STYLES }));
  }

  @Get(':federation/players/:playerId')
  async player(
    @Param('federation') name: string,
    @Param('playerId') id: string,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const view = await this.ranking.history(this.ranking.federationOf(name), id);
    const federationName = this.views.t(req, `public.ranking.federation.${view.federation}`);
    const title = this.views.t(req, 'public.ranking.player.title', { player: view.player.name, federation: federationName });
    const elo = view.method === 'elo';
    const games = view.games.map((g) => ({
      day: g.day,
      competitionId: g.competitionId,
      competitionName: g.competitionName,
      opponentId: g.opponentId,
      opponentName: g.opponentName,
      result: this.views.t(req, `public.ranking.result.${g.result === 1 ? 'win' : g.result === 0 ? 'loss' : 'draw'}`),
      walkover: g.walkover,
      ranking: formatValue(g.ranking, req.lang),
      opponentRanking: formatValue(g.opponentRanking, req.lang),
      value: formatValue(g.value, req.lang, elo),
    }));
    const points = view.points.map((p) => ({ ...p, exact: formatValue(p.exact, req.lang) }));
    const context = {
      ...view,
      title,
      federationName,
      games,
      points,
      hasGames: games.length > 0,
      valueLabel: this.views.t(req, elo ? 'public.ranking.player.change' : 'public.ranking.player.scalp'),
    };
    res
      .status(200)
      .type('html')
      .send(this.views.page(req, 'public/ranking-player', context, { title, styles: STYLES }));
  }
}
