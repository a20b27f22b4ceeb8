import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { COMMISSION_OUTCOMES } from '../../arbiter/core/appeal-rules';
import { AppealsService } from '../../appeals/appeals.service';
import { CasesService } from '../../arbiter/cases.service';
import type { UserActor } from '../../auth/core/actor';
import { hasRole } from '../../auth/core/actor';
import { PersonalDataService } from '../../personal-data/personal-data.service';
import { Refusal } from '../../common/refusal';
import { formatCoefficient } from '../../common/coefficient-format';
import { crosstableView } from '../../coefficients/core/crosstable-view';
import { coefficientValuePair, localisedResult } from './panel-texts';
import { mailReason } from './mail-reasons';
import { mailTemplateName } from './mail-names';
import { formatInstant } from '../format-instant';
import { ResultsService } from '../../coefficients/results.service';
import { attachmentDisposition } from '../../common/content-disposition';
import { StandingsService, type SheetFile } from '../../coefficients/standings.service';
import { CompetitionReadsService } from '../../competitions/competition-reads.service';
import { CompetitionSetupService, type CreateCompetitionInput } from '../../competitions/competition-setup.service';
import { GroupsService } from '../../competitions/groups.service';
import { RegistrationService } from '../../competitions/registration.service';
import { AUDIT_KINDS, isFiltered, parseAuditFilter } from './audit-filter';
import { CompetitionStartService } from '../../games/competition-start.service';
import { DEFAULT_SETTINGS } from '../../competitions/core/competition-settings';
import { PlayerIdentityService } from '../../competitions/player-identity.service';
import type { SheetLanguage } from '../../engine/sheet';
import { GameSheetsService } from '../../games/game-sheets.service';
import { DisputesService } from '../../games/disputes.service';
import { GameReadsService } from '../../games/game-reads.service';
import { MovesService } from '../../games/moves.service';
import { WithdrawalService } from '../../games/withdrawal.service';
import { TimeControlsService } from '../../thinking-time/time-controls.service';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService, INBOUND_MAIL_STATUSES, OUTBOX_STATUSES } from './arbiter-panel.service';
import { CATEGORY_ORDER } from './dashboard';
import { gamePanel } from './game-panel';
import { TimeNoticesService } from '../player/time-notices';
import { analysisSection } from '../player/analysis-section';
import { closedGameModel } from '../player/game-page';
import { formatDay } from '../player/format-day';
import { GameAnalysisService } from '../../games/game-analysis.service';
import { batchPreview, closingRow, homologationRow } from './homologation-page';
import { HomologationService } from '../../coefficients/homologation.service';
import { batchGameIds, type BatchReport } from '../../coefficients/core/homologation-batch';
import { importNoteLines } from './import-notes';
import { competitionFormSettings } from './competition-form';
import { pageSituation, parseRulingForm, RULED_OUTCOMES, rulingForms } from './ruling-form';
import { IRREVERSIBLE, requireConfirmed } from '../confirm/confirmation';

type Form = Readonly<Record<string, unknown>>;
const STYLES = { styles: ['arbiter.css'] };

function str(form: Form, name: string): string {
  const v = form?.[name];
  return typeof v === 'string' ? v.trim() : '';
}

function send(res: Response, status: number, html: string): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
}

/**
 * The one answer of every arbiter form: done, a 303 to the page `act` names (or nothing, when it
 * answered itself); refused for a reason the form can show, the page again with it (422);
 * anything else (403, 404, a fault) goes on to the error page.
 */
async function answerForm(req: WebRequest, res: Response, act: () => Promise<string | void>, again: (message: string) => Promise<string>) {
  let location: string | void;
  try {
    location = await act();
  } catch (error) {
    const message = formError(error, req);
    if (message === undefined) throw error;
    send(res, 422, await again(message));
    return;
  }
  if (location !== undefined) res.redirect(303, location);
}

function formatDayIn(day: string, lang: 'ro' | 'en'): string {
  return formatDay(day, lang) ?? day;
}

/** A refusal a form shows (bad input, wrong state); 403/404 are not form errors and go to the error page. */
function formError(error: unknown, req: WebRequest): string | undefined {
  if (error instanceof Refusal && error.getStatus() !== 403 && error.getStatus() !== 404)
    return error.messages[req.lang] ?? error.messages.ro;
  return undefined;
}

/**
 * The arbiter's panel (docs/web.md, Arbiter's panel): dashboard, competition setup, games and rulings,
 * homologation, standings, sheets, mail, lexicons, the commission's appeals. Arbiters and
 * admins only; an arbiter sees only their competitions (another's is 404). Every change is
 * one call of the platform's services, which check again who may act and write the audit
 * log; a refused form is shown again with the reason (422), a done one redirects (303).
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class ArbiterPanelController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly cases: CasesService,
    private readonly commissionAppeals: AppealsService,
    private readonly identity: PlayerIdentityService,
    private readonly setup: CompetitionSetupService,
    private readonly competitions: CompetitionReadsService,
    private readonly registration: RegistrationService,
    private readonly groups: GroupsService,
    private readonly starts: CompetitionStartService,
    private readonly moves: MovesService,
    private readonly disputes: DisputesService,
    private readonly reads: GameReadsService,
    private readonly withdrawal: WithdrawalService,
    private readonly results: ResultsService,
    private readonly homologations: HomologationService,
    private readonly standings: StandingsService,
    private readonly sheets: GameSheetsService,
    private readonly timeControls: TimeControlsService,
    private readonly personalData: PersonalDataService,
    private readonly views: WebViews,
    private readonly timeNotices: TimeNoticesService,
    private readonly analysis: GameAnalysisService,
  ) {}

  // ------------------------------------------------------------ dashboard

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
        dashboard: this.localiseDashboard(dashboard, req),
        competitions: competitions.map((c) => ({ ...c, statusText: this.views.t(req, `arbiter.status.${c.status}`) })),
        empty: competitions.length === 0,
        error: extra.error,
        done: extra.done,
      },
      { title: this.views.t(req, 'arbiter.dashboard.title'), ...STYLES },
    );
  }

  private localiseDashboard(dashboard: Awaited<ReturnType<ArbiterPanelService['dashboard']>>, req: WebRequest) {
    return {
      ...dashboard,
      groups: dashboard.groups.map((g) => ({
        ...g,
        title: this.views.t(req, `arbiter.category.${g.category}`),
        cases: g.cases.map((c) => ({ ...c, summaryText: c.summary[req.lang] ?? c.summary.ro })),
      })),
      categories: CATEGORY_ORDER,
    };
  }

  // ------------------------------------------------------------ competitions: create and set up

  @Get('competitions/new')
  async newCompetition(@Req() req: WebRequest, @Res() res: Response): Promise<void> {
    send(res, 200, await this.createPage(req, {}));
  }

  private async createPage(req: WebRequest, sent: Form, error?: string): Promise<string> {
    return this.views.page(
      req,
      'arbiter/competition-new',
      { sent, error, defaults: DEFAULT_SETTINGS, lexicons: await this.panel.lexiconNames() },
      { title: this.views.t(req, 'arbiter.create.title'), ...STYLES },
    );
  }

  @Post('competitions')
  async create(@WebActor() actor: UserActor, @Body() form: Form, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const sequence = str(form, 'sequence');
    // The settings are read as the edit form reads them (competition-form.ts).
    const input: CreateCompetitionInput = {
      ...competitionFormSettings(form),
      ...(sequence && { series: [{ label: '1', tiles: sequence }] }),
    };
    await answerForm(
      req,
      res,
      async () => {
        const created = await this.setup.create(actor, input);
        return `/arbiter/competitions/${created.id}?done=created`;
      },
      (message) => this.createPage(req, form, message),
    );
  }

  @Get('competitions/:id')
  async competition(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('done') done: string | undefined,
    @Query('word') word: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    let wordCheck: unknown = null;
    let error: string | undefined;
    if (word !== undefined && word.trim() !== '') {
      try {
        wordCheck = await this.panel.wordCheck(actor, id, word);
      } catch (e) {
        error = formError(e, req);
        if (error === undefined) throw e;
      }
    }
    send(res, 200, await this.competitionPage(actor, id, req, { done, wordCheck, error }));
  }

  private async competitionPage(
    actor: UserActor,
    id: string,
    req: WebRequest,
    extra: {
      done?: string;
      wordCheck?: unknown;
      error?: string;
      csv?: string;
      importNotes?: readonly string[];
      typedPlayer?: Readonly<Record<string, string>>;
    },
  ): Promise<string> {
    await this.panel.competition(actor, id);
    const [competition, players, games, dashboard] = await Promise.all([
      this.competitions.get(actor, id),
      this.registration.players(actor, id),
      this.panel.games(actor, id),
      this.panel.dashboard(actor, id),
    ]);
    return this.views.page(
      req,
      'arbiter/competition',
      {
        competition,
        statusText: this.views.t(req, `arbiter.status.${competition.status}`),
        players,
        games: games.map((g) => ({
          ...g,
          statusText: this.views.t(req, `arbiter.gameStatus.${g.status}`),
          result: localisedResult(g.result, req.lang, (key) => this.views.t(req, key)),
        })),
        dashboard: this.localiseDashboard(dashboard, req),
        draft: competition.status === 'draft',
        started: competition.status !== 'draft',
        isAdmin: hasRole(actor, 'admin'),
        done: extra.done && /^[a-z-]{1,30}$/.test(extra.done) ? `arbiter.done.${extra.done}` : null,
        wordCheck: extra.wordCheck,
        error: extra.error,
        csv: extra.csv ?? '',
        importNotes: extra.importNotes,
        typedPlayer: extra.typedPlayer ?? { language: 'ro' },
      },
      { title: competition.name, styles: ['arbiter.css'], scripts: ['arbiter.js'] },
    );
  }

  /** A refused setup form: the competition page again with the reason (and the CSV as typed). */
  private async setupAction(
    actor: UserActor,
    id: string,
    req: WebRequest,
    res: Response,
    done: string,
    work: () => Promise<unknown>,
    csv?: string,
    report?: () => Promise<string> | null,
  ): Promise<void> {
    await answerForm(
      req,
      res,
      async () => {
        await work();
        const page = report?.();
        if (page) return send(res, 200, await page); // the import's report, a page of its own
        return `/arbiter/competitions/${encodeURIComponent(id)}?done=${done}`;
      },
      (message) => this.competitionPage(actor, id, req, { error: message, csv }),
    );
  }

  @Post('competitions/:id/players')
  importPlayers(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const csv = typeof form?.csv === 'string' ? form.csv : '';
    let notes: string[] = [];
    const importing = async () => {
      notes = importNoteLines(
        (await this.registration.importPlayers(actor, id, csv)).filter((p) => p.importNote),
        (key, params) => this.views.t(req, key, params),
      );
    };
    // Players already known, left partly unchanged (docs/web.md, Security model): the arbiter reads why at once.
    return this.setupAction(actor, id, req, res, 'imported', importing, csv, () =>
      notes.length ? this.competitionPage(actor, id, req, { done: 'imported', importNotes: notes }) : null,
    );
  }

  /** One player added to the draft list, by the import's own checks and identity rules (RegistrationService.addPlayer). */
  @Post('competitions/:id/player')
  async addPlayer(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const fields = {
      name: str(form, 'name'),
      email: str(form, 'email'),
      club: str(form, 'club'),
      language: str(form, 'language'),
      previousCoefficient: str(form, 'previousCoefficient'),
      previousRank: str(form, 'previousRank'),
    };
    let notes: string[] = [];
    await answerForm(
      req,
      res,
      async () => {
        const added = await this.registration.addPlayer(actor, id, fields);
        notes = added.importNote ? importNoteLines([added], (key, params) => this.views.t(req, key, params)) : [];
        if (notes.length) return send(res, 200, await this.competitionPage(actor, id, req, { done: 'player-added', importNotes: notes }));
        return `/arbiter/competitions/${encodeURIComponent(id)}?done=player-added`;
      },
      (message) => this.competitionPage(actor, id, req, { error: message, typedPlayer: fields }),
    );
  }

  /** A player taken off the draft list, after the confirmation box (docs/web.md "Confirmations"). */
  @Post('competitions/:id/players/:playerId/remove')
  removePlayer(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('playerId') playerId: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.setupAction(actor, id, req, res, 'player-removed', () => {
      requireConfirmed(form, IRREVERSIBLE.removePlayer);
      return this.registration.removePlayer(actor, id, playerId);
    });
  }

  /** An address added to a player here is unverified until its owner confirms it. */
  @Post('competitions/:id/players/:playerId/emails')
  addAddress(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('playerId') playerId: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.setupAction(actor, id, req, res, 'address-added', () =>
      this.identity.addAddress(actor, id, playerId, str(form, 'address')),
    );
  }

  @Post('competitions/:id/groups')
  makeGroups(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const sizes = str(form, 'sizes');
    const count = Number(str(form, 'count') || '1');
    const input = sizes
      ? {
          sizes: sizes
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map(Number),
          distribution: str(form, 'distribution') === 'serpentine' ? ('serpentine' as const) : ('blocks' as const),
        }
      : { count, distribution: str(form, 'distribution') === 'serpentine' ? ('serpentine' as const) : ('blocks' as const) };
    return this.setupAction(actor, id, req, res, 'grouped', () => this.groups.makeGroups(actor, id, input));
  }

  @Post('competitions/:id/start')
  start(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.setupAction(actor, id, req, res, 'started', async () => {
      requireConfirmed(form, IRREVERSIBLE.start);
      return this.starts.start(actor, id);
    });
  }

  @Post('competitions/:id/leave')
  leave(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.setupAction(actor, id, req, res, 'leave', () =>
      this.timeControls.approveSpecialLeave(actor, id, {
        playerId: str(form, 'playerId'),
        from: str(form, 'from'),
        to: str(form, 'to'),
        reason: str(form, 'reason'),
      }),
    );
  }

  // ------------------------------------------------------------ standings, homologation, audit

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
          throw new Refusal('BAD_INPUT', { ro: 'Lista partidelor nu este validă.', en: 'The list of games is not valid.' }, 400);
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

  @Get('competitions/:id/audit')
  async audit(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const competition = await this.panel.competition(actor, id);
    const players = await this.registration.players(actor, id);
    // The filter by GET parameters (audit-filter.ts): a value naming nothing is refused with its reason, the log shown whole.
    const parsed = parseAuditFilter(
      { player: query.player, kind: query.kind, from: query.from, to: query.to },
      new Set(players.map((p) => p.playerId)),
    );
    const filter = 'refused' in parsed ? {} : parsed;
    const { entries, rulings } = await this.panel.readableAudit(actor, id, req.lang, { filter });
    const sent = (key: string) => (typeof query[key] === 'string' ? String(query[key]) : '');
    send(
      res,
      'refused' in parsed ? 400 : 200,
      this.views.page(
        req,
        'arbiter/audit',
        {
          competition,
          entries,
          rulings,
          error: 'refused' in parsed ? parsed.refused[req.lang] : undefined,
          filtered: isFiltered(filter),
          filter: {
            from: sent('from'),
            to: sent('to'),
            players: players.map((p) => ({ id: p.playerId, name: p.name, selected: p.playerId === sent('player') })),
            kinds: Object.entries(AUDIT_KINDS).map(([key, k]) => ({ key, name: k.name[req.lang], selected: key === sent('kind') })),
          },
        },
        { title: this.views.t(req, 'arbiter.audit.title'), ...STYLES },
      ),
    );
  }

  // ------------------------------------------------------------ cases and the commission's appeals

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
              { ro: 'Alegeți: creditați zilele sau refuzați creditarea.', en: 'Choose: credit the days or refuse the credit.' },
              400,
            );
          }
          requireConfirmed(form, { ro: 'decizia privind zilele de creditat', en: 'the decision on the days to credit' });
        };
        await this.timeControls.decideDowntimeCredit(actor, id, { confirm: decision === 'grant', reason: str(form, 'reason'), check });
        return '/arbiter?done=downtime';
      },
      (message) => this.dashboardPage(actor, req, { error: message }),
    );
  }

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

  // ------------------------------------------------------------ a game: view, rulings, sheet

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
    const cases = this.localiseDashboard(dashboard, req).groups.flatMap((g) =>
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
        // docs/rules.md §5: the open claim (its answer window, "no answer within 5 days") and the holidays (time-notices.ts).
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
        rulings: rulingForms(pageSituation(view, notices.claim), req.lang),
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

  // ------------------------------------------------------------ mail, lexicons, personal data

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

  @Get('lexicons')
  async lexicons(@Query('done') done: string | undefined, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    send(res, 200, await this.lexiconsPage(req, { done: done === 'uploaded' ? 'arbiter.done.lexicon' : undefined }));
  }

  private async lexiconsPage(req: WebRequest, extra: { done?: string; error?: string; name?: string }): Promise<string> {
    return this.views.page(
      req,
      'arbiter/lexicons',
      { lexicons: await this.panel.lexiconNames(), ...extra },
      { title: this.views.t(req, 'arbiter.lexicons.title'), styles: ['arbiter.css'], scripts: ['arbiter.js'] },
    );
  }

  @Post('lexicons')
  async uploadLexicon(@WebActor() actor: UserActor, @Body() form: Form, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    await answerForm(
      req,
      res,
      async () => {
        await this.panel.uploadLexicon(actor, str(form, 'name'), typeof form?.words === 'string' ? form.words : '');
        return '/arbiter/lexicons?done=uploaded';
      },
      (message) => this.lexiconsPage(req, { error: message, name: str(form, 'name') }),
    );
  }

  /** An admin anonymises a player once their competitions have ended. */
  @Post('players/:playerId/anonymise')
  @Roles('admin')
  async anonymise(
    @WebActor() actor: UserActor,
    @Param('playerId') playerId: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const competitionId = str(form, 'competitionId');
    try {
      requireConfirmed(form, IRREVERSIBLE.anonymise);
      await this.personalData.anonymise(actor, playerId);
      res.redirect(
        303,
        competitionId ? `/arbiter/competitions/${encodeURIComponent(competitionId)}?done=anonymised` : '/arbiter?done=anonymised',
      );
    } catch (error) {
      const message = formError(error, req);
      if (message === undefined || !competitionId) throw error;
      send(res, 422, await this.competitionPage(actor, competitionId, req, { error: message }));
    }
  }
}

/** A spreadsheet download: CSV in UTF-8, named after the competition (content-disposition.ts). */
function sendSheet(res: Response, file: SheetFile, fallback: string): void {
  res.status(200).type('text/csv; charset=utf-8').setHeader('Content-Disposition', attachmentDisposition(file.fileName, fallback));
  res.send(file.body);
}
