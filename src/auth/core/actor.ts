/** What a user may be; a user holds any subset (an arbiter may also play). */
export type Role = 'player' | 'arbiter' | 'admin';
export const ROLES: readonly Role[] = ['player', 'arbiter', 'admin'];

/**
 * Who is acting: a user (player, arbiter, admin — any mix) or the platform itself (the
 * daily sweep, the CLI run by the operator). Every service call takes one.
 */
export type Actor = UserActor | SystemActor;

export interface UserActor {
  readonly kind: 'user';
  readonly userId: string;
  readonly roles: readonly Role[];
  /** The player this user plays as, if any. */
  readonly playerId?: string;
}

export interface SystemActor {
  readonly kind: 'system';
}

export const SYSTEM_ACTOR: SystemActor = { kind: 'system' };

export function hasRole(actor: Actor, role: Role): boolean {
  return actor.kind === 'user' && actor.roles.includes(role);
}

/**
 * Who acted, as a stable text: `user:<id>` (a player, arbiter or admin, by web, API or mail) or
 * `system` (the operator's CLI, the sweep). An idempotency receipt is this actor's alone
 * (docs/web.md "Security model"): another actor's request under the same key is a new one.
 */
export function actorKey(actor: Actor): string {
  return actor.kind === 'system' ? 'system' : `user:${actor.userId}`;
}
