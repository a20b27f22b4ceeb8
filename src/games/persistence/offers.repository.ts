import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database';
import { insertRows } from '../../database/insert-rows';
import type { Row } from './new-row';
import { Offer } from '../entities/offer.entity';

/** The draw, interruption and abandonment offers of games (docs/rules.md §7), in the caller's unit of work. */
@Injectable()
export class OffersRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** Every offer of the game, oldest first. */
  offersOf(gameId: string): Promise<Offer[]> {
    return this.m.find(Offer, { where: { gameId }, order: { createdAt: 'ASC' } });
  }

  /** The offers waiting for an answer, newest first. */
  pendingOffersNewestFirst(gameId: string): Promise<Offer[]> {
    return this.m.find(Offer, { where: { gameId, status: 'pending' }, order: { createdAt: 'DESC' } });
  }

  /** The offers waiting for an answer, as the game view lists them. */
  pendingOffers(gameId: string): Promise<Offer[]> {
    return this.m.find(Offer, { where: { gameId, status: 'pending' } });
  }

  async insertOffer(row: Row<Offer>): Promise<Offer> {
    const offer = this.m.create(Offer, row);
    await insertRows(this.m, Offer, offer);
    return offer;
  }

  async answerOffer(offer: Pick<Offer, 'id' | 'status' | 'answeredAt'>): Promise<void> {
    await this.m.update(Offer, { id: offer.id }, { status: offer.status, answeredAt: offer.answeredAt });
  }

  /** An offer nobody answered lapses with the game. */
  async lapsePendingOffers(gameId: string, at: Date): Promise<void> {
    await this.m.update(Offer, { gameId, status: 'pending' }, { status: 'lapsed', answeredAt: at });
  }
}
