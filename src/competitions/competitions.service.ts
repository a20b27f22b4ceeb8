import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/core/actor';
import { normalizeEmail } from '../auth/core/email-address';
import { canArbitrate, canCreateCompetition, hidesCompetition } from '../auth/core/permissions';
import { forbidden, notFound, Refusal } from '../common/refusal';
import { UsersService } from '../auth/users.service';
import { toDecimal } from '../coefficients/core/coefficients';
import { Clock } from '../common/clock';
import { Database } from '../database/database';
import type { Bilingual } from '../games/engine';
import { Competition } from './competition.entity';
import {
  rulesOf,
  validateCompetitionSettings,
  type CompetitionRules,
  type CompetitionSettings,
  type CompetitionSettingsInput,
} from './core/competition-settings';
import { updateCompetitionSettings, type CompetitionSettingsChange } from './core/competition-settings-update';
import { CompetitionsRepository, type Entry } from './competitions.repository';
import { GROUP_NAMES, orderEntrants, splitIntoGroups, type GroupDistribution, type GroupOrder, type SplitProblem } from './core/groups';
import { alreadyStarted } from './core/start-plan';
import { Player } from '../players/player.entity';
import { PlayerIdentityService, type ImportNote } from './player-identity.service';
import { PlayersRepository } from './players.repository';
import { parsePlayersCsv, type PlayerRow, type CsvProblem } from './core/players-csv';
import { Sequence } from './sequence.entity';
import { dealRandomSequence, parseTypedSequence, sequenceSha256 } from './core/sequence-dealing';

/** One series and its sequence (docs/rules.md §2); `tiles` typed by the arbiter, or dealt at random when absent. */
export interface SeriesInput {
  readonly label: string;
  readonly tiles?: string;
}

export interface CreateCompetitionInput extends CompetitionSettingsInput {
  /** The arbiter; defaults to the acting arbiter or admin. Only an admin or the platform may name someone else. */
  readonly arbiterUserId?: string;
  /** The arbiter by address (CLI): the user is found, given the arbiter role, or created. Admin or platform only. */
  readonly arbiterEmail?: string;
  /** Default: one series "1", dealt at random. */
  readonly series?: readonly SeriesInput[];
}

export interface GroupsInput {
  /** How many groups of even size … */
  readonly count?: number;
  /** … or the size of each group … */
  readonly sizes?: readonly number[];
  /** … or the groups as the arbiter lists them: players by id or e-mail address, in seat order. */
  readonly lists?: ReadonlyArray<{ readonly name?: string; readonly series?: string; readonly players: readonly string[] }>;
  /** Order players are dealt in (count/sizes): by previous rank (default) or as listed. */
  readonly order?: GroupOrder;
  /** blocks (default: A strongest) or serpentine (groups of even strength). */
  readonly distribution?: GroupDistribution;
  /** Series of each group, in order (count/sizes); default the first series. */
  readonly series?: readonly string[];
}

export interface SequenceView {
  readonly series: string;
  readonly sha256: string;
  readonly source: 'random' | 'typed';
  readonly createdAt: string;
  readonly revealedAt: string | null;
  /** Only once revealed (at the start): before that, only the hash is public. */
  readonly tiles?: string;
}

export interface GroupView {
  readonly id: string;
  readonly name: string;
  readonly series: string;
  readonly players: ReadonlyArray<{ readonly seat: number; readonly playerId: string; readonly name: string }>;
}

export interface CompetitionView {
  readonly id: string;
  readonly name: string;
  readonly shortName: string;
  readonly status: Competition['status'];
  readonly arbiterUserId: string;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly settings: CompetitionRules;
  /** The first series' hash: what most competitions (one series) publish. */
  readonly sequenceSha256: string;
  readonly sequences: readonly SequenceView[];
  readonly groups: readonly GroupView[];
  readonly players: number;
}

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

const COMPETITION_NOT_FOUND = (id: string) => notFound({ ro: `Competiția ${id} nu există.`, en: `There is no competition ${id}.` });
const NOT_ITS_ARBITER = () =>
  forbidden({
    ro: 'Doar arbitrul acestei competiții (sau un administrator) poate face asta.',
    en: 'Only this competition’s arbiter (or an admin) may do that.',
  });
const ALREADY_STARTED = alreadyStarted;

/** Issue 14: the settings change only before the start (the web form says so too). */
export const SETTINGS_FIXED = () =>
  new Refusal(
    'COMPETITION_STARTED',
    {
      ro: 'Competiția a început deja: setările ei nu se mai pot modifica.',
      en: 'The competition has already started: its settings can no longer be changed.',
    },
    409,
  );

/**
 * Competitions (issue 4 §2): create with the dealt sequences, import players, make groups,
 * (games/competition-start.service.ts starts play). Each public method is one transaction with its audit entry;
 * `setUp` does the three in one, for the CLI. The private steps run in whatever unit their caller opened.
 */
@Injectable()
export class CompetitionsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly identity: PlayerIdentityService,
    private readonly repo: CompetitionsRepository,
    private readonly people: PlayersRepository,
  ) {}

  create(actor: Actor, input: CreateCompetitionInput): Promise<CompetitionView> {
    return this.db.transaction(async () => this.view(await this.createCompetition(actor, input)));
  }

  /**
   * A competition created, its players imported and its groups made in one transaction (the CLI's
   * `competition create FILE`): a bad players line or group size leaves no half-made competition behind.
   */
  setUp(
    actor: Actor,
    input: CreateCompetitionInput,
    players?: { readonly csv?: string; readonly groups?: GroupsInput },
  ): Promise<CompetitionView> {
    return this.db.transaction(async () => {
      const competition = await this.createCompetition(actor, input);
      if (players?.csv !== undefined) await this.registerPlayers(actor, competition.id, players.csv);
      if (players?.groups !== undefined) await this.groupPlayers(actor, competition.id, players.groups);
      return this.view(competition);
    });
  }

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
          },
          409,
        );
      }
      throw error;
    }
  }

  makeGroups(actor: Actor, competitionId: string, input: GroupsInput): Promise<CompetitionView> {
    return this.db.transaction(async () => this.view(await this.groupPlayers(actor, competitionId, input)));
  }

  /**
   * Issue 14: the settings changed before the start, checked by the creation rules; only those
   * given change. The audit entry keeps them before and after; an edit that changes nothing writes nothing.
   */
  update(actor: Actor, competitionId: string, change: CompetitionSettingsChange): Promise<CompetitionView> {
    return this.db.transaction(async () => {
      const competition = await this.lockForArbiter(actor, competitionId);
      if (competition.status !== 'draft') throw SETTINGS_FIXED();
      const rules = rulesOf(competition as unknown as CompetitionRules);
      const before: CompetitionSettings = { name: competition.name, shortName: competition.shortName, ...rules };
      const updated = updateCompetitionSettings(before, change);
      if (!updated.ok) {
        throw new Refusal('BAD_INPUT', joinMessages(updated.problems.map((p) => p.message)), 400, { problems: updated.problems });
      }
      if (updated.changed.length) {
        await this.repo.updateSettings(competition.id, updated.settings);
        Object.assign(competition, updated.settings);
        await this.audit.record({
          actor,
          asArbiter: true,
          action: 'competition.updated',
          competitionId,
          details: { changed: [...updated.changed], before: { ...before }, after: { ...updated.settings } },
        });
      }
      return this.view(competition);
    });
  }

  /** Any signed-in user may read a competition: settings, groups and hashes are public, tiles once revealed. */
  get(_actor: Actor, competitionId: string): Promise<CompetitionView> {
    return this.db.run(async () => {
      const competition = await this.repo.find(competitionId);
      if (!competition) throw COMPETITION_NOT_FOUND(competitionId);
      return this.view(competition);
    });
  }

  players(actor: Actor, competitionId: string): Promise<PlayerEntryView[]> {
    return this.db.run(() => this.listPlayers(actor, competitionId));
  }

  /** Creates the competition and deals its sequences; their SHA-256 are public from now on (docs/rules.md §2). */
  private async createCompetition(actor: Actor, input: CreateCompetitionInput): Promise<Competition> {
    if (!canCreateCompetition(actor)) {
      throw forbidden({ ro: 'Doar arbitrii și administratorii creează competiții.', en: 'Only arbiters and admins create competitions.' });
    }
    const checked = validateCompetitionSettings(input);
    if (!checked.ok) {
      throw new Refusal('BAD_INPUT', joinMessages(checked.problems.map((p) => p.message)), 400, { problems: checked.problems });
    }
    const settings = checked.settings;
    const series = this.dealSeries(settings, input.series);
    const arbiterUserId = await this.resolveArbiter(actor, input);
    const now = this.clock.now();
    const id = randomUUID();
    const { competition, sequences } = await this.repo.create(
      { id, ...settings, status: 'draft', arbiterUserId, createdAt: now, startedAt: null },
      series.map((s) => ({
        id: randomUUID(),
        competitionId: id,
        series: s.label,
        tiles: s.tiles,
        sha256: sequenceSha256(s.tiles),
        dealtByUserId: actor.kind === 'user' ? actor.userId : null,
        source: s.source,
        revealedAt: null,
        createdAt: now,
      })),
    );
    await this.audit.record({
      actor,
      asArbiter: true,
      action: 'competition.created',
      competitionId: competition.id,
      // The hashes only: the tiles stay secret until the start, even in the audit log.
      details: {
        name: competition.name,
        arbiterUserId,
        sequences: sequences.map((s) => ({ series: s.series, sha256: s.sha256, source: s.source })),
      },
    });
    return competition;
  }

  /**
   * Registers the players of a CSV (issue 4 §2). All or nothing: any bad line, a missing
   * column or a duplicate address refuses the whole file, every problem listed by line.
   * A player already known by one of their addresses is linked, and changed only as far as
   * the identity rules allow (player-identity.ts); the notes say what was not changed.
   */
  private async registerPlayers(actor: Actor, competitionId: string, csv: string): Promise<{ notes: Map<string, ImportNote> }> {
    const competition = await this.lockForArbiter(actor, competitionId);
    if (competition.status !== 'draft') throw ALREADY_STARTED();
    const parsed = parsePlayersCsv(csv);
    if (!parsed.ok) throw new Refusal(parsed.code, parsed.message, 400, { problems: parsed.problems });

    const owners = new Map((await this.repo.playerEmails(parsed.rows.flatMap((r) => r.emails))).map((e) => [e.address, e.playerId]));
    const registered = await this.repo.registeredPlayerIds(competitionId);
    const lineOfPlayer = new Map<string, number>();
    const problems: CsvProblem[] = [];
    const existing: Array<{ row: PlayerRow; playerId: string }> = [];
    const fresh: PlayerRow[] = [];
    for (const row of parsed.rows) {
      const bad = (message: Bilingual) =>
        problems.push({
          line: row.line,
          column: 'email',
          message: { ro: `linia ${row.line}: ${message.ro}`, en: `line ${row.line}: ${message.en}` },
        });
      const ids = [...new Set(row.emails.map((a) => owners.get(a)).filter((id): id is string => id !== undefined))];
      if (ids.length > 1) {
        bad({ ro: 'adresele aparțin unor jucători diferiți', en: 'the addresses belong to different players' });
      } else if (ids.length === 1 && registered.has(ids[0])) {
        bad({ ro: 'jucătorul este deja înscris în această competiție', en: 'the player is already registered in this competition' });
      } else if (ids.length === 1 && lineOfPlayer.has(ids[0])) {
        bad({
          ro: `este același jucător ca pe linia ${lineOfPlayer.get(ids[0])}`,
          en: `this is the same player as on line ${lineOfPlayer.get(ids[0])}`,
        });
      } else if (ids.length === 1) {
        lineOfPlayer.set(ids[0], row.line);
        existing.push({ row, playerId: ids[0] });
      } else {
        fresh.push(row);
      }
    }
    if (problems.length) {
      throw new Refusal(
        'BAD_CSV',
        joinMessages(
          problems.map((p) => p.message),
          'No player was imported.',
          'Nu s-a importat niciun jucător.',
        ),
        400,
        { problems },
      );
    }

    const now = this.clock.now();
    const playerIdOfLine = new Map<number, string>();
    for (const { row, playerId } of existing) playerIdOfLine.set(row.line, playerId);
    const notes = await this.identity.importKnown(
      actor,
      competitionId,
      existing.map(({ row, playerId }) => ({ listed: row, playerId })),
    );
    if (fresh.length) {
      const players = fresh.map((row) => ({
        id: randomUUID(),
        name: row.name,
        club: row.club,
        language: row.language,
        previousCoefficient: row.previousCoefficient,
        previousRank: row.previousRank,
        createdAt: now,
      }));
      await this.people.create(
        players,
        // The addresses a player is registered with are the registration itself (docs/rules.md §6).
        fresh.flatMap((row, i) => row.emails.map((address) => ({ id: randomUUID(), playerId: players[i].id, address, verified: true }))),
      );
      fresh.forEach((row, i) => playerIdOfLine.set(row.line, players[i].id));
    }

    const last = await this.repo.lastListPosition(competitionId);
    const registrations = await this.repo.register(
      parsed.rows.map((row, i) => ({
        id: randomUUID(),
        competitionId,
        groupId: null,
        playerId: playerIdOfLine.get(row.line)!,
        listPosition: last + i + 1,
        seat: null,
        withdrawnAt: null,
        createdAt: now,
      })),
    );
    for (const row of parsed.rows) {
      // Only addresses that were already the player's (or are a new player's registration): an added one waits for its confirmation.
      const playerId = playerIdOfLine.get(row.line)!;
      const emails = notes.has(playerId) ? row.emails.filter((a) => !notes.get(playerId)!.pendingEmails.includes(a)) : row.emails;
      await this.users.ensurePlayerUser({ id: playerId, name: row.name }, emails);
    }
    await this.audit.record({
      actor,
      asArbiter: true,
      action: 'competition.players_imported',
      competitionId,
      details: { players: registrations.length, created: fresh.length, reused: existing.length },
    });
    return { notes };
  }

  /** Splits the registered players into groups and seats them for the pairing table (docs/rules.md §9). Replaces earlier groups. */
  private async groupPlayers(actor: Actor, competitionId: string, input: GroupsInput): Promise<Competition> {
    const competition = await this.lockForArbiter(actor, competitionId);
    if (competition.status !== 'draft') throw ALREADY_STARTED();
    const ways = [input.count !== undefined, input.sizes !== undefined, input.lists !== undefined].filter(Boolean).length;
    if (ways !== 1) {
      throw badInput({
        ro: 'Dați exact una dintre: numărul de grupe (count), mărimile lor (sizes) sau listele (lists).',
        en: 'Give exactly one of: the number of groups (count), their sizes (sizes) or the lists (lists).',
      });
    }
    const entries = (await this.repo.entries(competitionId)).filter((e) => e.registration.withdrawnAt === null);
    const seriesLabels = (await this.repo.sequences(competitionId)).map((s) => s.series);
    const planned = input.lists
      ? this.groupsFromLists(entries, input.lists, seriesLabels)
      : this.groupsBySize(entries, input, seriesLabels);

    await this.repo.clearGroups(competitionId);
    const groups = await this.repo.insertGroups(
      planned.map((p, i) => ({ id: randomUUID(), competitionId, name: p.name, series: p.series, position: i + 1 })),
    );
    for (const [i, p] of planned.entries()) {
      for (const [s, entry] of p.members.entries()) await this.repo.seat(entry.registration.id, groups[i].id, s + 1);
    }
    await this.audit.record({
      actor,
      asArbiter: true,
      action: 'competition.groups_made',
      competitionId,
      details: {
        how: input.lists
          ? 'lists'
          : { count: input.count, sizes: input.sizes, order: input.order ?? 'rank', distribution: input.distribution ?? 'blocks' },
        groups: planned.map((p) => ({ name: p.name, series: p.series, players: p.members.map((e) => e.player.id) })),
      },
    });
    return competition;
  }

  private async listPlayers(actor: Actor, competitionId: string): Promise<PlayerEntryView[]> {
    const competition = await this.repo.find(competitionId);
    if (!competition) throw COMPETITION_NOT_FOUND(competitionId);
    // Addresses are personal: shown to whoever runs the competition, and to each player for themselves.
    const runs = canArbitrate(actor, competition);
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
      ...(runs || (actor.kind === 'user' && actor.playerId === player.id) ? { emails, pendingEmails } : {}),
    }));
  }

  /** The competition as the API shows it, read in the caller's unit of work. */
  async view(competition: Competition): Promise<CompetitionView> {
    // One after the other: inside a transaction they share one connection anyway.
    const groups = await this.repo.groups(competition.id);
    const sequences = await this.repo.sequences(competition.id);
    const entries = await this.repo.entries(competition.id);
    const c = competition;
    return {
      id: c.id,
      name: c.name,
      shortName: c.shortName,
      status: c.status,
      arbiterUserId: c.arbiterUserId,
      createdAt: c.createdAt.toISOString(),
      startedAt: c.startedAt?.toISOString() ?? null,
      // Dates are `date` columns, read back as YYYY-MM-DD strings.
      settings: rulesOf(c as unknown as CompetitionRules),
      sequenceSha256: sequences[0]?.sha256 ?? '',
      sequences: sequences.map(sequenceView),
      groups: groups.map((g) => ({
        id: g.id,
        name: g.name,
        series: g.series,
        players: entries
          .filter((e) => e.registration.groupId === g.id)
          .sort((a, b) => a.registration.seat! - b.registration.seat!)
          .map((e) => ({ seat: e.registration.seat!, playerId: e.player.id, name: e.player.name })),
      })),
      players: entries.length,
    };
  }

  /**
   * The competition, locked in the caller's transaction, after checking the actor runs it: 404 (also
   * to another arbiter, issue 12 §8), then 403.
   */
  async lockForArbiter(actor: Actor, competitionId: string): Promise<Competition> {
    const competition = await this.repo.lock(competitionId);
    if (!competition || hidesCompetition(actor, competition)) throw COMPETITION_NOT_FOUND(competitionId);
    if (!canArbitrate(actor, competition)) throw NOT_ITS_ARBITER();
    return competition;
  }

  private async resolveArbiter(actor: Actor, input: CreateCompetitionInput): Promise<string> {
    const mayName = actor.kind === 'system' || actor.roles.includes('admin');
    if (input.arbiterEmail !== undefined || input.arbiterUserId !== undefined) {
      const self = actor.kind === 'user' && input.arbiterUserId === actor.userId && input.arbiterEmail === undefined;
      if (!mayName && !self) {
        throw forbidden({ ro: 'Doar un administrator numește arbitrul altcuiva.', en: 'Only an admin names someone else as arbiter.' });
      }
    }
    if (input.arbiterEmail !== undefined) {
      return (await this.users.ensureUserWithRole({ email: input.arbiterEmail, role: 'arbiter' })).user.id;
    }
    if (input.arbiterUserId !== undefined) {
      const user = await this.users.findUser(input.arbiterUserId);
      if (!user || !(user.roles.includes('arbiter') || user.roles.includes('admin'))) {
        throw badInput({
          ro: 'Arbitrul ales nu este un utilizator cu rol de arbitru.',
          en: 'The chosen arbiter is not a user with the arbiter role.',
        });
      }
      return user.id;
    }
    if (actor.kind === 'user') return actor.userId;
    throw badInput({ ro: 'Lipsește arbitrul competiției (arbiterEmail).', en: 'The competition’s arbiter is missing (arbiterEmail).' });
  }

  /** The series' sequences: typed ones checked against the tile set, the others dealt at random (docs/rules.md §2). */
  private dealSeries(settings: CompetitionSettings, series: readonly SeriesInput[] | undefined) {
    const wanted = series && series.length ? series : [{ label: '1' }];
    const labels = wanted.map((s) => s.label.trim());
    if (labels.some((l) => !l || l.length > 20) || new Set(labels).size !== labels.length || labels.length > GROUP_NAMES.length) {
      throw badInput({
        ro: 'Fiecare serie are o etichetă proprie de 1–20 de caractere (cel mult 26 de serii).',
        en: 'Each series has its own label of 1–20 characters (at most 26 series).',
      });
    }
    return wanted.map((s, i) => {
      if (s.tiles === undefined) return { label: labels[i], tiles: dealRandomSequence(settings.tileSet), source: 'random' as const };
      const typed = parseTypedSequence(settings.tileSet, s.tiles);
      if (!typed.ok) {
        throw new Refusal(
          'BAD_SEQUENCE',
          { ro: `Seria ${labels[i]}: ${typed.message.ro}`, en: `Series ${labels[i]}: ${typed.message.en}` },
          400,
          {
            series: labels[i],
            problems: typed.problems,
          },
        );
      }
      return { label: labels[i], tiles: typed.tiles, source: 'typed' as const };
    });
  }

  private groupsBySize(entries: Entry[], input: GroupsInput, seriesLabels: readonly string[]) {
    const ordered = orderEntrants(
      entries.map((e) => ({ entry: e, listPosition: e.registration.listPosition, previousRank: e.player.previousRank })),
      input.order ?? 'rank',
    );
    const split = splitIntoGroups(
      ordered,
      input.sizes !== undefined ? { sizes: input.sizes } : { count: input.count! },
      input.distribution ?? 'blocks',
    );
    if (!split.ok) throw badInput(splitMessage(split.problem));
    if (input.series && input.series.length !== split.groups.length) {
      throw badInput({
        ro: `Dați seria pentru fiecare dintre cele ${split.groups.length} grupe.`,
        en: `Give the series of each of the ${split.groups.length} groups.`,
      });
    }
    return split.groups.map((members, i) => ({
      name: GROUP_NAMES[i],
      series: checkSeries(input.series?.[i] ?? seriesLabels[0], seriesLabels),
      members: members.map((o) => o.entry),
    }));
  }

  private groupsFromLists(entries: Entry[], lists: NonNullable<GroupsInput['lists']>, seriesLabels: readonly string[]) {
    const byKey = new Map<string, Entry>();
    for (const e of entries) {
      byKey.set(e.player.id, e);
      for (const address of e.emails) byKey.set(address, e);
    }
    const placed = new Map<string, string>();
    const unknown: string[] = [];
    const twice: string[] = [];
    const planned = lists.map((list, i) => {
      const name = (list.name ?? GROUP_NAMES[i] ?? '').trim();
      const members: Entry[] = [];
      for (const key of list.players) {
        const entry = byKey.get(key) ?? byKey.get(normalizeEmail(key));
        if (!entry) unknown.push(key);
        else if (placed.has(entry.player.id)) twice.push(`${entry.player.name} (${placed.get(entry.player.id)}, ${name})`);
        else {
          placed.set(entry.player.id, name);
          members.push(entry);
        }
      }
      return { name, series: checkSeries(list.series ?? seriesLabels[0], seriesLabels), members };
    });
    const missing = entries.filter((e) => !placed.has(e.player.id)).map((e) => e.player.name);
    const names = planned.map((p) => p.name);
    const problems: Bilingual[] = [];
    if (lists.length === 0 || lists.length > GROUP_NAMES.length) problems.push({ ro: 'între 1 și 26 de grupe', en: 'from 1 to 26 groups' });
    if (names.some((n) => !n || n.length > 20) || new Set(names).size !== names.length) {
      problems.push({ ro: 'fiecare grupă are un nume propriu de 1–20 de caractere', en: 'each group has its own name of 1–20 characters' });
    }
    if (unknown.length) problems.push({ ro: `neînscriși: ${unknown.join(', ')}`, en: `not registered: ${unknown.join(', ')}` });
    if (twice.length) problems.push({ ro: `în două grupe: ${twice.join(', ')}`, en: `in two groups: ${twice.join(', ')}` });
    if (missing.length) problems.push({ ro: `fără grupă: ${missing.join(', ')}`, en: `in no group: ${missing.join(', ')}` });
    const small = planned.filter((p) => p.members.length < 2).map((p) => p.name);
    if (small.length)
      problems.push({
        ro: `grupe cu mai puțin de 2 jucători: ${small.join(', ')}`,
        en: `groups with fewer than 2 players: ${small.join(', ')}`,
      });
    if (problems.length) throw badInput(joinMessages(problems, 'The groups cannot be made:', 'Grupele nu se pot face:'));
    return planned;
  }
}

function sequenceView(s: Sequence): SequenceView {
  return {
    series: s.series,
    sha256: s.sha256,
    source: s.source,
    createdAt: s.createdAt.toISOString(),
    revealedAt: s.revealedAt?.toISOString() ?? null,
    ...(s.revealedAt ? { tiles: s.tiles } : {}),
  };
}

function checkSeries(label: string, labels: readonly string[]): string {
  if (!labels.includes(label)) {
    throw badInput({
      ro: `Seria „${label}” nu există (serii: ${labels.join(', ')}).`,
      en: `No series "${label}" (series: ${labels.join(', ')}).`,
    });
  }
  return label;
}

function splitMessage(p: SplitProblem): Bilingual {
  switch (p.kind) {
    case 'sizes-sum':
      return {
        ro: `Mărimile grupelor însumează ${p.sum}, dar sunt ${p.players} jucători.`,
        en: `The group sizes add up to ${p.sum}, but there are ${p.players} players.`,
      };
    case 'size-range':
      return { ro: `O grupă de ${p.size} jucători nu se poate juca (2–32).`, en: `A group of ${p.size} players cannot be played (2–32).` };
    case 'count-range':
      return {
        ro: `${p.players} jucători nu se pot împărți în ${p.count} grupe de cel puțin 2 (cel mult 26 de grupe).`,
        en: `${p.players} players cannot make ${p.count} groups of at least 2 (at most 26 groups).`,
      };
  }
}

function badInput(message: Bilingual): Refusal {
  return new Refusal('BAD_INPUT', message, 400);
}

function joinMessages(messages: readonly Bilingual[], enHead = '', roHead = ''): Bilingual {
  const join = (parts: string[], head: string) => `${head ? `${head} ` : ''}${parts.join('; ')}.`;
  return {
    ro: join(
      messages.map((x) => x.ro),
      roHead,
    ),
    en: join(
      messages.map((x) => x.en),
      enHead,
    ),
  };
}
