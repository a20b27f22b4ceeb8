import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import { coefficientValuePair } from './panel-texts';
import type { SheetLanguage } from '../../engine/sheet';
import { GameSheetsService } from '../../games/reads/game-sheets.service';
import { DisputesService } from '../../games/actions/disputes.service';
import { ChallengesService } from '../../games/actions/challenges.service';
import { GameReadsService } from '../../games/reads/game-reads.service';
import { MovesService } from '../../games/actions/moves.service';
import { WithdrawalService } from '../../games/actions/withdrawal.service';
import { TimeControlsService } from '../../thinking-time/time-controls.service';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { gamePanel } from './game-panel';
import { TimeNoticesService } from '../player/time-notices.service';
import { analysisSection } from '../player/analysis-section';
import { closedGameModel } from '../player/game-page';
import { formatDay } from '../player/format-day';
import { GameAnalysisService } from '../../games/reads/game-analysis.service';
import { pageSituation, parseChallengeOverrideForm, parseRulingForm, RULED_OUTCOMES, rulingForms } from './ruling-form';
import { IRREVERSIBLE, requireConfirmed } from '../confirm/confirmation';
import { type Form, STYLES, str, send, answerForm, localiseDashboard } from './arbiter-forms';

function formatDayIn(day: string, lang: 'ro' | 'en' | 'pl'): string {
  return formatDay(day, lang) ?? day;
}

/**
 * A game in the arbiter's panel (docs/web.md, Arbiter's panel): its page, the rulings, moves received
 * by post or telephone (docs/rules.md §5), and its sheet.
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class ArbiterGamesController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly moves: MovesService,
    private readonly disputes: DisputesService,
    private readonly challenges: ChallengesService,
    private readonly reads: GameReadsService,
    private readonly withdrawal: WithdrawalService,
    private readonly sheets: GameSheetsService,
    private readonly timeControls: TimeControlsService,
    private readonly views: WebViews,
    private readonly timeNotices: TimeNoticesService,
    private readonly analysis: GameAnalysisService,
  ) {}

  @Get('games/:id')
  async game(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('done') done: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    send(res, 200, await this.gamePage(actor, id, req, { done }));
  }

  private async gamePage(
    actor: UserActor,
    id: string,
    req: WebRequest,
    extra: { done?: string; error?: string; sent?: Form },
  ): Promise<string> {
    const competition = await this.panel.gameCompetition(actor, id);
    const view = await this.reads.view(actor, id);
    const dashboard = await this.panel.dashboard(actor, competition.id);
    const cases = localiseDashboard(dashboard, req, this.views).groups.flatMap((g) =>
      g.cases.filter((c) => c.gameId === id).map((c) => ({ ...c, title: g.title })),
    );
    const notices = await this.timeNotices.forGame(actor, id, req.lang);
    // The line shown first is the one analysed.
    const analysis = await this.analysis.forPage(id, view.lines[0]?.movesPlayed ?? 0);
    return this.views.page(
      req,
      'arbiter/game',
      {
        competition,
        game: view,
        // docs/rules.md §5: the open claim (its answer window, "no answer within 5 days") and the holidays (time-notices.service.ts).
        notices,
        analysis: analysisSection(analysis, { red: view.red.name, blue: view.blue.name }),
        panel: gamePanel(view),
        // docs/rules.md "The closing date": past it an unfinished game is closed, waiting for homologation, not for a move.
        statusText: view.closing
          ? this.views.t(req, 'arbiter.gameStatus.closed', { day: formatDayIn(view.closing.closingDate, req.lang) })
          : this.views.t(req, `arbiter.gameStatus.${view.status}`),
        awaitingText: view.awaiting && !view.closing ? this.views.t(req, `arbiter.awaiting.${view.awaiting}`) : null,
        closed: closedGameModel(view, req.lang, this.panel.today(competition.timeZone)),
        disputeStatusText: view.dispute ? this.views.t(req, `arbiter.disputeStatus.${view.dispute.status}`) : null,
        resultText: view.result
          ? {
              coefficients: coefficientValuePair(view.result.coefficients, req.lang),
              status: this.views.t(req, `arbiter.resultStatus.${view.result.status}`),
            }
          : null,
        cases,
        playing: view.status === 'playing',
        resultProposed: view.result?.status === 'proposed',
        // Only the rulings whose preconditions hold on this game, the others said in words.
        rulings: rulingForms(pageSituation(view, notices.claim), req.lang, view),
        outcomes: RULED_OUTCOMES.map((o) => ({ value: o, text: this.views.t(req, `arbiter.outcome.${o}`) })),
        done: extra.done && /^[a-z-]{1,30}$/.test(extra.done) ? `arbiter.done.${extra.done}` : null,
        error: extra.error,
        sent: extra.sent ?? {},
      },
      { title: `${view.red.name} – ${view.blue.name}`, ...STYLES },
    );
  }

  /** Every ruling form posts here; the reason is required before anything is called (and the services check it again). */
  @Post('games/:id/rulings')
  async rule(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.panel.gameCompetition(actor, id);
    const parsed = parseRulingForm(form ?? {});
    await answerForm(
      req,
      res,
      async () => {
        if (!parsed.ok) throw new Refusal(parsed.code, parsed.message, 400);
        const action = parsed.action;
        // The page offers only the rulings that apply now; one posted anyway is refused by the games service (rulingNotApplicable).
        // An outcome ruling also settles the game's silence and closing-date cases (games service).
        if (action.type === 'rule') await this.disputes.rule(actor, id, action.ruling);
        else if (action.type === 'grant-days')
          await this.timeControls.grantDays(actor, id, { player: action.player, days: action.days, reason: action.reason });
        else {
          const { competitionId, playerId } = await this.panel.playerAt(actor, id, action.player);
          await this.withdrawal.withdrawPlayer(actor, competitionId, playerId, { reason: action.reason, exclusion: true });
        }
        return `/arbiter/games/${encodeURIComponent(id)}?done=ruled`;
      },
      (message) => this.gamePage(actor, id, req, { error: message, sent: form }),
    );
  }

  /**
   * docs/rules.md §13 [P 4.7.13]: the arbiter reverses a check's verdict, with a reason and the
   * ticked box; the challenges service holds the window (refused outside it, in words).
   */
  @Post('games/:id/challenges/:challengeId/override')
  async overrideChallenge(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('challengeId') challengeId: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.panel.gameCompetition(actor, id);
    const parsed = parseChallengeOverrideForm(form ?? {});
    await answerForm(
      req,
      res,
      async () => {
        if (!parsed.ok) throw new Refusal(parsed.code, parsed.message, 400);
        await this.challenges.override(actor, id, challengeId, { reason: parsed.reason });
        return `/arbiter/games/${encodeURIComponent(id)}?done=ruled`;
      },
      (message) => this.gamePage(actor, id, req, { error: message, sent: form }),
    );
  }

  /** A move received by post or telephone (docs/rules.md §5), recorded with its dates and a reason. */
  @Post('games/:id/moves')
  async recordMove(
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
        requireConfirmed(form, IRREVERSIBLE.recordMove);
        await this.moves.recordMoveByArbiter(actor, id, {
          move: str(form, 'move'),
          sentOn: str(form, 'sentOn'),
          ...(str(form, 'arrivedOn') && { arrivedOn: str(form, 'arrivedOn') }),
          reason: str(form, 'reason'),
        });
        return `/arbiter/games/${encodeURIComponent(id)}?done=recorded`;
      },
      (message) => this.gamePage(actor, id, req, { error: message, sent: form }),
    );
  }

  @Get('games/:id/sheet')
  async sheet(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('line') line: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const competition = await this.panel.gameCompetition(actor, id);
    const text = await this.sheets.sheet(actor, id, { language: req.lang as SheetLanguage, ...(line && { line }) });
    send(
      res,
      200,
      this.views.page(
        req,
        'arbiter/sheet',
        { competition, gameId: id, text, pdf: `/arbiter/games/${id}/sheet.pdf` },
        { title: this.views.t(req, 'arbiter.sheet.title'), ...STYLES },
      ),
    );
  }

  @Get('games/:id/sheet.pdf')
  async sheetPdf(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('line') line: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const competition = await this.panel.gameCompetition(actor, id);
    const pdf = await this.sheets.pdf(actor, id, { language: req.lang as SheetLanguage, ...(line && { line }), title: competition.name });
    res.status(200).type('application/pdf').setHeader('Content-Disposition', `inline; filename="sheet-${id}.pdf"`);
    res.send(pdf);
  }
}
