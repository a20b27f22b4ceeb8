import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { AuditEntry } from '../audit/audit.entity';
import { Penalty } from '../arbiter/penalty.entity';
import { ApiKey } from '../auth/api-key.entity';
import { UserEmail } from '../auth/user-email.entity';
import { User } from '../auth/user.entity';
import { WebSession } from '../auth/web-session.entity';
import { Competition } from '../competitions/competition.entity';
import { Registration } from '../competitions/registration.entity';
import { Database } from '../database/database';
import { Claim } from '../games/entities/claim.entity';
import { Dispute } from '../games/entities/dispute.entity';
import { Holiday } from '../games/entities/holiday.entity';
import { LongThinkingNotice } from '../games/entities/long-thinking-notice.entity';
import { Move } from '../games/entities/move.entity';
import { Offer } from '../games/entities/offer.entity';
import { Result } from '../games/entities/result.entity';
import { SpecialLeave } from '../games/entities/special-leave.entity';
import { InboundMail } from '../mail/inbound-mail.entity';
import { OutboundMail } from '../notifications/outbound-mail.entity';
import { PlayerEmail } from '../players/player-email.entity';
import { Player } from '../players/player.entity';
import { StateDeclaration } from '../thinking-time/state-declaration.entity';

/**
 * Every query of a person's data (docs/web.md, Personal data): the rows of every feature that name a user or a
 * player, read for the export and erased by the anonymisation, in the unit of work the caller opened.
 */
@Injectable()
export class PersonalDataRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  // The user's side.

  user(userId: string): Promise<User | null> {
    return this.m.findOneBy(User, { id: userId });
  }

  userOfPlayer(playerId: string): Promise<User | null> {
    return this.m.findOneBy(User, { playerId });
  }

  userEmails(userId: string): Promise<UserEmail[]> {
    return this.m.findBy(UserEmail, { userId });
  }

  apiKeys(userId: string): Promise<ApiKey[]> {
    return this.m.findBy(ApiKey, { userId });
  }

  webSessions(userId: string): Promise<WebSession[]> {
    return this.m.findBy(WebSession, { userId });
  }

  /** What the user did, oldest first. */
  auditByUser(userId: string): Promise<AuditEntry[]> {
    return this.m.find(AuditEntry, { where: { actorUserId: userId }, order: { at: 'ASC' } });
  }

  // The player's side.

  player(playerId: string): Promise<Player | null> {
    return this.m.findOneBy(Player, { id: playerId });
  }

  /** The player's row locked until the transaction ends: one anonymisation at a time. */
  lockPlayer(playerId: string): Promise<Player | null> {
    return this.m.findOne(Player, { where: { id: playerId }, lock: { mode: 'pessimistic_write' } });
  }

  playerEmails(playerId: string): Promise<PlayerEmail[]> {
    return this.m.findBy(PlayerEmail, { playerId });
  }

  registrations(playerId: string): Promise<Registration[]> {
    return this.m.findBy(Registration, { playerId });
  }

  competitions(ids: readonly string[]): Promise<Competition[]> {
    return ids.length ? this.m.findBy(Competition, { id: In([...ids]) }) : Promise.resolve([]);
  }

  results(gameIds: readonly string[]): Promise<Result[]> {
    return gameIds.length ? this.m.findBy(Result, { gameId: In([...gameIds]) }) : Promise.resolve([]);
  }

  /** The ids of those games whose result is homologated. */
  async homologated(gameIds: readonly string[]): Promise<string[]> {
    if (!gameIds.length) return [];
    return (await this.m.findBy(Result, { gameId: In([...gameIds]), status: 'homologated' })).map((r) => r.gameId);
  }

  movesBy(playerId: string): Promise<Move[]> {
    return this.m.find(Move, { where: { playerId }, order: { receivedAt: 'ASC' } });
  }

  holidays(playerId: string): Promise<Holiday[]> {
    return this.m.findBy(Holiday, { playerId });
  }

  specialLeaves(playerId: string): Promise<SpecialLeave[]> {
    return this.m.findBy(SpecialLeave, { playerId });
  }

  longThinkingNotices(playerId: string): Promise<LongThinkingNotice[]> {
    return this.m.findBy(LongThinkingNotice, { playerId });
  }

  stateDeclarations(playerId: string): Promise<StateDeclaration[]> {
    return this.m.findBy(StateDeclaration, { playerId });
  }

  offersBy(playerId: string): Promise<Offer[]> {
    return this.m.findBy(Offer, { offeredByPlayerId: playerId });
  }

  disputesOpenedBy(playerId: string): Promise<Dispute[]> {
    return this.m.findBy(Dispute, { contesterPlayerId: playerId });
  }

  claimsBy(playerId: string): Promise<Claim[]> {
    return this.m.findBy(Claim, { claimantPlayerId: playerId });
  }

  penalties(playerId: string): Promise<Penalty[]> {
    return this.m.findBy(Penalty, { playerId });
  }

  /** Mail written to the player, oldest first. */
  mailTo(playerId: string): Promise<OutboundMail[]> {
    return this.m.find(OutboundMail, { where: { playerId }, order: { createdAt: 'ASC' } });
  }

  /** Mail received from the player, oldest first. */
  mailFrom(playerId: string): Promise<InboundMail[]> {
    return this.m.find(InboundMail, { where: { playerId }, order: { receivedAt: 'ASC' } });
  }

  /** Mail about these games, to either player. */
  mailAboutGames(gameIds: readonly string[]): Promise<OutboundMail[]> {
    return this.m.findBy(OutboundMail, { gameId: In([...gameIds]) });
  }
}
