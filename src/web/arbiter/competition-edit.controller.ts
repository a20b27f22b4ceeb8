import { Body, Controller, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import type { Competition } from '../../competitions/competition.entity';
import { CompetitionSettingsService, SETTINGS_FIXED } from '../../competitions/competition-settings.service';
import type { Bilingual } from '../../engine';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { competitionFormSettings } from './competition-form';
import { type Form, send } from './arbiter-forms';

/** What the form's fields show: the stored settings, or what the arbiter typed when it was refused. */
interface FormValues {
  readonly [field: string]: string | boolean;
}

const TEXT_FIELDS = [
  'name',
  'shortName',
  'startDate',
  'closingDate',
  'tileSet',
  'rules',
  'thinkingDays',
  'zeroTurnsToEnd',
  'timeZone',
  'endRackRule',
  'holidayLongDays',
  'holidayShortDays',
  'reminderDays',
  'escalationDays',
  'offerCooldownDays',
  'lexicon',
] as const;

function storedValues(c: Competition): FormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, c[f] === null ? '' : String(c[f])]));
  return {
    ...values,
    handicap: c.handicap,
    autoHomologate: c.autoHomologate,
    analysisDuringPlay: c.analysisDuringPlay,
    conditionalsAllowed: c.conditionalsAllowed,
  };
}

function typedValues(form: Form, stored: FormValues): FormValues {
  const typed = (f: string) => (typeof form?.[f] === 'string' ? (form[f] as string) : '');
  // The tile set is not on the form (fixed at creation): it shows the stored one.
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, f === 'tileSet' ? stored.tileSet : typed(f)]));
  return {
    ...values,
    handicap: typed('handicap') === 'on',
    autoHomologate: typed('autoHomologate') === 'on',
    analysisDuringPlay: typed('analysisDuringPlay') === 'on',
    conditionalsAllowed: typed('conditionalsAllowed') === 'on',
  };
}

/** Each refused setting's sentence, from the service's problems, else the refusal's own message. */
function refusalLines(error: Refusal, lang: keyof Bilingual): string[] {
  const problems = (error.details as { problems?: ReadonlyArray<{ message?: Bilingual }> } | undefined)?.problems;
  const lines = (problems ?? []).map((p) => p.message?.[lang]).filter((t): t is string => typeof t === 'string' && t !== '');
  return lines.length ? lines : [error.messages[lang]];
}

/**
 * A competition's settings changed in the arbiter's panel before its start: the
 * creation form, filled with the stored values. The competition settings service checks who may, the
 * state and the values (the same rules as at creation) and writes the audit entry. Another
 * arbiter's competition is 404; a started one answers 409 with the reason, nothing changed.
 */
@ApiExcludeController()
@Controller('arbiter/competitions/:id/edit')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class CompetitionEditController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly settings: CompetitionSettingsService,
    private readonly views: WebViews,
  ) {}

  @Get()
  async form(@WebActor() actor: UserActor, @Param('id') id: string, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const competition = await this.editable(actor, id);
    send(res, 200, await this.page(req, competition, storedValues(competition)));
  }

  @Post()
  async save(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    // Whose it is first: another arbiter learns nothing from the form's answer (404).
    const competition = await this.editable(actor, id);
    try {
      await this.settings.update(actor, id, competitionFormSettings(form ?? {}));
    } catch (error) {
      // A refused setting is shown on the form with what was typed; who-may and the state are error pages.
      if (!(error instanceof Refusal) || error.getStatus() !== 400) throw error;
      send(res, 422, await this.page(req, competition, typedValues(form ?? {}, storedValues(competition)), refusalLines(error, req.lang)));
      return;
    }
    res.redirect(303, `/arbiter/competitions/${encodeURIComponent(id)}?done=settings-saved`);
  }

  /** The competition, if the actor runs it (else 404) and it has not started (else 409). */
  private async editable(actor: UserActor, id: string): Promise<Competition> {
    const competition = await this.panel.competition(actor, id);
    if (competition.status !== 'draft') throw SETTINGS_FIXED();
    return competition;
  }

  private async page(req: WebRequest, competition: Competition, values: FormValues, errors?: readonly string[]): Promise<string> {
    // A word list named through the API but not among the files here stays chosen, not lost on save.
    const names = [...new Set([...(await this.panel.lexiconNames()), ...(values.lexicon ? [String(values.lexicon)] : [])])].sort();
    return this.views.page(
      req,
      'arbiter/competition-edit',
      {
        competition,
        values,
        errors,
        tileSets: ['ro', 'en', 'pl'].map((code) => ({ code, label: code.toUpperCase(), selected: code === values.tileSet })),
        endRackRules: ['transfer', 'double'].map((rule) => ({
          rule,
          text: this.views.t(req, `arbiter.create.endRack.${rule}`),
          selected: rule === values.endRackRule,
        })),
        lexicons: names.map((name) => ({ name, selected: name === values.lexicon })),
      },
      { title: this.views.t(req, 'arbiter.edit.title'), styles: ['arbiter.css'] },
    );
  }
}
