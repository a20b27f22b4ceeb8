import { Injectable, OnModuleInit } from '@nestjs/common';
import { PartnersInPlay } from '../../competitions/partners-in-play.service';
import { GameListingsRepository } from '../persistence/game-listings.repository';

/** Answers competitions' "who plays this player now" from the games still being played. */
@Injectable()
export class GamePartners implements OnModuleInit {
  constructor(
    private readonly partners: PartnersInPlay,
    private readonly listings: GameListingsRepository,
  ) {}

  onModuleInit(): void {
    this.partners.answerWith((playerId) => this.listings.partnersInPlay(playerId));
  }
}
