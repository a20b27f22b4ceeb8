import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/core/actor';
import { Refusal } from '../common/refusal';
import { Database } from '../database/database';
import { CompetitionReadsService, type CompetitionView } from './competition-reads.service';
import { CompetitionsRepository } from './competitions.repository';
import { rulesOf, settingsRefusal, type CompetitionRules, type CompetitionSettings } from './core/competition-settings';
import { updateCompetitionSettings, type CompetitionSettingsChange } from './core/competition-settings-update';

/** The settings change only before the start (the web form says so too). */
export const SETTINGS_FIXED = () =>
  new Refusal(
    'COMPETITION_STARTED',
    {
      ro: 'Competiția a început deja: setările ei nu se mai pot modifica.',
      en: 'The competition has already started: its settings can no longer be changed.',
      pl: 'Rozgrywki już się zaczęły: ich ustawień nie można już zmienić.',
    },
    409,
  );

/** A competition's settings changed by its arbiter before the start. */
@Injectable()
export class CompetitionSettingsService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly reads: CompetitionReadsService,
    private readonly repo: CompetitionsRepository,
  ) {}

  /**
   * The settings changed before the start, checked by the creation rules; only those
   * given change. The audit entry keeps them before and after; an edit that changes nothing writes nothing.
   */
  update(actor: Actor, competitionId: string, change: CompetitionSettingsChange): Promise<CompetitionView> {
    return this.db.transaction(async () => {
      const competition = await this.reads.lockForArbiter(actor, competitionId);
      if (competition.status !== 'draft') throw SETTINGS_FIXED();
      const rules = rulesOf(competition as unknown as CompetitionRules);
      const before: CompetitionSettings = { name: competition.name, shortName: competition.shortName, ...rules };
      const updated = updateCompetitionSettings(before, change);
      if (!updated.ok) throw settingsRefusal(updated.problems);
      if (updated.changed.length) {
        await this.repo.updateSettings(competition.id, updated.settings);
        Object.assign(competition, updated.settings);
        await this.audit.record({
          actor,
          asArbiter: true,
          action: 'competition.updated',
          competitionId,
          details: { changed: [...updated.changed], before: { ...before }, after: { ...updated.settings } },
        });
      }
      return this.reads.view(competition);
    });
  }
}
