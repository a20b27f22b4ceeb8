import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Case } from '../arbiter/case.entity';
import type { JsonObject } from '../common/json';
import { Registration } from '../competitions/registration.entity';
import { insertRows } from '../database/insert-rows';
import { Game } from '../games/game.entity';

/** Cases the mail channel raises for the arbiter (docs/mail-rules.md 7, 14, 17). */
export type MailCaseKind = 'mail-undeliverable' | 'mail-bounce' | 'mail-failed';

/**
 * Opens a case in the caller's transaction. A case belongs to a competition: the game's,
 * or without a game the player's latest registration; with neither there is no arbiter
 * to tell, and the caller's own record (row status, error) is all there is.
 */
export async function raiseMailCase(
  manager: EntityManager,
  now: Date,
  input: { kind: MailCaseKind; gameId: string | null; playerId: string | null; payload: JsonObject },
): Promise<Case | undefined> {
  let competitionId: string | undefined;
  if (input.gameId)
    competitionId = (await manager.findOne(Game, { where: { id: input.gameId }, select: { competitionId: true } }))?.competitionId;
  if (!competitionId && input.playerId) {
    const registration = await manager
      .getRepository(Registration)
      .createQueryBuilder('r')
      .innerJoin('r.competition', 'c')
      .where('r.player_id = :playerId', { playerId: input.playerId })
      .orderBy('c.created_at', 'DESC')
      .getOne();
    competitionId = registration?.competitionId;
  }
  if (!competitionId) return undefined;
  const opened: Case = {
    id: randomUUID(),
    competitionId,
    gameId: input.gameId,
    kind: input.kind,
    status: 'open',
    dueOn: null,
    payload: { ...input.payload, playerId: input.playerId },
    openedAt: now,
    closedAt: null,
  };
  await insertRows(manager, Case, opened);
  return opened;
}
