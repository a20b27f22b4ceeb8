import { Injectable } from '@nestjs/common';
import type { AuditEntry } from '../audit/audit.entity';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { Database } from '../database/database';
import { withoutSecrets } from '../mail/outbox/payload-secrets';
import type { Actor } from '../auth/core/actor';
import { hasRole } from '../auth/core/actor';
import { forbidden, notFound, Refusal } from '../common/refusal';
import type { User } from '../auth/user.entity';
import { PersonalDataRepository } from './personal-data.repository';
import { ApiKeyRepository } from '../auth/api-key.repository';
import { LoginLinkRepository } from '../auth/login-link.repository';
import { UserRepository } from '../auth/user.repository';
import { WebSessionRepository } from '../auth/web-session.repository';
import { PlayersRepository } from '../competitions/players.repository';
import { GameListingsRepository } from '../games/persistence/game-listings.repository';
import { InboundMailRepository } from '../mail/inbound-mail.repository';
import { OutboxRepository } from '../notifications/outbox.repository';

/** Everything the platform holds about one person (docs/web.md, Personal data): the download a player asks for. */
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
 * Whether every competition the player is in has ended (docs/web.md, Personal data): finished, or started
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
      pl: 'Gracz jest zapisany do rozgrywek, które się nie zakończyły: jego dane można zanonimizować dopiero potem.',
    },
    409,
  );

/**
 * Personal data (docs/web.md, Personal data): the export of everything held about a user and their player,
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
    private readonly rows: PersonalDataRepository,
    private readonly games: GameListingsRepository,
    // The anonymisation writes each table through the repository that owns it.
    private readonly players: PlayersRepository,
    private readonly users: UserRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly sessions: WebSessionRepository,
    private readonly loginLinks: LoginLinkRepository,
    private readonly inbox: InboundMailRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  /** The signed-in user's own data: their user row and, when they play, their player's. */
  exportFor(actor: Actor): Promise<PersonalData> {
    if (actor.kind !== 'user')
      throw forbidden({
        ro: 'Doar o persoană își poate descărca datele.',
        en: 'Only a person can download their data.',
        pl: 'Tylko osoba może pobrać swoje dane.',
      });
    return this.db.run(async () => {
      const user = await this.rows.user(actor.userId);
      const playerId = user?.playerId ?? actor.playerId ?? null;
      return this.collect(user, playerId);
    });
  }

  private async collect(user: User | null, playerId: string | null): Promise<PersonalData> {
    const rows = this.rows;
    const player = playerId ? await rows.player(playerId) : null;
    const userPart = user
      ? {
          user: {
            id: user.id,
            displayName: user.displayName,
            roles: user.roles,
            playerId: user.playerId,
            createdAt: user.createdAt.toISOString(),
          },
          userEmails: (await rows.userEmails(user.id)).map((e) => ({ address: e.address, verified: e.verified })),
          // The key hashes are secrets of the platform's, not data about the person.
          apiKeys: (await rows.apiKeys(user.id)).map((k) => ({
            label: k.label,
            createdAt: k.createdAt,
            lastUsedAt: k.lastUsedAt,
            revokedAt: k.revokedAt,
          })),
          webSessions: (await rows.webSessions(user.id)).map((w) => ({ createdAt: w.createdAt, expiresAt: w.expiresAt })),
          auditAsActor: (await rows.auditByUser(user.id)).map(auditJson),
        }
      : { user: null };
    if (!player) return json({ exportedAt: this.clock.now().toISOString(), ...userPart, player: null });
    const pid = player.id;
    const games = await this.games.gamesOfPlayer(pid);
    const registrations = await rows.registrations(pid);
    const competitions = await rows.competitions(registrations.map((r) => r.competitionId));
    return json({
      exportedAt: this.clock.now().toISOString(),
      ...userPart,
      player: { ...player },
      playerEmails: (await rows.playerEmails(pid)).map((e) => ({ address: e.address, verified: e.verified })),
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
      moves: await rows.movesBy(pid),
      results: await rows.results(games.map((g) => g.id)),
      holidays: await rows.holidays(pid),
      specialLeaves: await rows.specialLeaves(pid),
      longThinkingNotices: await rows.longThinkingNotices(pid),
      stateDeclarations: await rows.stateDeclarations(pid),
      offersMade: await rows.offersBy(pid),
      disputesOpened: await rows.disputesOpenedBy(pid),
      claimsMade: await rows.claimsBy(pid),
      penalties: await rows.penalties(pid),
      mailSentToYou: (await rows.mailTo(pid)).map((o) => ({
        template: o.template,
        language: o.language,
        // The data of a person, not their live login links.
        payload: withoutSecrets(o.template, o.payload),
        status: o.status,
        toAddress: o.toAddress,
        createdAt: o.createdAt,
        sentAt: o.sentAt,
      })),
      mailReceivedFromYou: (await rows.mailFrom(pid)).map((i) => ({
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
      throw forbidden({
        ro: 'Doar un administrator anonimizează un jucător.',
        en: 'Only an admin anonymises a player.',
        pl: 'Tylko administrator anonimizuje gracza.',
      });
    }
    const rows = this.rows;
    return this.db.transaction(async () => {
      const player = await rows.lockPlayer(playerId);
      if (!player)
        throw notFound({ ro: `Jucătorul ${playerId} nu există.`, en: `There is no player ${playerId}.`, pl: `Nie ma gracza ${playerId}.` });
      const registrations = await rows.registrations(playerId);
      const competitions = await rows.competitions(registrations.map((r) => r.competitionId));
      const games = await this.games.gamesOfCompetitions(competitions.map((c) => c.id));
      const homologated = new Set(await rows.homologated(games.map((g) => g.id)));
      const ended = competitionsEnded(
        competitions.map((c) => ({
          status: c.status,
          games: games.filter((g) => g.competitionId === c.id).map((g) => ({ status: g.status, homologated: homologated.has(g.id) })),
        })),
      );
      if (!ended) throw NOT_ENDED();

      const oldName = player.name;
      const name = anonymousName(player.id);
      await this.players.renamePlayer(playerId, name);
      const addresses = await rows.playerEmails(playerId);
      await this.players.removePlayerEmails(playerId);
      const user = await rows.userOfPlayer(playerId);
      if (user) {
        await this.users.setDisplayName(user.id, name);
        await this.users.removeUserEmails(user.id);
        await this.apiKeys.revokeApiKeys(user.id, this.clock.now());
        // Logged out everywhere, and no pending link (it names an address) stays usable.
        await this.sessions.removeAllOf(user.id);
        await this.loginLinks.removeLoginLinks(user.id);
      }
      // Their own mail: bodies, addresses and subjects erased; what happened (status, reason) stays.
      await this.inbox.eraseMailFrom(playerId);
      await this.outbox.eraseMailTo(playerId);
      // Mail to their partners named them: the name is cut out of those payloads.
      const playerGames = games.filter((g) => g.redPlayerId === playerId || g.bluePlayerId === playerId).map((g) => g.id);
      if (playerGames.length && oldName) {
        for (const row of await rows.mailAboutGames(playerGames)) {
          const payload = renamedIn(row.payload, oldName, name);
          if (payload) await this.outbox.setPayload(row.id, payload);
        }
        // The facts those mails are built from hold the game as it stood, names included (docs/mail-rules.md, "Events").
        for (const event of await this.outbox.eventsOfGames(playerGames)) {
          const payload = renamedIn(event.payload, oldName, name);
          if (payload) await this.outbox.setEventPayload(event.id, payload);
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

/** The payload with every occurrence of a name replaced, or null when it does not name them. */
function renamedIn(payload: JsonObject, oldName: string, name: string): JsonObject | null {
  const text = JSON.stringify(payload);
  const quoted = JSON.stringify(oldName).slice(1, -1);
  return text.includes(quoted) ? (JSON.parse(text.split(quoted).join(name)) as JsonObject) : null;
}
