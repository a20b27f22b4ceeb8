import { Injectable } from '@nestjs/common';
import { Between } from 'typeorm';
import { User } from '../auth/user.entity';
import type { Color } from '../common/color';
import { Competition } from '../competitions/competition.entity';
import type { Settings } from '../config/settings';
import { Database } from '../database/database';
import { Game } from '../games/game.entity';
import { readGameView } from '../games/game-mail-view';
import { GameRepository } from '../games/game.repository';
import { GameSession, type GameRows } from '../games/game-session';
import { Offer, type OfferKind } from '../games/offer.entity';
import { Result } from '../games/result.entity';
import type { Player } from '../players/player.entity';

/**
 * The games as the mail channel reads them: the game a token names, the rows a mail is built
 * from, the game a command locks. The games folder's loaders take a manager: they get the
 * unit's here, so nothing else in the mail channel holds one.
 */
@Injectable()
export class MailGamesRepository {
  constructor(
    private readonly db: Database,
    private readonly games: GameRepository,
  ) {}

  private get m() {
    return this.db.manager;
  }

  /** The games whose ids fall in a token's prefix range (docs/mail-rules.md 1). */
  inIdRange(low: string, high: string): Promise<Game[]> {
    return this.m.find(Game, { where: { id: Between(low, high) } });
  }

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

  /** The game row, locked for the rest of the transaction (docs/mail-rules.md 12). */
  lock(gameId: string): Promise<Game> {
    return this.games.findGame(gameId, { lock: true });
  }

  competition(competitionId: string): Promise<Competition> {
    return this.m.findOneByOrFail(Competition, { id: competitionId });
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

  /** The account of the competition's arbiter, who signs rulings and is named in the start mail. */
  arbiterOf(competition: Pick<Competition, 'arbiterUserId'>): Promise<User | null> {
    return this.m.findOneBy(User, { id: competition.arbiterUserId });
  }

  resultOf(gameId: string): Promise<Result | null> {
    return this.m.findOneBy(Result, { gameId });
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

  /** A game's rows, unlocked: a mail describes the game, it changes nothing. */
  rows(gameId: string): Promise<GameRows> {
    return this.games.rows(gameId, { lock: false });
  }

  /** A session over rows read here; what it reads later (holidays, notices) it reads in this unit. */
  session(rows: GameRows, now: Date): GameSession {
    return new GameSession(this.games, rows, now);
  }

  /** What names a game in a mail: its group's name read. */
  view(
    settings: Settings,
    competition: Pick<Competition, 'shortName'>,
    game: Pick<Game, 'id' | 'groupId'>,
    players: Readonly<Record<Color, Pick<Player, 'name'>>>,
  ): ReturnType<typeof readGameView> {
    return readGameView(this.games, settings, competition, game, players);
  }
}
