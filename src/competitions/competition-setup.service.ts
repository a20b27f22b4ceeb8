import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/core/actor';
import { canCreateCompetition } from '../auth/core/permissions';
import { UsersService } from '../auth/users.service';
import { Clock } from '../common/clock';
import { forbidden, Refusal } from '../common/refusal';
import { Database } from '../database/database';
import { Competition } from './competition.entity';
import { CompetitionReadsService, type CompetitionView } from './competition-reads.service';
import { CompetitionsRepository } from './competitions.repository';
import { badInput } from './core/bad-input';
import { settingsRefusal, validateCompetitionSettings, type CompetitionSettingsInput } from './core/competition-settings';
import type { GroupsInput } from './core/group-plans';
import { dealSeries, sequenceSha256, type SeriesInput } from './core/sequence-dealing';
import { GroupsService } from './groups.service';
import { RegistrationService } from './registration.service';

export interface CreateCompetitionInput extends CompetitionSettingsInput {
  /** The arbiter; defaults to the acting arbiter or admin. Only an admin or the platform may name someone else. */
  readonly arbiterUserId?: string;
  /** The arbiter by address (CLI): the user is found, given the arbiter role, or created. Admin or platform only. */
  readonly arbiterEmail?: string;
  /** Default: one series "1", dealt at random. */
  readonly series?: readonly SeriesInput[];
}

/**
 * Setting a competition up: created with its arbiter and its dealt sequences, one
 * transaction with its audit entry; `setUp` also imports the players and makes the groups in that
 * one transaction, for the CLI (games/actions/competition-start.service.ts starts play).
 */
@Injectable()
export class CompetitionSetupService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly reads: CompetitionReadsService,
    private readonly registration: RegistrationService,
    private readonly groups: GroupsService,
    private readonly repo: CompetitionsRepository,
  ) {}

  create(actor: Actor, input: CreateCompetitionInput): Promise<CompetitionView> {
    return this.db.transaction(async () => this.reads.view(await this.createCompetition(actor, input)));
  }

  /**
   * A competition created, its players imported and its groups made in one transaction (the CLI's
   * `competition create FILE`): a bad players line or group size leaves no half-made competition behind.
   */
  setUp(
    actor: Actor,
    input: CreateCompetitionInput,
    players?: { readonly csv?: string; readonly groups?: GroupsInput },
  ): Promise<CompetitionView> {
    return this.db.transaction(async () => {
      const competition = await this.createCompetition(actor, input);
      if (players?.csv !== undefined) await this.registration.registerPlayers(actor, competition.id, players.csv);
      if (players?.groups !== undefined) await this.groups.groupPlayers(actor, competition.id, players.groups);
      return this.reads.view(competition);
    });
  }

  /** Creates the competition and deals its sequences; their SHA-256 are public from now on (docs/rules.md §2). */
  private async createCompetition(actor: Actor, input: CreateCompetitionInput): Promise<Competition> {
    if (!canCreateCompetition(actor)) {
      throw forbidden({
        ro: 'Doar arbitrii și administratorii creează competiții.',
        en: 'Only arbiters and admins create competitions.',
        pl: 'Rozgrywki zakładają tylko sędziowie i administratorzy.',
      });
    }
    const checked = validateCompetitionSettings(input);
    if (!checked.ok) throw settingsRefusal(checked.problems);
    const settings = checked.settings;
    const series = dealSeries(settings.tileSet, input.series);
    if (series instanceof Refusal) throw series;
    const arbiterUserId = await this.resolveArbiter(actor, input);
    const now = this.clock.now();
    const id = randomUUID();
    const { competition, sequences } = await this.repo.create(
      { id, ...settings, status: 'draft', kind: 'groups', arbiterUserId, createdAt: now, startedAt: null },
      series.map((s) => ({
        id: randomUUID(),
        competitionId: id,
        series: s.label,
        tiles: s.tiles,
        sha256: sequenceSha256(s.tiles),
        dealtByUserId: actor.kind === 'user' ? actor.userId : null,
        source: s.source,
        revealedAt: null,
        createdAt: now,
      })),
    );
    await this.audit.record({
      actor,
      asArbiter: true,
      action: 'competition.created',
      competitionId: competition.id,
      // The hashes only: the tiles stay secret until the start, even in the audit log.
      details: {
        name: competition.name,
        arbiterUserId,
        sequences: sequences.map((s) => ({ series: s.series, sha256: s.sha256, source: s.source })),
      },
    });
    return competition;
  }

  private async resolveArbiter(actor: Actor, input: CreateCompetitionInput): Promise<string> {
    const mayName = actor.kind === 'system' || actor.roles.includes('admin');
    if (input.arbiterEmail !== undefined || input.arbiterUserId !== undefined) {
      const self = actor.kind === 'user' && input.arbiterUserId === actor.userId && input.arbiterEmail === undefined;
      if (!mayName && !self) {
        throw forbidden({
          ro: 'Doar un administrator numește arbitrul altcuiva.',
          en: 'Only an admin names someone else as arbiter.',
          pl: 'Tylko administrator wyznacza na sędziego kogoś innego.',
        });
      }
    }
    if (input.arbiterEmail !== undefined) {
      return (await this.users.ensureUserWithRole({ email: input.arbiterEmail, role: 'arbiter' })).user.id;
    }
    if (input.arbiterUserId !== undefined) {
      const user = await this.users.findUser(input.arbiterUserId);
      if (!user || !(user.roles.includes('arbiter') || user.roles.includes('admin'))) {
        throw badInput({
          ro: 'Arbitrul ales nu este un utilizator cu rol de arbitru.',
          en: 'The chosen arbiter is not a user with the arbiter role.',
          pl: 'Wybrana osoba nie jest użytkownikiem z rolą sędziego.',
        });
      }
      return user.id;
    }
    if (actor.kind === 'user') return actor.userId;
    throw badInput({
      ro: 'Lipsește arbitrul competiției (arbiterEmail).',
      en: 'The competition’s arbiter is missing (arbiterEmail).',
      pl: 'Brakuje sędziego rozgrywek (arbiterEmail).',
    });
  }
}
