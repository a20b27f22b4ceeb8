import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { AuditEntry } from '../audit/audit.entity';
import { AuditService } from '../audit/audit.service';
import { Penalty } from '../arbiter/penalty.entity';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { Result } from '../games/result.entity';
import { Competition } from '../competitions/competition.entity';
import { PlayerEmail } from '../players/player-email.entity';
import { Player } from '../players/player.entity';
import { Registration } from '../competitions/registration.entity';
import { Database } from '../database/database';
import { Claim } from '../games/claim.entity';
import { Dispute } from '../games/dispute.entity';
import { Game } from '../games/game.entity';
import { Holiday } from '../games/holiday.entity';
import { LongThinkingNotice } from '../games/long-thinking-notice.entity';
import { Move } from '../games/move.entity';
import { Offer } from '../games/offer.entity';
import { InboundMail } from '../mail/inbound-mail.entity';
import { OutboundMail } from '../notifications/outbound-mail.entity';
import { withoutSecrets } from '../mail/outbox/payload-secrets';
import { SpecialLeave } from '../games/special-leave.entity';
import { StateDeclaration } from '../thinking-time/state-declaration.entity';
import type { Actor } from '../auth/core/actor';
import { hasRole } from '../auth/core/actor';
import { ApiKey } from '../auth/api-key.entity';
import { LoginLink } from '../auth/login-link.entity';
import { forbidden, notFound, Refusal } from '../common/refusal';
import { UserEmail } from '../auth/user-email.entity';
import { User } from '../auth/user.entity';
import { WebSession } from '../auth/web-session.entity';

/** Everything the platform holds about one person (issue 7 §5): the download a player asks for. */
export interface PersonalData {
  readonly exportedAt: string;
  readonly user: unknown;
  readonly player: unknown;
  readonly [table: string]: unknown;
}

export interface AnonymisedView {
  readonly playerId: string;
  readonly name: string;
  readonly addressesRemoved: number;
}

/** What an anonymised player is called from then on: standings and old sheets keep their shape. */
export function anonymousName(playerId: string): string {
  return `Jucător anonim ${playerId.slice(0, 8)}`;
}

/**
 * Whether every competition the player is in has ended (issue 7 §5): finished, or started
 * with every game ended and its result homologated. A draft competition has not ended: the
 * player is signed up for it.
 */
export function competitionsEnded(
  competitions: readonly {
    readonly status: string;
    readonly games: readonly { readonly status: string; readonly homologated: boolean }[];
  }[],
): boolean {
  return competitions.every(
    (c) => c.status === 'finished' || (c.status === 'started' && c.games.every((g) => g.status === 'ended' && g.homologated)),
  );
}

const NOT_ENDED = () =>
  new Refusal(
    'COMPETITION_RUNNING',
    {
      ro: 'Jucătorul este înscris într-o competiție care nu s-a încheiat: datele lui se pot anonimiza doar după aceea.',
      en: 'The player is in a competition that has not ended: their data can be anonymised only afterwards.',
    },
    409,
  );

/**
 * Personal data (issue 7 §5): the export of everything held about a user and their player,
 * and the admin's anonymisation once their competitions have ended. The game records stay
 * (results and standings are the federation's), but the name, club, addresses, mail bodies
 * and login means are gone.
 */
@Injectable()
export class PersonalDataService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /** The signed-in user's own data: their user row and, when they play, their player's. */
  exportFor(actor: Actor): Promise<PersonalData> {
    if (actor.kind !== 'user')
      throw forbidden({ ro: 'Doar o persoană își poate descărca datele.', en: 'Only a person can download their data.' });
    return this.db.run(async (m) => {
      const user = await m.findOneBy(User, { id: actor.userId });
      const playerId = user?.playerId ?? actor.playerId ?? null;
      return this.collect(m, user, playerId);
    });
  }

  private async collect(m: EntityManager, user: User | null, playerId: string | null): Promise<PersonalData> {
    const player = playerId ? await m.findOneBy(Player, { id: playerId }) : null;
    const userPart = user
      ? {
          user: {
            id: user.id,
            displayName: user.displayName,
            roles: user.roles,
            playerId: user.playerId,
            createdAt: user.createdAt.toISOString(),
          },
          userEmails: (await m.findBy(UserEmail, { userId: user.id })).map((e) => ({ address: e.address, verified: e.verified })),
          // The key hashes are secrets of the platform's, not data about the person.
          apiKeys: (await m.findBy(ApiKey, { userId: user.id })).map((k) => ({
            label: k.label,
            createdAt: k.createdAt,
            lastUsedAt: k.lastUsedAt,
            revokedAt: k.revokedAt,
          })),
          webSessions: (await m.findBy(WebSession, { userId: user.id })).map((w) => ({ createdAt: w.createdAt, expiresAt: w.expiresAt })),
          auditAsActor: (await m.find(AuditEntry, { where: { actorUserId: user.id }, order: { at: 'ASC' } })).map(auditJson),
        }
      : { user: null };
    if (!player) return json({ exportedAt: this.clock.now().toISOString(), ...userPart, player: null });
    const pid = player.id;
    const games = await m.find(Game, { where: [{ redPlayerId: pid }, { bluePlayerId: pid }], order: { createdAt: 'ASC', id: 'ASC' } });
    const gameIds = games.map((g) => g.id);
    const inGames = <T>(load: () => Promise<T[]>) => (gameIds.length ? load() : Promise.resolve([] as T[]));
    const registrations = await m.findBy(Registration, { playerId: pid });
    const competitions = registrations.length ? await m.findBy(Competition, { id: In(registrations.map((r) => r.competitionId)) }) : [];
    return json({
      exportedAt: this.clock.now().toISOString(),
      ...userPart,
      player: { ...player },
      playerEmails: (await m.findBy(PlayerEmail, { playerId: pid })).map((e) => ({ address: e.address, verified: e.verified })),
      registrations: registrations.map((r) => ({ ...r, competition: competitions.find((c) => c.id === r.competitionId)?.name ?? null })),
      games: games.map((g) => ({
        id: g.id,
        competitionId: g.competitionId,
        round: g.round,
        color: g.redPlayerId === pid ? 'red' : 'blue',
        status: g.status,
        startedOn: g.startedOn,
        endedAt: g.endedAt,
        endReason: g.endReason,
        outcome: g.outcome,
      })),
      moves: await m.find(Move, { where: { playerId: pid }, order: { receivedAt: 'ASC' } }),
      results: await inGames(() => m.findBy(Result, { gameId: In(gameIds) })),
      holidays: await m.findBy(Holiday, { playerId: pid }),
      specialLeaves: await m.findBy(SpecialLeave, { playerId: pid }),
      longThinkingNotices: await m.findBy(LongThinkingNotice, { playerId: pid }),
      stateDeclarations: await m.findBy(StateDeclaration, { playerId: pid }),
      offersMade: await m.findBy(Offer, { offeredByPlayerId: pid }),
      disputesOpened: await m.findBy(Dispute, { contesterPlayerId: pid }),
      claimsMade: await m.findBy(Claim, { claimantPlayerId: pid }),
      penalties: await m.findBy(Penalty, { playerId: pid }),
      mailSentToYou: (await m.find(OutboundMail, { where: { playerId: pid }, order: { createdAt: 'ASC' } })).map((o) => ({
        template: o.template,
        language: o.language,
        // Issue 12 §2: the data of a person, not their live login links.
        payload: withoutSecrets(o.template, o.payload),
        status: o.status,
        toAddress: o.toAddress,
        createdAt: o.createdAt,
        sentAt: o.sentAt,
      })),
      mailReceivedFromYou: (await m.find(InboundMail, { where: { playerId: pid }, order: { receivedAt: 'ASC' } })).map((i) => ({
        from: i.fromAddress,
        subject: i.subject,
        status: i.status,
        reason: i.reason,
        receivedAt: i.receivedAt,
        message: i.raw.toString('utf8'),
      })),
    });
  }

  /**
   * Anonymises a player (admin only) once all their competitions have ended: name and club
   * replaced, addresses and login means removed, their mail's bodies and addresses erased
   * and their name cut out of the mail written to their partners. Audited, by id only.
   */
  anonymise(actor: Actor, playerId: string): Promise<AnonymisedView> {
    if (!hasRole(actor, 'admin') && actor.kind !== 'system') {
      throw forbidden({ ro: 'Doar un administrator anonimizează un jucător.', en: 'Only an admin anonymises a player.' });
    }
    return this.db.transaction(async (m) => {
      const player = await m.findOne(Player, { where: { id: playerId }, lock: { mode: 'pessimistic_write' } });
      if (!player) throw notFound({ ro: `Jucătorul ${playerId} nu există.`, en: `There is no player ${playerId}.` });
      const registrations = await m.findBy(Registration, { playerId });
      const competitions = registrations.length ? await m.findBy(Competition, { id: In(registrations.map((r) => r.competitionId)) }) : [];
      const games = competitions.length ? await m.findBy(Game, { competitionId: In(competitions.map((c) => c.id)) }) : [];
      const homologated = new Set(
        games.length ? (await m.findBy(Result, { gameId: In(games.map((g) => g.id)), status: 'homologated' })).map((r) => r.gameId) : [],
      );
      const ended = competitionsEnded(
        competitions.map((c) => ({
          status: c.status,
          games: games.filter((g) => g.competitionId === c.id).map((g) => ({ status: g.status, homologated: homologated.has(g.id) })),
        })),
      );
      if (!ended) throw NOT_ENDED();

      const oldName = player.name;
      const name = anonymousName(player.id);
      await m.update(Player, { id: playerId }, { name, club: null });
      const addresses = await m.findBy(PlayerEmail, { playerId });
      await m.delete(PlayerEmail, { playerId });
      const user = await m.findOneBy(User, { playerId });
      if (user) {
        await m.update(User, { id: user.id }, { displayName: name });
        await m.delete(UserEmail, { userId: user.id });
        await m.update(ApiKey, { userId: user.id }, { revokedAt: this.clock.now() });
        // Logged out everywhere, and no pending link (it names an address) stays usable.
        await m.delete(WebSession, { userId: user.id });
        await m.delete(LoginLink, { userId: user.id });
      }
      // Their own mail: bodies, addresses and subjects erased; what happened (status, reason) stays.
      await m.update(InboundMail, { playerId }, { raw: Buffer.alloc(0), fromAddress: null, subject: null });
      // Plain SQL: TypeORM's typed update cannot express a jsonb value without an instantiation blow-up.
      await m.query(`UPDATE "outbound_mail" SET "payload" = '{}'::jsonb, "to_address" = NULL WHERE "player_id" = $1`, [playerId]);
      // Mail to their partners named them: the name is cut out of those payloads.
      const playerGames = games.filter((g) => g.redPlayerId === playerId || g.bluePlayerId === playerId).map((g) => g.id);
      if (playerGames.length && oldName) {
        for (const row of await m.findBy(OutboundMail, { gameId: In(playerGames) })) {
          const text = JSON.stringify(row.payload);
          if (text.includes(JSON.stringify(oldName).slice(1, -1))) {
            const payload = JSON.parse(text.split(JSON.stringify(oldName).slice(1, -1)).join(name)) as JsonObject;
            await m.query(`UPDATE "outbound_mail" SET "payload" = $1::jsonb WHERE "id" = $2`, [JSON.stringify(payload), row.id]);
          }
        }
      }
      await this.audit.record({ actor, action: 'player.anonymised', details: { playerId, addressesRemoved: addresses.length } });
      return { playerId, name, addressesRemoved: addresses.length };
    });
  }
}

function auditJson(a: AuditEntry) {
  return {
    at: a.at.toISOString(),
    action: a.action,
    role: a.actorRole,
    competitionId: a.competitionId,
    gameId: a.gameId,
    details: a.details,
  };
}

/** Dates and buffers as JSON has them, so the download is plain data. */
function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
