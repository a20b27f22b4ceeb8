import { In, IsNull, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { Competition } from '../../competitions/competition.entity';
import { isUuid } from '../../common/ids';
import { Database } from '../../database/database';
import { Game } from '../../games/game.entity';
import { InboundMail, type InboundMailStatus } from '../../mail/inbound-mail.entity';
import { OutboundMail, type OutboundMailStatus } from '../../notifications/outbound-mail.entity';

/** Whose rows a list shows: everything (an admin), or what touches one arbiter's games and players. */
export type MailScope = null | { readonly playerIds: readonly string[]; readonly gameIds: readonly string[] };

/**
 * The panel's reads of games and mail, whose features (src/games, src/mail, src/notifications) have
 * no repository yet; the competitions', cases', rulings' and audit reads are their features' own.
 */
export class ArbiterPanelRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** An id that is not a UUID names no game. */
  game(id: string): Promise<Game | null> {
    return isUuid(id) ? this.m.findOneBy(Game, { id }) : Promise.resolve(null);
  }

  /** Who plays each of these games, by colour. */
  players(gameIds: readonly string[]): Promise<Pick<Game, 'id' | 'redPlayerId' | 'bluePlayerId'>[]> {
    if (!gameIds.length) return Promise.resolve([]);
    return this.m.find(Game, { where: { id: In([...gameIds]) }, select: { id: true, redPlayerId: true, bluePlayerId: true } });
  }

  /** A competition's games by round. */
  gamesOf(competitionId: string): Promise<Game[]> {
    return this.m.find(Game, { where: { competitionId }, order: { round: 'ASC', id: 'ASC' } });
  }

  /** A competition's ended games, the earliest ended first. */
  endedGamesOf(competitionId: string): Promise<Game[]> {
    return this.m.find(Game, { where: { competitionId, status: 'ended' }, order: { endedAt: 'ASC', id: 'ASC' } });
  }

  /** The games of the competitions one arbiter runs. */
  async gameIdsRunBy(arbiterUserId: string): Promise<string[]> {
    return (
      await this.m
        .createQueryBuilder(Game, 'g')
        .innerJoin(Competition, 'c', 'c.id = g.competition_id')
        .where('c.arbiter_user_id = :userId', { userId: arbiterUserId })
        .select('g.id', 'id')
        .getRawMany<{ id: string }>()
    ).map((g) => g.id);
  }

  /** The outbox, newest first; `gameIds` limits it to those games' mail. */
  outbox(status: OutboundMailStatus | undefined, gameIds: readonly string[] | null, limit: number): Promise<OutboundMail[]> {
    return this.m.find(OutboundMail, {
      where: { ...(status && { status }), ...(gameIds && { gameId: In([...gameIds]) }) },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }

  /** The inbox without bodies, newest first: in scope, a player's mail about no game, or mail about a game. */
  inbox(status: InboundMailStatus | undefined, scope: MailScope, limit: number): Promise<InboundMail[]> {
    const base: FindOptionsWhere<InboundMail> = status ? { status } : {};
    const where: FindOptionsWhere<InboundMail>[] = [];
    if (scope === null) where.push(base);
    else {
      // Issue 12 §8: a player's mail about a game of another arbiter's competition is not theirs to read.
      if (scope.playerIds.length) where.push({ ...base, playerId: In([...scope.playerIds]), gameId: IsNull() });
      if (scope.gameIds.length) where.push({ ...base, gameId: In([...scope.gameIds]) });
    }
    if (where.length === 0) return Promise.resolve([]);
    return this.m.find(InboundMail, {
      where,
      select: {
        id: true,
        receivedAt: true,
        fromAddress: true,
        subject: true,
        status: true,
        reason: true,
        error: true,
        gameId: true,
        playerId: true,
        attempts: true,
      },
      order: { receivedAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }
}
