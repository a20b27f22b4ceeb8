import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PartnersInPlay } from '../competitions/partners-in-play';
import { Game } from './game.entity';

/** Answers competitions' "who plays this player now" from the games still being played. */
@Injectable()
export class GamePartners implements OnModuleInit {
  constructor(private readonly partners: PartnersInPlay) {}

  onModuleInit(): void {
    this.partners.answerWith(partnersInPlay);
  }
}

async function partnersInPlay(m: EntityManager, playerId: string): Promise<readonly string[]> {
  const games = await m.find(Game, {
    select: { redPlayerId: true, bluePlayerId: true },
    where: [
      { redPlayerId: playerId, status: 'playing' },
      { bluePlayerId: playerId, status: 'playing' },
    ],
  });
  return [...new Set(games.map((g) => (g.redPlayerId === playerId ? g.bluePlayerId : g.redPlayerId)))];
}
