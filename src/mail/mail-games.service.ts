import { Injectable } from '@nestjs/common';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { Database } from '../database/database';
import type { TileSetId } from '../engine';
import type { Game } from '../games/entities/game.entity';
import type { Offer, OfferKind } from '../games/entities/offer.entity';
import { MailGamesRepository } from './mail-games.repository';

/**
 * The games as mail's adapters read them (docs/mail-rules.md 1-2, 10): the games a reply token's
 * prefix names, the tile set a reply is read with, a game's turn, a pending offer. Each read
 * opens its own unit of work.
 */
@Injectable()
export class MailGames {
  constructor(
    private readonly db: Database,
    private readonly games: MailGamesRepository,
    private readonly competitions: CompetitionsRepository,
  ) {}

  /** The games whose ids fall in a token's prefix range (docs/mail-rules.md 1), with their competitions. */
  inTokenRange(low: string, high: string): Promise<Game[]> {
    return this.db.run(() => this.games.inIdRange(low, high));
  }

  /** The tile set of the game's competition: the letters a reply's moves are read with (read with the game when it came with it). */
  async tileSetOf(game: Pick<Game, 'competitionId'> & Partial<Pick<Game, 'competition'>>): Promise<TileSetId> {
    const competition = game.competition ?? (await this.db.run(() => this.competitions.get(game.competitionId)));
    return competition.tileSet;
  }

  /** The game's turn now (docs/mail-rules.md 2: a token naming an earlier one is stale). */
  async turnOf(gameId: string): Promise<number> {
    const game = await this.db.run(() => this.games.byId(gameId));
    return game.turn;
  }

  /** The game's pending offer of this kind, if any (DRAW or INTERRUPT accept it, docs/mail-rules.md 10). */
  pendingOffer(gameId: string, kind: OfferKind): Promise<Offer | null> {
    return this.db.run(() => this.games.pendingOffer(gameId, kind));
  }
}
