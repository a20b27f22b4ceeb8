// The audit page's rows as a person reads them (issue 14 item 6): each action and ruling a
// sentence naming the players (audit-texts.ts), its time in the competition's time zone.
import { In, type EntityManager } from 'typeorm';
import { AuditEntry } from '../../audit/audit.entity';
import { Ruling } from '../../arbiter/ruling.entity';
import type { Competition } from '../../competitions/competition.entity';
import { Player } from '../../players/player.entity';
import type { Color } from '../../games/engine/types';
import { Game } from '../../games/game.entity';
import { formatInstant } from '../format-instant';
import type { WebLanguage } from '../web-request';
import { auditSentence, roleText, rulingDetailsText, rulingKindText } from './audit-texts';

export interface AuditRow {
  readonly at: string;
  readonly atIso: string;
  readonly action: string;
  readonly role: string;
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

export async function readableAuditLog(
  m: EntityManager,
  competition: Competition,
  lang: WebLanguage,
  limit: number,
  // The appeals page wants the rulings alone: it need not read the audit entries.
  { withEntries = true }: { readonly withEntries?: boolean } = {},
): Promise<{ entries: AuditRow[]; rulings: RulingRow[] }> {
  const [entries, rulings] = [
    withEntries
      ? await m.find(AuditEntry, { where: { competitionId: competition.id }, order: { at: 'DESC', id: 'ASC' }, take: limit })
      : [],
    await m.find(Ruling, { where: { competitionId: competition.id }, order: { createdAt: 'DESC' }, take: limit }),
  ];
  const gameIds = [...new Set([...entries, ...rulings].map((e) => e.gameId).filter((id): id is string => id !== null))];
  const games = gameIds.length
    ? await m.find(Game, { where: { id: In(gameIds) }, select: { id: true, redPlayerId: true, bluePlayerId: true } })
    : [];
  const playerIds = new Set<string>(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]));
  for (const e of entries) if (typeof e.details?.playerId === 'string') playerIds.add(e.details.playerId);
  const players = playerIds.size ? await m.find(Player, { where: { id: In([...playerIds]) }, select: { id: true, name: true } }) : [];
  const name = new Map(players.map((p) => [p.id, p.name]));
  const byGame = new Map<string, Record<Color, string>>(
    games.map((g) => [g.id, { red: name.get(g.redPlayerId) ?? '', blue: name.get(g.bluePlayerId) ?? '' }]),
  );
  const tz = competition.timeZone;
  return {
    entries: entries.map((a) => ({
      at: formatInstant(a.at, tz, lang),
      atIso: a.at.toISOString(),
      action: a.action,
      role: roleText(a.actorRole, lang),
      gameId: a.gameId,
      text: auditSentence(a.action, a.details ?? {}, lang, {
        ...(a.gameId && byGame.has(a.gameId) && { game: byGame.get(a.gameId) }),
        players: name,
      }),
    })),
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
