import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Case } from '../arbiter/case.entity';
import type { JsonObject } from '../common/json';
import { CasesRepository } from '../arbiter/cases.repository';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { GameListingsRepository } from '../games/persistence/game-listings.repository';

/** Cases the mail channel raises for the arbiter (docs/mail-rules.md 7, 14, 17). */
export type MailCaseKind = 'mail-undeliverable' | 'mail-bounce' | 'mail-failed';

@Injectable()
export class MailCases {
  constructor(
    private readonly cases: CasesRepository,
    private readonly games: GameListingsRepository,
    private readonly competitions: CompetitionsRepository,
  ) {}

  /**
   * Opens a case in the caller's transaction. A case belongs to a competition: the game's,
   * or without a game the player's latest registration; with neither there is no arbiter
   * to tell, and the caller's own record (row status, error) is all there is.
   */
  async raise(
    now: Date,
    input: { kind: MailCaseKind; gameId: string | null; playerId: string | null; payload: JsonObject },
  ): Promise<Case | undefined> {
    let competitionId: string | undefined;
    if (input.gameId) competitionId = await this.games.competitionOfGame(input.gameId);
    if (!competitionId && input.playerId) competitionId = await this.competitions.latestCompetitionOf(input.playerId);
    if (!competitionId) return undefined;
    const opened: Case = {
      id: randomUUID(),
      competitionId,
      gameId: input.gameId,
      kind: input.kind,
      status: 'open',
      dueOn: null,
      payload: { ...input.payload, playerId: input.playerId },
      openedAt: now,
      closedAt: null,
    };
    await this.cases.add(opened);
    return opened;
  }
}
