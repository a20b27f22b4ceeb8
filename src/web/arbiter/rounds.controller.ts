import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import { RegistrationService } from '../../competitions/registration.service';
import { formatPlan } from '../../tournaments/core/round-plan';
import { PAIRING_SYSTEMS } from '../../tournaments/core/pairing-systems';
import { defaultRounds } from '../../tournaments/core/tournament';
import { RoundReadsService } from '../../tournaments/round-reads.service';
import { RoundsService, type PlanInput } from '../../tournaments/rounds.service';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { answerForm, send, str, STYLES, type Form } from './arbiter-forms';

const DONE = new Set(['plan-saved', 'round-started', 'entry-added']);

/** A whole number typed in a form, undefined when empty; anything else is left for the service to refuse. */
function whole(form: Form, name: string): number | undefined {
  const text = str(form, name);
  if (text === '') return undefined;
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * A tournament in rounds in the arbiter's panel (docs/web.md, "A tournament in rounds"): the plan,
 * the rounds with their progress, pairing the next round, the proposal to confirm (what cannot be
 * undone: its games start), and late entries. Every change is one call of RoundsService.
 */
@ApiExcludeController()
@Controller('arbiter/competitions/:id/rounds')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class RoundsController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly rounds: RoundsService,
    private readonly reads: RoundReadsService,
    private readonly registration: RegistrationService,
    private readonly views: WebViews,
  ) {}

  @Get()
  async page(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('done') done: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.panel.competition(actor, id);
    send(res, 200, await this.roundsPage(actor, id, req, { done: done && DONE.has(done) ? `arbiter.rounds.done.${done}` : null }));
  }

  @Post('plan')
  async savePlan(@WebActor() actor: UserActor, @Param('id') id: string, @Body() form: Form, @Req() req: WebRequest, @Res() res: Response) {
    await this.panel.competition(actor, id);
    const input: PlanInput = {
      plan: str(form, 'plan'),
      rounds: whole(form, 'rounds'),
      regime: str(form, 'regime') || undefined,
      seed: whole(form, 'seed'),
      clubRule: str(form, 'clubRule') === 'on',
      gibson: str(form, 'gibson') === 'on',
      eliminateAbsent: str(form, 'eliminateAbsent') === 'on',
      prizePlaces: whole(form, 'prizePlaces'),
    };
    await answerForm(
      req,
      res,
      async () => {
        await this.rounds.savePlan(actor, id, input);
        return `/arbiter/competitions/${encodeURIComponent(id)}/rounds?done=plan-saved`;
      },
      (message) => this.roundsPage(actor, id, req, { error: message }),
    );
  }

  @Post('propose')
  async propose(@WebActor() actor: UserActor, @Param('id') id: string, @Body() form: Form, @Req() req: WebRequest, @Res() res: Response) {
    await this.panel.competition(actor, id);
    await answerForm(
      req,
      res,
      async () => {
        const round = await this.rounds.propose(actor, id, { closingDate: str(form, 'closingDate') });
        return `/arbiter/competitions/${encodeURIComponent(id)}/rounds/${round.number}`;
      },
      (message) => this.roundsPage(actor, id, req, { error: message }),
    );
  }

  @Post('entries')
  async addEntry(@WebActor() actor: UserActor, @Param('id') id: string, @Body() form: Form, @Req() req: WebRequest, @Res() res: Response) {
    await this.panel.competition(actor, id);
    await answerForm(
      req,
      res,
      async () => {
        await this.registration.addPlayer(actor, id, {
          name: str(form, 'name'),
          email: str(form, 'email'),
          club: str(form, 'club'),
          language: str(form, 'language') || 'ro',
          previousCoefficient: str(form, 'previousCoefficient'),
        });
        return `/arbiter/competitions/${encodeURIComponent(id)}/rounds?done=entry-added`;
      },
      (message) => this.roundsPage(actor, id, req, { error: message }),
    );
  }

  /** The proposal of round `number`, to confirm (or a started round, to look at). */
  @Get(':number')
  async round(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('number') number: string,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.panel.competition(actor, id);
    send(res, 200, await this.roundPage(id, number, req));
  }

  @Post(':number/confirm')
  async confirm(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('number') number: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.panel.competition(actor, id);
    await answerForm(
      req,
      res,
      async () => {
        if (str(form, 'confirm') !== 'yes') {
          throw new Refusal('CONFIRMATION_REQUIRED', {
            ro: 'Bifați confirmarea: partidele rundei încep și nu se mai pot anula.',
            en: "Tick the confirmation: the round's games start and cannot be undone.",
            pl: 'Zaznacz potwierdzenie: partie rundy się rozpoczną i nie można ich cofnąć.',
          });
        }
        await this.rounds.confirm(actor, id, roundNumber(number));
        return `/arbiter/competitions/${encodeURIComponent(id)}/rounds?done=round-started`;
      },
      async (message) => this.roundPage(id, number, req, message),
    );
  }

  private async roundsPage(
    actor: UserActor,
    id: string,
    req: WebRequest,
    extra: { done?: string | null; error?: string },
  ): Promise<string> {
    const competition = await this.panel.competition(actor, id);
    const { state } = competition.kind === 'rounds' ? await this.reads.tournament(id) : { state: null };
    const entrants = state ? state.entrants.filter((e) => e.withdrawnAt === null).length : 0;
    const rounds = state ? this.reads.roundViews(state) : [];
    const started = rounds.filter((r) => r.status === 'started');
    const last = started[started.length - 1];
    const planned = state?.plan?.systems.length ?? 0;
    const complete = last !== undefined && last.progress.complete;
    return this.views.page(
      req,
      'arbiter/rounds',
      {
        competition,
        isRounds: competition.kind === 'rounds',
        plan: state?.plan ? { ...state.plan, text: formatPlan(state.plan.systems), rounds: planned } : null,
        defaultRounds: defaultRounds(entrants),
        systems: PAIRING_SYSTEMS.join(', '),
        rounds,
        proposal: state?.proposal?.number ?? null,
        // The arbiter is told here that the round is over and the next can be paired (docs/web.md).
        roundComplete: complete && started.length < planned ? last.number : null,
        canPair: state?.plan && !state.proposal && started.length < planned && (last === undefined || complete),
        nextRound: started.length + 1,
        allPlayed: planned > 0 && started.length === planned && complete,
        mayEnter: competition.status !== 'finished',
        done: extra.done ?? null,
        error: extra.error ?? null,
      },
      { title: this.views.t(req, 'arbiter.rounds.title'), ...STYLES },
    );
  }

  private async roundPage(id: string, number: string, req: WebRequest, error?: string): Promise<string> {
    const n = roundNumber(number);
    const { competition, state } = await this.reads.tournament(id);
    const round = this.reads.roundViews(state).find((r) => r.number === n);
    if (!round)
      throw new Refusal('NOT_FOUND', { ro: `Runda ${n} nu există.`, en: `There is no round ${n}.`, pl: `Nie ma rundy ${n}.` }, 404);
    return this.views.page(
      req,
      'arbiter/round',
      {
        competition,
        round: { ...round, pairs: round.pairs.map((p, i) => ({ ...p, n: i + 1 })) },
        proposed: round.status === 'proposed',
        games: round.pairs.length,
        eliminated: round.eliminated.join(', '),
        error: error ?? null,
      },
      { title: this.views.t(req, 'arbiter.rounds.roundTitle', { number: n }), ...STYLES },
    );
  }
}

function roundNumber(text: string): number {
  if (!/^\d{1,3}$/.test(text))
    throw new Refusal('NOT_FOUND', { ro: `Runda ${text} nu există.`, en: `There is no round ${text}.`, pl: `Nie ma rundy ${text}.` }, 404);
  return Number(text);
}
