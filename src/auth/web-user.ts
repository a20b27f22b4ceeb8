import type { Language } from '../common/bilingual';
import type { Role, UserActor } from './core/actor';
import { actorOf } from './users.service';

/** A user as the web sees them: who acts, in which language, under which name. */
export interface WebUser {
  readonly actor: UserActor;
  readonly language: Language;
  readonly displayName: string;
}

/** What a web user is made of: the user's row and their player's language when they play. */
export interface WebUserRow {
  readonly id: string;
  readonly displayName: string;
  readonly roles: Role[];
  readonly playerId: string | null;
  /** The player's language when linked, else the user's (their pages follow their mail). */
  readonly language: Language;
}

export function webUserOf(row: WebUserRow): WebUser {
  return { actor: actorOf(row), language: row.language, displayName: row.displayName };
}
