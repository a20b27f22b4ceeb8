import type { Actor } from '../auth/core/actor';
import { canArbitrate } from '../auth/core/permissions';
import type { Competition } from '../competitions/competition.entity';
import type { CompetitionsRepository } from '../competitions/competitions.repository';
import { caseRefusals } from './core/case-rules';

/** The competition, if the actor runs it: another arbiter's is "not found" (its existence is no business of theirs). */
export async function arbitratedCompetition(competitions: CompetitionsRepository, actor: Actor, id: string): Promise<Competition> {
  const competition = await competitions.find(id);
  if (!competition || !canArbitrate(actor, competition))
    throw caseRefusals.notYours({ ro: `Competiția ${id}`, en: `Competition ${id}`, pl: `Rozgrywki ${id}` });
  return competition;
}
