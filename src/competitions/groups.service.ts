import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/core/actor';
import { Refusal } from '../common/refusal';
import { Database } from '../database/database';
import { Competition } from './competition.entity';
import { CompetitionReadsService, type CompetitionView } from './competition-reads.service';
import { CompetitionsRepository } from './competitions.repository';
import { planGroups, type GroupsInput } from './core/group-plans';
import { alreadyStarted, playedInRounds } from './core/start-plan';

/**
 * A competition's groups (docs/rules.md §9): the registered players split into round-robin groups
 * and seated for the pairing table, before the start (core/group-plans.ts decides them). One
 * transaction with its audit entry; `groupPlayers` runs in whatever unit its caller opened.
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly reads: CompetitionReadsService,
    private readonly repo: CompetitionsRepository,
  ) {}

  makeGroups(actor: Actor, competitionId: string, input: GroupsInput): Promise<CompetitionView> {
    return this.db.transaction(async () => this.reads.view(await this.groupPlayers(actor, competitionId, input)));
  }

  /** Splits the registered players into groups and seats them, in the caller's transaction. Replaces earlier groups. */
  async groupPlayers(actor: Actor, competitionId: string, input: GroupsInput): Promise<Competition> {
    const competition = await this.reads.lockForArbiter(actor, competitionId);
    if (competition.status !== 'draft') throw alreadyStarted();
    if (competition.kind === 'rounds') throw playedInRounds();
    const entries = (await this.repo.entries(competitionId)).filter((e) => e.registration.withdrawnAt === null);
    const seriesLabels = (await this.repo.sequences(competitionId)).map((s) => s.series);
    const planned = planGroups(
      entries.map((e) => ({
        registrationId: e.registration.id,
        playerId: e.player.id,
        name: e.player.name,
        emails: e.emails,
        listPosition: e.registration.listPosition,
        previousRank: e.player.previousRank,
      })),
      input,
      seriesLabels,
    );
    if (planned instanceof Refusal) throw planned;

    await this.repo.clearGroups(competitionId);
    const groups = await this.repo.insertGroups(
      planned.map((p, i) => ({ id: randomUUID(), competitionId, name: p.name, series: p.series, position: i + 1 })),
    );
    for (const [i, p] of planned.entries()) {
      for (const [s, member] of p.members.entries()) await this.repo.seat(member.registrationId, groups[i].id, s + 1);
    }
    await this.audit.record({
      actor,
      asArbiter: true,
      action: 'competition.groups_made',
      competitionId,
      details: {
        how: input.lists
          ? 'lists'
          : { count: input.count, sizes: input.sizes, order: input.order ?? 'rank', distribution: input.distribution ?? 'blocks' },
        groups: planned.map((p) => ({ name: p.name, series: p.series, players: p.members.map((m) => m.playerId) })),
      },
    });
    return competition;
  }
}
