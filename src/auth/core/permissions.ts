// What an actor may do: a player acts only in their own games, an arbiter
// only in their competitions and never rules on a game they play in; an admin may do
// whatever an arbiter may, anywhere; the platform itself (system) may do everything.
// Pure: callers pass the few facts needed, loaded in their own transaction.
import type { Actor } from './actor';
import { hasRole } from './actor';

/** The facts about a game that decide who may act in it. */
export interface GameParties {
  readonly redPlayerId: string;
  readonly bluePlayerId: string;
  /** The arbiter of the game's competition. */
  readonly competitionArbiterId: string;
}

/** The facts about a competition that decide who may run it. */
export interface CompetitionAuthority {
  readonly arbiterUserId: string;
}

export type Side = 'red' | 'blue';

/** The colour the actor plays in this game, or null when they do not play in it. */
export function sideInGame(actor: Actor, game: Pick<GameParties, 'redPlayerId' | 'bluePlayerId'>): Side | null {
  if (actor.kind !== 'user' || !actor.playerId) return null;
  if (actor.playerId === game.redPlayerId) return 'red';
  if (actor.playerId === game.bluePlayerId) return 'blue';
  return null;
}

/**
 * Whether the actor may act in a game at all: as one of its two players, as someone who
 * may arbitrate it (recording a move received by post on a player's behalf, docs/rules.md §5),
 * or as the platform. Which player's turn it is, is the games service's question.
 */
export function canActInGame(actor: Actor, game: GameParties): boolean {
  if (actor.kind === 'system') return true;
  if (sideInGame(actor, game) !== null) return true;
  return canArbitrate(actor, { arbiterUserId: game.competitionArbiterId }, game);
}

/**
 * Whether the actor may run a competition and rule in it: its own arbiter (holding the
 * arbiter role) or an admin. With a game: never one the actor plays in — nobody is judge
 * in their own cause, admins included.
 */
export function canArbitrate(
  actor: Actor,
  competition: CompetitionAuthority,
  game?: Pick<GameParties, 'redPlayerId' | 'bluePlayerId'>,
): boolean {
  if (actor.kind === 'system') return true;
  if (game && sideInGame(actor, game) !== null) return false;
  if (hasRole(actor, 'admin')) return true;
  return hasRole(actor, 'arbiter') && actor.userId === competition.arbiterUserId;
}

/** Whether the actor may create a competition (and so deal its sequence). */
export function canCreateCompetition(actor: Actor): boolean {
  return actor.kind === 'system' || hasRole(actor, 'arbiter') || hasRole(actor, 'admin');
}

/**
 * Whether the actor may know the game exists (docs/web.md, Security model): its players, whoever may
 * arbitrate it, the platform. To anyone else it answers exactly as an unknown game does.
 */
export function canSeeGame(actor: Actor, game: GameParties): boolean {
  return canActInGame(actor, game);
}

/**
 * Whether an arbiter action on a competition the actor does not run answers as for an
 * unknown one (docs/web.md): an arbiter sees only the competitions they run.
 * A user with no arbiter role is told plainly that the action is the arbiter's (403).
 */
export function hidesCompetition(actor: Actor, competition: CompetitionAuthority): boolean {
  return hasRole(actor, 'arbiter') && !canArbitrate(actor, competition);
}
