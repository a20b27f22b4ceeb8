import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/core/actor';
import { hasRole } from '../auth/core/actor';
import { canArbitrate } from '../auth/core/permissions';
import { UsersService } from '../auth/users.service';
import { toDecimal } from '../coefficients/core/coefficients';
import { Clock } from '../common/clock';
import { notFound, Refusal } from '../common/refusal';
import { Database } from '../database/database';
import type { PlayerEmail } from '../players/player-email.entity';
import { Player } from '../players/player.entity';
import { COMPETITION_NOT_FOUND, CompetitionReadsService } from './competition-reads.service';
import { CompetitionsRepository } from './competitions.repository';
import {
  matchKnownPlayers,
  parsePlayerFields,
  parsePlayersCsv,
  defaultPlayerLanguage,
  playersCsvTooLarge,
  type PlayerFields,
  type PlayerRow,
} from './core/players-csv';
import { alreadyStarted, mayRegister } from './core/start-plan';
import { PlayerIdentityService, type ImportNote } from './player-identity.service';
import { PlayersRepository } from './players.repository';

export interface PlayerEntryView {
  readonly playerId: string;
  readonly name: string;
  readonly club: string | null;
  readonly language: Player['language'];
  /** e.g. 1.5219 */
  readonly previousCoefficient: number | null;
  readonly previousRank: number | null;
  readonly listPosition: number;
  readonly group: string | null;
  readonly seat: number | null;
  readonly withdrawn: boolean;
  /** Only for those who run the competition (and the player): the confirmed addresses, … */
  readonly emails?: readonly string[];
  /** … and those added that wait for their owner's confirmation. */
  readonly pendingEmails?: readonly string[];
  /** After an import, for a player already known: what the import left unchanged or added unconfirmed. */
  readonly importNote?: ImportNote;
}

/**
 * A competition's players: the arbiter's list imported before the start, and the
 * registered players read back. The import is one transaction with its audit entry;
 * `registerPlayers` runs in whatever unit its caller opened (the CLI's set-up).
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly identity: PlayerIdentityService,
    private readonly reads: CompetitionReadsService,
    private readonly repo: CompetitionsRepository,
    private readonly people: PlayersRepository,
  ) {}

  async importPlayers(actor: Actor, competitionId: string, csv: string): Promise<PlayerEntryView[]> {
    try {
      return await this.db.transaction(async () => {
        const { notes } = await this.registerPlayers(actor, competitionId, csv);
        return (await this.listPlayers(actor, competitionId)).map((p) =>
          notes.has(p.playerId) ? { ...p, importNote: notes.get(p.playerId) } : p,
        );
      });
    } catch (error) {
      // Two imports (into different competitions) racing to register the same new address:
      // the unique index lets one win; the other is told, and changed nothing.
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') {
        throw new Refusal(
          'CONCURRENT_CHANGE',
          {
            ro: 'O adresă din listă a fost înregistrată chiar acum de altă operație; nu s-a importat nimic, încercați din nou.',
            en: 'An address of the list was registered by another operation just now; nothing was imported, try again.',
            pl: 'Adres z listy został właśnie zarejestrowany przez inną operację; nic nie zaimportowano, spróbuj ponownie.',
          },
          409,
        );
      }
      throw error;
    }
  }

  players(actor: Actor, competitionId: string): Promise<PlayerEntryView[]> {
    return this.db.run(() => this.listPlayers(actor, competitionId));
  }

  /**
   * Registers the players of a CSV, in the caller's transaction. All or nothing: any
   * bad line, a missing column or a duplicate address refuses the whole file, every problem listed
   * by line. A player already known by one of their addresses is linked, and changed only as far
   * as the identity rules allow (player-identity.ts); the notes say what was not changed.
   */
  async registerPlayers(actor: Actor, competitionId: string, csv: string): Promise<{ notes: Map<string, ImportNote> }> {
    const competition = await this.reads.lockForArbiter(actor, competitionId);
    if (competition.status !== 'draft') throw alreadyStarted();
    const tooLarge = playersCsvTooLarge(csv);
    if (tooLarge) throw tooLarge;
    const parsed = parsePlayersCsv(csv, defaultPlayerLanguage(competition.tileSet));
    if (!parsed.ok) throw new Refusal(parsed.code, parsed.message, 400, { problems: parsed.problems });
    const { notes, registered } = await this.registerRows(actor, competitionId, parsed.rows);
    await this.audit.record({
      actor,
      asArbiter: true,
      action: 'competition.players_imported',
      competitionId,
      details: { players: registered.length, created: registered.filter((r) => r.created).length, reused: notes.size },
    });
    return { notes };
  }

  /**
   * One player added to a draft competition from the arbiter's form or the API: the fields are
   * checked by the rules of a list's line and registered by the import's own identity rules
   * (an address that logs an existing account in is asked to join, never linked). Audited.
   */
  addPlayer(actor: Actor, competitionId: string, fields: PlayerFields): Promise<PlayerEntryView> {
    return this.db.transaction(async () => {
      const competition = await this.reads.lockForArbiter(actor, competitionId);
      if (!mayRegister(competition)) throw alreadyStarted();
      const parsed = parsePlayerFields(fields, defaultPlayerLanguage(competition.tileSet));
      if (!parsed.ok) throw new Refusal('BAD_INPUT', parsed.message, 400, { problems: parsed.problems });
      const { notes, registered } = await this.registerRows(actor, competitionId, [parsed.row]);
      const [added] = registered;
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'competition.player_added',
        competitionId,
        details: { playerId: added.playerId, name: parsed.row.name, created: added.created },
      });
      const entry = (await this.listPlayers(actor, competitionId)).find((p) => p.playerId === added.playerId)!;
      return notes.has(added.playerId) ? { ...entry, importNote: notes.get(added.playerId) } : entry;
    });
  }

  /**
   * A player taken off a draft competition's list (groups made already keep their other
   * players; the arbiter makes them again). The person stays known, with their account and
   * addresses: a later list finds them by address. Audited. Refused once the competition started.
   */
  removePlayer(actor: Actor, competitionId: string, playerId: string): Promise<void> {
    return this.db.transaction(async () => {
      const competition = await this.reads.lockForArbiter(actor, competitionId);
      if (competition.status !== 'draft') throw alreadyStarted();
      const registration = await this.repo.registration(competitionId, playerId);
      if (!registration) {
        throw notFound({
          ro: 'Jucătorul nu este înscris în această competiție.',
          en: 'The player is not registered in this competition.',
          pl: 'Gracz nie jest zapisany do tych rozgrywek.',
        });
      }
      const name = (await this.people.names([playerId])).get(playerId) ?? '';
      await this.repo.unregister(registration.id);
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'competition.player_removed',
        competitionId,
        details: { playerId, name },
      });
    });
  }

  /** Registers checked rows (a list's or one player's) in the caller's transaction, the competition locked. */
  private async registerRows(
    actor: Actor,
    competitionId: string,
    rows: readonly PlayerRow[],
  ): Promise<{ notes: Map<string, ImportNote>; registered: ReadonlyArray<{ playerId: string; created: boolean }> }> {
    const listed = await this.repo.playerEmails(rows.flatMap((r) => r.emails));
    // Only a confirmed address identifies a player: one waiting for its owner's approval neither
    // links nor blocks (docs/web.md "A player's identity"), so nobody squats an address by adding it.
    const owners = new Map(listed.filter((e) => e.verified).map((e) => [e.address, e.playerId]));
    const registered = await this.repo.registeredPlayerIds(competitionId);
    const matched = matchKnownPlayers(rows, owners, registered);
    if (!matched.ok) throw new Refusal(matched.code, matched.message, 400, { problems: matched.problems });
    const { known, fresh } = matched;
    await this.identity.withdrawWaiting(actor, competitionId, waitingElsewhere(listed, known));

    const now = this.clock.now();
    const playerIdOfLine = new Map<number, string>();
    for (const { row, playerId } of known) playerIdOfLine.set(row.line, playerId);
    const notes = await this.identity.importKnown(
      actor,
      competitionId,
      known.map(({ row, playerId }) => ({ listed: row, playerId })),
    );
    // An address that already logs someone in stays theirs until they join it to the player.
    const accounts = await this.users.accountsWith(fresh.flatMap((row) => row.emails));
    const players = fresh.map((row) => ({
      id: randomUUID(),
      name: row.name,
      club: row.club,
      language: row.language,
      previousCoefficient: row.previousCoefficient,
      previousRank: row.previousRank,
      createdAt: now,
    }));
    if (fresh.length) {
      await this.people.create(
        players,
        // The addresses a player is registered with are the registration itself (docs/rules.md §6), but for an account's.
        fresh.flatMap((row, i) =>
          row.emails.map((address) => ({ id: randomUUID(), playerId: players[i].id, address, verified: !accounts.has(address) })),
        ),
      );
      fresh.forEach((row, i) => playerIdOfLine.set(row.line, players[i].id));
    }

    const last = await this.repo.lastListPosition(competitionId);
    const registrations = await this.repo.register(
      rows.map((row, i) => ({
        id: randomUUID(),
        competitionId,
        groupId: null,
        playerId: playerIdOfLine.get(row.line)!,
        listPosition: last + i + 1,
        seat: null,
        withdrawnAt: null,
        emails: [...new Set(row.emails)],
        createdAt: now,
      })),
    );
    await this.users.ensurePlayerUsers(
      rows.map((row) => {
        // Only addresses that were already the player's (or are a new player's registration): an added one waits for its confirmation.
        const playerId = playerIdOfLine.get(row.line)!;
        const emails = notes.has(playerId) ? row.emails.filter((a) => !notes.get(playerId)!.pendingEmails.includes(a)) : row.emails;
        return { id: playerId, name: row.name, emails };
      }),
    );
    for (const [i, row] of fresh.entries()) {
      for (const address of row.emails) {
        const account = accounts.get(address);
        if (account) await this.identity.askToJoin(actor, competitionId, players[i], account, address);
      }
    }
    const created = new Set<string>(players.map((p) => p.id));
    return { notes, registered: registrations.map((r) => ({ playerId: r.playerId, created: created.has(r.playerId) })) };
  }

  private async listPlayers(actor: Actor, competitionId: string): Promise<PlayerEntryView[]> {
    const competition = await this.repo.find(competitionId);
    if (!competition) throw COMPETITION_NOT_FOUND(competitionId);
    // Addresses are personal: each player sees their own, an admin all; the competition's arbiter
    // only those they typed for it (docs/web.md "A player's identity").
    const runs = canArbitrate(actor, competition);
    const seesAll = actor.kind === 'system' || hasRole(actor, 'admin');
    const groupName = new Map((await this.repo.groups(competitionId)).map((g) => [g.id, g.name]));
    return (await this.repo.entries(competitionId)).map(({ registration: r, player, emails, pendingEmails }) => ({
      playerId: player.id,
      name: player.name,
      club: player.club,
      language: player.language,
      previousCoefficient: player.previousCoefficient === null ? null : toDecimal(player.previousCoefficient),
      previousRank: player.previousRank,
      listPosition: r.listPosition,
      group: r.groupId ? (groupName.get(r.groupId) ?? null) : null,
      seat: r.seat,
      withdrawn: r.withdrawnAt !== null,
      ...(seesAll || (actor.kind === 'user' && actor.playerId === player.id)
        ? { emails, pendingEmails }
        : runs
          ? { emails: emails.filter((a) => r.emails.includes(a)), pendingEmails: pendingEmails.filter((a) => r.emails.includes(a)) }
          : {}),
    }));
  }
}

/** The listed addresses that wait on another player than the one their line names: the list's claim replaces them. */
function waitingElsewhere(
  listed: readonly PlayerEmail[],
  known: ReadonlyArray<{ readonly row: PlayerRow; readonly playerId: string }>,
): PlayerEmail[] {
  const playerOf = new Map(known.flatMap(({ row, playerId }) => row.emails.map((a) => [a, playerId] as const)));
  return listed.filter((e) => !e.verified && playerOf.get(e.address) !== e.playerId);
}
