import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import type { PenaltyKind } from './penalty.entity';
import type { Ruling, RulingKind } from './ruling.entity';
import { RulingsRepository } from './rulings.repository';

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
    private readonly rulings: RulingsRepository,
  ) {}

  record(input: NewRuling, penalties: readonly NewPenalty[] = []): Promise<Ruling> {
    const now = this.clock.now();
    const id = randomUUID();
    return this.rulings.add(
      {
        id,
        competitionId: input.competitionId,
        gameId: input.gameId ?? null,
        caseId: input.caseId ?? null,
        arbiterUserId: input.actor.kind === 'user' ? input.actor.userId : null,
        kind: input.kind,
        reason: input.reason.trim(),
        details: input.details,
        createdAt: now,
      },
      penalties.map((p) => ({
        id: randomUUID(),
        competitionId: input.competitionId,
        gameId: input.gameId ?? null,
        rulingId: id,
        createdAt: now,
        ...p,
      })),
    );
  }
}
