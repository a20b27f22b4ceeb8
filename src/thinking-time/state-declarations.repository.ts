// The players' declarations of a game's state at the closing date (docs/rules.md §7), in the
// unit of work the caller opened.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { StateDeclaration } from './state-declaration.entity';

@Injectable()
export class StateDeclarationsRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  /** A player's declaration in a game, if they made one. */
  declarationOf(gameId: string, playerId: string): Promise<StateDeclaration | null> {
    return this.m.findOneBy(StateDeclaration, { gameId, playerId });
  }

  /** A game's declarations, red's first. */
  declarationsOf(gameId: string): Promise<StateDeclaration[]> {
    return this.m.find(StateDeclaration, { where: { gameId }, order: { color: 'DESC' } });
  }

  async add(declaration: Omit<StateDeclaration, 'id'>): Promise<void> {
    await insertRows(this.m, StateDeclaration, this.m.create(StateDeclaration, { id: randomUUID(), ...declaration }));
  }

  /** A declaration made again: the new text replaces the old. */
  async rewrite(id: string, change: Pick<StateDeclaration, 'text' | 'declaredOn' | 'declaredAt'>): Promise<void> {
    await this.m.update(StateDeclaration, { id }, change);
  }
}
