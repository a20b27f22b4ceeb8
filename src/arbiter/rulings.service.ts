import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { Penalty, type PenaltyKind } from './penalty.entity';
import { Ruling, type RulingKind } from './ruling.entity';

export interface NewRuling {
  readonly actor: Actor;
  readonly competitionId: string;
  readonly gameId?: string | null;
  readonly caseId?: string | null;
  readonly kind: RulingKind;
  readonly reason: string;
  readonly details: JsonObject;
}

export interface NewPenalty {
  readonly playerId: string;
  readonly kind: PenaltyKind;
  readonly amount: number;
  readonly effectiveOn: string;
}

/** Writes rulings and the penalties they impose, in the transaction of the action that applies them. */
@Injectable()
export class RulingsService {
  constructor(
    private readonly clock: Clock,
    private readonly db: Database,
  ) {}

  async record(input: NewRuling, penalties: readonly NewPenalty[] = []): Promise<Ruling> {
    const manager = this.db.manager;
    const now = this.clock.now();
    const ruling = manager.create(Ruling, {
      id: randomUUID(),
      competitionId: input.competitionId,
      gameId: input.gameId ?? null,
      caseId: input.caseId ?? null,
      arbiterUserId: input.actor.kind === 'user' ? input.actor.userId : null,
      kind: input.kind,
      reason: input.reason.trim(),
      details: input.details,
      createdAt: now,
    });
    await insertRows(manager, Ruling, ruling);
    await insertRows(
      manager,
      Penalty,
      ...penalties.map((p) =>
        manager.create(Penalty, {
          id: randomUUID(),
          competitionId: input.competitionId,
          gameId: input.gameId ?? null,
          rulingId: ruling.id,
          createdAt: now,
          ...p,
        }),
      ),
    );
    return ruling;
  }
}
