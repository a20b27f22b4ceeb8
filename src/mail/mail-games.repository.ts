import { Injectable } from '@nestjs/common';
import { Competition } from '../competitions/competition.entity';
import { Database } from '../database/database';
import { codecOf } from '../database/deferred-writes';
import { prepared } from '../database/prepared-statements';
import { Game } from '../games/entities/game.entity';
import { Offer, type OfferKind } from '../games/entities/offer.entity';

/**
 * The games as only the mail channel reads them: the games a token's prefix names, a game with
 * what its mail's headers name, a player's games awaiting a digest, an arbiter's games. A
 * game's rows, its lock and its view are the games feature's (GameRepository, game-mail-view.ts).
 */
@Injectable()
export class MailGamesRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  /** The games whose ids fall in a token's prefix range (docs/mail-rules.md 1), each with its competition: its tile set reads the reply. */
  async inIdRange(low: string, high: string): Promise<Game[]> {
    // Prepared, as codec rows: every reply by mail asks it.
    const games = codecOf(this.m.connection, Game);
    const competitions = codecOf(this.m.connection, Competition);
    this.inIdRangeSql ??= prepared(
      `SELECT ${games.select('g')} AS game, ${competitions.select('c')} AS competition FROM ${games.table} g ` +
        `JOIN ${competitions.table} c ON c."id" = g."competition_id" WHERE g."id" BETWEEN $1 AND $2`,
    );
    const rows = (await this.m.query(this.inIdRangeSql, [low, high])) as { game: unknown; competition: unknown }[];
    return rows.map((r) => Object.assign(games.decode(r.game), { competition: competitions.decode(r.competition) }));
  }

  private inIdRangeSql?: string;

  byId(gameId: string): Promise<Game> {
    return this.m.findOneByOrFail(Game, { id: gameId });
  }

  find(gameId: string): Promise<Game | null> {
    return this.m.findOneBy(Game, { id: gameId });
  }

  withCompetition(gameId: string): Promise<Game | null> {
    return this.m.findOne(Game, { where: { id: gameId }, relations: { competition: true } });
  }

  withPlayers(gameId: string): Promise<Game> {
    return this.m.findOneOrFail(Game, { where: { id: gameId }, relations: { competition: true, redPlayer: true, bluePlayer: true } });
  }

  pendingOffer(gameId: string, kind: OfferKind): Promise<Offer | null> {
    return this.m.findOne(Offer, { where: { gameId, kind, status: 'pending' } });
  }

  /** The player's games in play, oldest first. */
  playingGamesOf(playerId: string): Promise<Game[]> {
    return this.m.find(Game, {
      where: [
        { redPlayerId: playerId, status: 'playing' },
        { bluePlayerId: playerId, status: 'playing' },
      ],
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The ids of the games of the competitions a user arbitrates. */
  async idsArbitratedBy(userId: string): Promise<string[]> {
    const games = await this.m
      .createQueryBuilder(Game, 'g')
      .innerJoin(Competition, 'c', 'c.id = g.competition_id')
      .where('c.arbiter_user_id = :userId', { userId })
      .select('g.id', 'id')
      .getRawMany<{ id: string }>();
    return games.map((g) => g.id);
  }
}
