import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { hasRole } from '../../auth/core/actor';
import { PersonalDataService } from '../../personal-data/personal-data.service';
import { localisedResult } from './panel-texts';
import { CompetitionReadsService } from '../../competitions/competition-reads.service';
import { CompetitionSetupService, type CreateCompetitionInput } from '../../competitions/competition-setup.service';
import { GroupsService } from '../../competitions/groups.service';
import { defaultPlayerLanguage } from '../../competitions/core/players-csv';
import { RegistrationService } from '../../competitions/registration.service';
import { CompetitionStartService } from '../../games/actions/competition-start.service';
import { DEFAULT_SETTINGS } from '../../competitions/core/competition-settings';
import { PlayerIdentityService } from '../../competitions/player-identity.service';
import { TimeControlsService } from '../../thinking-time/time-controls.service';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { importNoteLines } from './import-notes';
import { competitionFormSettings } from './competition-form';
import { IRREVERSIBLE, requireConfirmed } from '../confirm/confirmation';
import { type Form, STYLES, str, send, answerForm, formError, localiseDashboard } from './arbiter-forms';

/**
 * A competition in the arbiter's panel (docs/web.md, Arbiter's panel): created, its page, its draft
 * list of players, groups, the start and special leave; and a player anonymised by an admin.
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class ArbiterCompetitionsController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly identity: PlayerIdentityService,
    private readonly setup: CompetitionSetupService,
    private readonly competitions: CompetitionReadsService,
    private readonly registration: RegistrationService,
    private readonly groups: GroupsService,
    private readonly starts: CompetitionStartService,
    private readonly timeControls: TimeControlsService,
    private readonly personalData: PersonalDataService,
    private readonly views: WebViews,
  ) {}

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
        dashboard: localiseDashboard(dashboard, req, this.views),
        draft: competition.status === 'draft',
        started: competition.status !== 'draft',
        isAdmin: hasRole(actor, 'admin'),
        done: extra.done && /^[a-z-]{1,30}$/.test(extra.done) ? `arbiter.done.${extra.done}` : null,
        wordCheck: extra.wordCheck,
        error: extra.error,
        csv: extra.csv ?? '',
        importNotes: extra.importNotes,
        typedPlayer: extra.typedPlayer ?? { language: defaultPlayerLanguage(competition.settings.tileSet) },
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
