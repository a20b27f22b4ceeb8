// The audit page's rows as a person reads them: each action and ruling a
// sentence naming the players (audit-texts.ts), its time in the competition's time zone.
import type { AuditEntry } from '../../audit/audit.entity';
import type { Ruling } from '../../arbiter/ruling.entity';
import type { Competition } from '../../competitions/competition.entity';
import type { Color } from '../../engine/types';
import type { Game } from '../../games/entities/game.entity';
import { formatInstant } from '../format-instant';
import type { WebLanguage } from '../web-request';
import { auditSentence, roleText, rulingDetailsText, rulingKindText } from './audit-texts';

export interface AuditRow {
  readonly at: string;
  readonly atIso: string;
  readonly action: string;
  readonly role: string;
  /** Who acted: the player's or the user's name, and the role they acted in; the platform by itself. */
  readonly who: string;
  readonly gameId: string | null;
  readonly text: string;
}

export interface RulingRow {
  readonly id: string;
  readonly at: string;
  readonly atIso: string;
  readonly kind: string;
  readonly gameId: string | null;
  readonly reason: string;
  readonly details: string;
}

/** What the log is read from; the games and players are those its rows name (`namedIn`). */
export interface AuditLogRows {
  readonly entries: readonly AuditEntry[];
  readonly rulings: readonly Ruling[];
  readonly games: readonly Pick<Game, 'id' | 'redPlayerId' | 'bluePlayerId'>[];
  /** Names by player id. */
  readonly name: ReadonlyMap<string, string>;
  /** The name of each user who acted, by user id (a player's name for a player's account). */
  readonly actors?: ReadonlyMap<string, string>;
}

/** The games the rows name, and the players they name besides those games' (a player's own entries). */
export function namedIn(entries: readonly AuditEntry[], rulings: readonly Ruling[]) {
  return {
    gameIds: [...new Set([...entries, ...rulings].map((e) => e.gameId).filter((id): id is string => id !== null))],
    playersOf(games: readonly Pick<Game, 'redPlayerId' | 'bluePlayerId'>[]): string[] {
      const playerIds = new Set<string>(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]));
      for (const e of entries) if (typeof e.details?.playerId === 'string') playerIds.add(e.details.playerId);
      return [...playerIds];
    },
  };
}

export function readableAuditLog(
  { entries, rulings, games, name, actors = new Map() }: AuditLogRows,
  competition: Competition,
  lang: WebLanguage,
): { entries: AuditRow[]; rulings: RulingRow[] } {
  const byGame = new Map<string, Record<Color, string>>(
    games.map((g) => [g.id, { red: name.get(g.redPlayerId) ?? '', blue: name.get(g.bluePlayerId) ?? '' }]),
  );
  const tz = competition.timeZone;
  return {
    entries: entries.map((a) => {
      const actor = (a.actorUserId && actors.get(a.actorUserId)) || undefined;
      const role = roleText(a.actorRole, lang);
      return {
        at: formatInstant(a.at, tz, lang),
        atIso: a.at.toISOString(),
        action: a.action,
        role,
        who: a.actorRole === 'system' || !actor ? role : `${actor} (${role})`,
        gameId: a.gameId,
        text: auditSentence(a.action, a.details ?? {}, lang, {
          ...(a.gameId && byGame.has(a.gameId) && { game: byGame.get(a.gameId) }),
          players: name,
          ...(a.actorRole === 'player' && actor && { actor }),
        }),
      };
    }),
    rulings: rulings.map((r) => ({
      id: r.id,
      at: formatInstant(r.createdAt, tz, lang),
      atIso: r.createdAt.toISOString(),
      kind: rulingKindText(r.kind, lang),
      gameId: r.gameId,
      reason: r.reason,
      details: rulingDetailsText(r.kind, r.details ?? {}, lang, (r.gameId && byGame.get(r.gameId)) || { red: '', blue: '' }),
    })),
  };
}
