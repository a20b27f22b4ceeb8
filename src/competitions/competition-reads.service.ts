import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { canArbitrate, hidesCompetition } from '../auth/core/permissions';
import { forbidden, notFound } from '../common/refusal';
import { Database } from '../database/database';
import { Competition } from './competition.entity';
import { CompetitionsRepository } from './competitions.repository';
import { rulesOf, type CompetitionRules } from './core/competition-settings';
import { Sequence } from './sequence.entity';

export interface SequenceView {
  readonly series: string;
  readonly sha256: string;
  readonly source: 'random' | 'typed';
  readonly createdAt: string;
  readonly revealedAt: string | null;
  /** Only once revealed (at the start): before that, only the hash is public. */
  readonly tiles?: string;
}

export interface GroupView {
  readonly id: string;
  readonly name: string;
  readonly series: string;
  readonly players: ReadonlyArray<{ readonly seat: number; readonly playerId: string; readonly name: string }>;
}

export interface CompetitionView {
  readonly id: string;
  readonly name: string;
  readonly shortName: string;
  readonly status: Competition['status'];
  readonly arbiterUserId: string;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly settings: CompetitionRules;
  /** The first series' hash: what most competitions (one series) publish. */
  readonly sequenceSha256: string;
  readonly sequences: readonly SequenceView[];
  readonly groups: readonly GroupView[];
  readonly players: number;
}

export const COMPETITION_NOT_FOUND = (id: string) =>
  notFound({ ro: `Competiția ${id} nu există.`, en: `There is no competition ${id}.`, pl: `Nie ma rozgrywek ${id}.` });
const NOT_ITS_ARBITER = () =>
  forbidden({
    ro: 'Doar arbitrul acestei competiții (sau un administrator) poate face asta.',
    en: 'Only this competition’s arbiter (or an admin) may do that.',
    pl: 'Może to zrobić tylko sędzia tych rozgrywek (albo administrator).',
  });

/**
 * A competition as the API shows it, and the competition locked for the one who runs
 * it: what every other competitions service (and the start, in games/) reads it through.
 */
@Injectable()
export class CompetitionReadsService {
  constructor(
    private readonly db: Database,
    private readonly repo: CompetitionsRepository,
  ) {}

  /** Any signed-in user may read a competition: settings, groups and hashes are public, tiles once revealed. */
  get(_actor: Actor, competitionId: string): Promise<CompetitionView> {
    return this.db.run(async () => {
      const competition = await this.repo.find(competitionId);
      if (!competition) throw COMPETITION_NOT_FOUND(competitionId);
      return this.view(competition);
    });
  }

  /** The competition as the API shows it, read in the caller's unit of work. */
  async view(competition: Competition): Promise<CompetitionView> {
    // One after the other: inside a transaction they share one connection anyway.
    const groups = await this.repo.groups(competition.id);
    const sequences = await this.repo.sequences(competition.id);
    const entries = await this.repo.entries(competition.id);
    const c = competition;
    return {
      id: c.id,
      name: c.name,
      shortName: c.shortName,
      status: c.status,
      arbiterUserId: c.arbiterUserId,
      createdAt: c.createdAt.toISOString(),
      startedAt: c.startedAt?.toISOString() ?? null,
      // Dates are `date` columns, read back as YYYY-MM-DD strings.
      settings: rulesOf(c as unknown as CompetitionRules),
      sequenceSha256: sequences[0]?.sha256 ?? '',
      sequences: sequences.map(sequenceView),
      groups: groups.map((g) => ({
        id: g.id,
        name: g.name,
        series: g.series,
        players: entries
          .filter((e) => e.registration.groupId === g.id)
          .sort((a, b) => a.registration.seat! - b.registration.seat!)
          .map((e) => ({ seat: e.registration.seat!, playerId: e.player.id, name: e.player.name })),
      })),
      players: entries.length,
    };
  }

  /**
   * The competition, locked in the caller's transaction, after checking the actor runs it: 404 (also
   * to another arbiter, docs/web.md Security model), then 403.
   */
  async lockForArbiter(actor: Actor, competitionId: string): Promise<Competition> {
    const competition = await this.repo.lock(competitionId);
    if (!competition || hidesCompetition(actor, competition)) throw COMPETITION_NOT_FOUND(competitionId);
    if (!canArbitrate(actor, competition)) throw NOT_ITS_ARBITER();
    return competition;
  }
}

function sequenceView(s: Sequence): SequenceView {
  return {
    series: s.series,
    sha256: s.sha256,
    source: s.source,
    createdAt: s.createdAt.toISOString(),
    revealedAt: s.revealedAt?.toISOString() ?? null,
    ...(s.revealedAt ? { tiles: s.tiles } : {}),
  };
}
