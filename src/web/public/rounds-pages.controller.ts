import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { RoundReadsService } from '../../tournaments/round-reads.service';
import { WebViews } from '../views.service';
import type { WebRequest } from '../web-request';

/** Ranking points as the page's language writes a half: "2,5" in Romanian and Polish, "2.5" in English. */
function points(value: number, lang: string): string {
  const text = String(value);
  return lang === 'en' ? text : text.replace('.', ',');
}

/**
 * The public page of a tournament in rounds (docs/web.md, "A tournament in rounds"): the standing
 * after a round (F 9.7: points, spread, then names; the final order after the last round) and the
 * pairings of every round, each game's score once it has a result. No login.
 */
@Controller('public/competitions/:id/rounds')
export class RoundsPagesController {
  constructor(
    private readonly reads: RoundReadsService,
    private readonly views: WebViews,
  ) {}

  @Get()
  async page(
    @Param('id') id: string,
    @Query('after') after: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const { competition, state } = await this.reads.tournament(id);
    const rounds = this.reads.roundViews(state).filter((r) => r.status === 'started');
    const played = rounds.length;
    const asked = after !== undefined && /^\d{1,3}$/.test(after) ? Number(after) : played;
    const round = Math.min(Math.max(asked, 0), played);
    const standing = round > 0 ? this.reads.standingAfter(state, round) : { final: false, lines: [] };
    const html = this.views.page(
      req,
      'public/rounds',
      {
        competition,
        coefficients: state.plan?.regime === 'coefficients',
        round,
        final: standing.final,
        lines: standing.lines.map((l) => ({
          ...l,
          points: points(l.points, req.lang ?? 'ro'),
          spread: l.spread > 0 ? `+${l.spread}` : String(l.spread),
        })),
        after: rounds.map((r) => ({ number: r.number, current: r.number === round })),
        rounds: rounds.map((r) => ({ ...r, pairs: r.pairs.map((p, i) => ({ ...p, n: i + 1 })) })).reverse(),
      },
      { title: `${competition.name}: ${this.views.t(req, 'public.rounds.title')}`, styles: ['arbiter.css'] },
    );
    res.status(200).type('html').send(html);
  }
}
