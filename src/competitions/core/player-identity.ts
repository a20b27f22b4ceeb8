// Who may change a player's identity (docs/rules.md §6 Identity). Pure: the facts in,
// what an import does to a player already known out. A player's name, club and language are
// theirs across competitions: an arbiter changes them only for a player who plays nowhere
// else than in the competitions that arbiter runs; addresses added later are unverified
// until their owner confirms them, so a list cannot hand a player's mail to someone else.
import type { Actor } from '../../auth/core/actor';
import { hasRole } from '../../auth/core/actor';
import type { Language } from '../../common/bilingual';

/** The identity fields a list can carry. */
export type IdentityField = 'name' | 'club' | 'language';
export const IDENTITY_FIELDS: readonly IdentityField[] = ['name', 'club', 'language'];

export interface PlayerIdentity {
  readonly name: string;
  readonly club: string | null;
  readonly language: Language;
}

export interface ListedPlayer extends PlayerIdentity {
  readonly emails: readonly string[];
  readonly previousCoefficient: number | null;
  readonly previousRank: number | null;
}

/**
 * Whether `actor` may change the identity of a player registered in competitions run by
 * `arbiters` (their arbiter user ids): the operator (CLI) and admins always; an arbiter only
 * when every one of those competitions is theirs.
 */
export function mayEditIdentity(actor: Actor, arbiters: readonly string[]): boolean {
  if (actor.kind === 'system' || hasRole(actor, 'admin')) return true;
  return arbiters.every((arbiterUserId) => arbiterUserId === actor.userId);
}

/** What a list says of a player beyond their addresses. */
export type ListedFacts = PlayerIdentity & { readonly previousCoefficient: number | null; readonly previousRank: number | null };

export interface ImportPlan {
  /** What to write on the player's row. */
  readonly updates: Partial<ListedFacts>;
  /** The list's values that differ from the player's and were left unchanged. */
  readonly unchanged: Partial<ListedFacts>;
  /** The name the player had, when this import renames them (announced to their partners). */
  readonly renamedFrom: string | null;
  /** The list's addresses the player does not have yet: added unverified. */
  readonly newAddresses: readonly string[];
}

/**
 * What importing `listed` does to the known player `current`, who has the addresses `known`.
 * The previous coefficient and rank print on the sheets of the player's other competitions,
 * so they follow the same rule as the identity; an empty cell never clears them.
 */
export function planImport(current: ListedFacts, listed: ListedPlayer, known: ReadonlySet<string>, mayEdit: boolean): ImportPlan {
  const differing: Partial<Record<keyof ListedFacts, unknown>> = {};
  for (const f of IDENTITY_FIELDS) if (listed[f] !== current[f]) differing[f] = listed[f];
  for (const f of ['previousCoefficient', 'previousRank'] as const)
    if (listed[f] !== null && listed[f] !== current[f]) differing[f] = listed[f];
  const changes = differing as Partial<ListedFacts>;
  return {
    updates: mayEdit ? changes : {},
    unchanged: mayEdit ? {} : changes,
    renamedFrom: mayEdit && changes.name !== undefined ? current.name : null,
    newAddresses: [...new Set(listed.emails)].filter((a) => !known.has(a)),
  };
}

/** Whether a confirmation link of an unverified address can still be used at `now`. */
export type AddressConfirmationState = 'valid' | 'expired' | 'unknown';

export function addressConfirmationState(
  row: { readonly verified: boolean; readonly confirmExpiresAt: Date | null } | null,
  now: Date,
): AddressConfirmationState {
  if (!row || row.verified || !row.confirmExpiresAt) return 'unknown';
  return now.getTime() < row.confirmExpiresAt.getTime() ? 'valid' : 'expired';
}

/** The owner of an added address has two weeks to confirm it (mail may wait over a holiday). */
export const ADDRESS_CONFIRMATION_TTL_DAYS = 14;
