import { SYSTEM_ACTOR } from '../../auth/core/actor';
import type { AuditService } from '../../audit/audit.service';
import { SILENCE_CASE } from '../../arbiter/case.entity';
import type { CasesService } from '../../arbiter/cases.service';

/** Why a game's open 30-day silence case closes when the game ends (docs/rules.md §5: the silence is over). */
export const SILENCE_CLOSED_AT_END = {
  ro: 'Partida s-a încheiat: tăcerea nu mai cere nicio decizie.',
  en: 'The game ended: the silence needs no decision any more.',
  pl: 'Partia się zakończyła: milczenie nie wymaga już żadnej decyzji.',
} as const;

/**
 * When a game ends (by play, abandonment, agreement, a ruling…), its open silence case has
 * nothing left to decide: it is closed, its reason written on the case and in the audit log.
 * In the transaction of the action that ended the game.
 */
export async function closeSilenceCasesAtEnd(
  deps: { readonly cases: CasesService; readonly audit: AuditService },
  game: { readonly id: string; readonly competitionId: string; readonly endReason: string | null },
): Promise<number> {
  const closed = await deps.cases.closeFor(game.id, [SILENCE_CASE]);
  for (const c of closed) {
    await deps.cases.setCasePayload(c.id, { ...c.payload, closedReason: SILENCE_CLOSED_AT_END, closedBy: 'game-end' });
    await deps.audit.record({
      actor: SYSTEM_ACTOR,
      action: 'case.closed',
      competitionId: game.competitionId,
      gameId: game.id,
      details: {
        caseId: c.id,
        kind: c.kind,
        reason: SILENCE_CLOSED_AT_END.en,
        reasonRo: SILENCE_CLOSED_AT_END.ro,
        reasonPl: SILENCE_CLOSED_AT_END.pl,
        endReason: game.endReason,
      },
    });
  }
  return closed.length;
}
