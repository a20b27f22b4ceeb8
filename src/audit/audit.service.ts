import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import type { JsonObject } from '../common/json';
import { Clock } from '../common/clock';
import type { AuditEntry } from './audit.entity';
import { AuditRepository } from './audit.repository';

export interface AuditInput {
  readonly actor: Actor;
  /** Dotted name of what was done: `move.submitted`, `competition.started`. */
  readonly action: string;
  readonly competitionId?: string | null;
  readonly gameId?: string | null;
  readonly details?: JsonObject;
}

/** The capacity an actor acted in, as the audit log shows it. */
export function actorRole(actor: Actor, asArbiter = false): string {
  if (actor.kind === 'system') return 'system';
  if (asArbiter) return actor.roles.includes('arbiter') ? 'arbiter' : 'admin';
  return actor.playerId ? 'player' : (actor.roles[0] ?? 'user');
}

/** Writes audit entries in the caller's transaction: a change and its entry commit together. */
@Injectable()
export class AuditService {
  constructor(
    private readonly clock: Clock,
    private readonly entries: AuditRepository,
  ) {}

  record(input: AuditInput & { readonly asArbiter?: boolean }): Promise<AuditEntry> {
    return this.entries.add({
      id: randomUUID(),
      at: this.clock.now(),
      actorUserId: input.actor.kind === 'user' ? input.actor.userId : null,
      actorRole: actorRole(input.actor, input.asArbiter),
      action: input.action,
      competitionId: input.competitionId ?? null,
      gameId: input.gameId ?? null,
      details: input.details ?? {},
    });
  }
}
