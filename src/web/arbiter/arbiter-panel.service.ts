import { Inject, Injectable } from '@nestjs/common';
import { arbitratedCompetition } from '../../arbiter/arbitrated-competition';
import { caseRefusals } from '../../arbiter/core/case-rules';
import { AuditRepository } from '../../audit/audit.repository';
import { AuditService } from '../../audit/audit.service';
import { CLOSING_CASE, type Case } from '../../arbiter/case.entity';
import type { JsonObject } from '../../common/json';
import { CasesRepository } from '../../arbiter/cases.repository';
import { RulingsRepository } from '../../arbiter/rulings.repository';
import type { UserActor } from '../../auth/core/actor';
import { hasRole } from '../../auth/core/actor';
import { Clock } from '../../common/clock';
import { formatCoefficient } from '../../common/coefficient-format';
import { ResultsRepository } from '../../games/persistence/results.repository';
import type { Result } from '../../games/entities/result.entity';
import type { Competition } from '../../competitions/competition.entity';
import { CompetitionsRepository } from '../../competitions/competitions.repository';
import { PlayersRepository } from '../../competitions/players.repository';
import { SETTINGS, type Settings } from '../../config/settings';
import { Database } from '../../database/database';
import type { Game } from '../../games/entities/game.entity';
import { Lexicons } from '../../games/persistence/lexicons.service';
import { INBOUND_MAIL_STATUSES, type InboundMailStatus } from '../../mail/inbound-mail.entity';
import { OUTBOUND_MAIL_STATUSES, type OutboundMailStatus } from '../../notifications/outbound-mail.entity';
import { localDate } from '../../common/calendar';
import { GameListingsRepository } from '../../games/persistence/game-listings.repository';
import { InboundMailRepository } from '../../mail/inbound-mail.repository';
import { OutboxRepository } from '../../notifications/outbox.repository';
import { withoutReplyTokens } from '../../notifications/reply-token';
import { buildDashboard, type Dashboard } from './dashboard';
import { namedIn, readableAuditLog } from './audit-log';
import { AUDIT_KINDS, roughInstants, withinDays, type AuditFilter } from './audit-filter';
import { personName } from '../../auth/display-name';
import { UserRepository } from '../../auth/user.repository';
import type { WebLanguage } from '../web-request';

export const OUTBOX_STATUSES: readonly OutboundMailStatus[] = OUTBOUND_MAIL_STATUSES;
export { INBOUND_MAIL_STATUSES };
const LIST_LIMIT = 300;

export interface CompetitionRow {
  readonly id: string;
  readonly name: string;
  readonly shortName: string;
  readonly status: Competition['status'];
  readonly startDate: string;
  readonly closingDate: string;
  readonly openCases: number;
}

export interface GameRow {
  readonly id: string;
  readonly group: string;
  readonly round: number;
  readonly red: string;
  readonly blue: string;
  readonly status: Game['status'];
  readonly turn: number;
  readonly result: null | {
    readonly status: Result['status'];
    readonly scores: string;
    /** In English (`0.4700 – 1.5300`); pages write it in their language from `coefficientValues` (localisedResult). */
    readonly coefficients: string;
    readonly coefficientValues: { readonly red: number; readonly blue: number };
    readonly automatic: boolean;
  };
}

/** A game on the homologation page: its proposed result, or (unfinished) its closing-date case's payload. */
export type HomologationGameRow = GameRow & { readonly closing: JsonObject | null };

const { notYours } = caseRefusals;

/**
 * What the arbiter's panel reads (docs/web.md, Arbiter's panel): the arbiter's competitions and open cases,
 * games, results, mail, lexicons. Changes go through their services: games, results and time
 * through theirs, cases and the commission's appeals through the arbiter's (CasesService,
 * AppealsService), word lists through Lexicons, whose upload this service audits.
 */
@Injectable()
export class ArbiterPanelService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly lexicons: Lexicons,
    private readonly competitionRows: CompetitionsRepository,
    private readonly cases: CasesRepository,
    private readonly players: PlayersRepository,
    private readonly results: ResultsRepository,
    private readonly auditEntries: AuditRepository,
    private readonly rulings: RulingsRepository,
    private readonly gameListings: GameListingsRepository,
    private readonly outboxRows: OutboxRepository,
    private readonly inboxRows: InboundMailRepository,
    private readonly users: UserRepository,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** An admin sees every competition (no arbiter to filter by); an arbiter only theirs. */
  private scope(actor: UserActor): string | undefined {
    return hasRole(actor, 'admin') ? undefined : actor.userId;
  }

  competitions(actor: UserActor): Promise<CompetitionRow[]> {
    return this.db.run(async () => {
      const list = await this.competitionRows.list(this.scope(actor));
      const open = await this.cases.openIn(list.map((c) => c.id));
      return list.map((c) => ({
        id: c.id,
        name: c.name,
        shortName: c.shortName,
        status: c.status,
        startDate: c.startDate,
        closingDate: c.closingDate,
        openCases: open.filter((o) => o.competitionId === c.id).length,
      }));
    });
  }

  /** The competition, if the actor runs it: another arbiter's is "not found" (its existence is no business of theirs). */
  competition(actor: UserActor, id: string): Promise<Competition> {
    return this.db.run(() => arbitratedCompetition(this.competitionRows, actor, id));
  }

  /** The game's competition, if the actor runs it (the game itself is read by GameReadsService.view). */
  async gameCompetition(actor: UserActor, gameId: string): Promise<Competition> {
    return this.db.run(async () => {
      const game = await this.gameListings.game(gameId);
      if (!game) throw notYours({ ro: `Partida ${gameId}`, en: `Game ${gameId}`, pl: `Partia ${gameId}` });
      return arbitratedCompetition(this.competitionRows, actor, game.competitionId);
    });
  }

  /** Open cases of all the actor's competitions, grouped by urgency. */
  dashboard(actor: UserActor, competitionId?: string): Promise<Dashboard> {
    return this.db.run(async () => {
      const competitions = competitionId
        ? [await arbitratedCompetition(this.competitionRows, actor, competitionId)]
        : await this.competitionRows.runBy(this.scope(actor));
      const name = new Map(competitions.map((c) => [c.id, c.shortName || c.name]));
      const open = await this.cases.openIn(competitions.map((c) => c.id));
      const today = localDate(this.clock.now(), competitions[0]?.timeZone);
      const players = await this.casePlayers(open);
      return buildDashboard(
        open.map((c) => ({
          id: c.id,
          kind: c.kind,
          competitionId: c.competitionId,
          competitionName: name.get(c.competitionId) ?? '',
          gameId: c.gameId,
          dueOn: c.dueOn,
          openedAt: c.openedAt.toISOString(),
          payload: c.payload,
          ...(c.gameId && players.has(c.gameId) && { players: players.get(c.gameId) }),
        })),
        today,
      );
    });
  }

  /** The players' names of each case's game, by colour: a dashboard row names them. */
  private async casePlayers(cases: readonly Case[]): Promise<Map<string, { red: string; blue: string }>> {
    const ids = [...new Set(cases.map((c) => c.gameId).filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const games = await this.gameListings.playersOf(ids);
    const names = await this.players.names(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]));
    return new Map(games.map((g) => [g.id, { red: names.get(g.redPlayerId) ?? '', blue: names.get(g.bluePlayerId) ?? '' }]));
  }

  games(actor: UserActor, competitionId: string): Promise<GameRow[]> {
    return this.db.run(async () => {
      await arbitratedCompetition(this.competitionRows, actor, competitionId);
      return this.gameRows(await this.gameListings.gamesOf(competitionId));
    });
  }

  private async gameRows(games: readonly Game[]): Promise<GameRow[]> {
    if (games.length === 0) return [];
    const players = await this.players.names(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]));
    const groups = new Map((await this.competitionRows.groupsByIds([...new Set(games.map((g) => g.groupId))])).map((g) => [g.id, g.name]));
    const results = new Map((await this.results.ofGames(games.map((g) => g.id))).map((r) => [r.gameId, r]));
    return games.map((g) => {
      const r = results.get(g.id);
      return {
        id: g.id,
        group: groups.get(g.groupId) ?? '',
        round: g.round,
        red: players.get(g.redPlayerId) ?? '',
        blue: players.get(g.bluePlayerId) ?? '',
        status: g.status,
        turn: g.turn,
        result: r
          ? {
              status: r.status,
              scores: `${r.redScore} – ${r.blueScore}`,
              coefficients: `${formatCoefficient(r.redCoefficient)} – ${formatCoefficient(r.blueCoefficient)}`,
              coefficientValues: { red: r.redCoefficient, blue: r.blueCoefficient },
              automatic: r.automatic,
            }
          : null,
      };
    });
  }

  /** Games whose result waits for homologation (proposed), soonest due first. */
  /**
   * The games waiting for homologation: each ended game's proposed result, and each unfinished
   * game whose closing-date case is open, with that case's proposal and the players'
   * declarations (docs/rules.md "The closing date"), in the games' order.
   */
  toHomologate(actor: UserActor, competitionId: string): Promise<HomologationGameRow[]> {
    return this.db.run(async () => {
      await arbitratedCompetition(this.competitionRows, actor, competitionId);
      const closing = new Map(
        (await this.cases.openOf(competitionId)).filter((c) => c.kind === CLOSING_CASE && c.gameId).map((c) => [c.gameId!, c.payload]),
      );
      const games = (await this.gameListings.gamesOf(competitionId)).filter(
        (g) => g.status === 'ended' || (g.status === 'playing' && closing.has(g.id)),
      );
      return (await this.gameRows(games))
        .filter((g) => g.result?.status === 'proposed' || (g.status === 'playing' && closing.has(g.id)))
        .map((g) => ({ ...g, closing: g.status === 'playing' ? closing.get(g.id)! : null }));
    });
  }

  /** Today in a competition's time zone (the injected clock's). */
  today(timeZone: string) {
    return localDate(this.clock.now(), timeZone);
  }

  /** The platform's time zone (TZ_DEFAULT): the mail log's times, which span competitions. */
  get timeZone(): string {
    return this.settings.timeZone;
  }

  /**
   * The audit log and the rulings in sentences, times in the competition's time zone, each
   * naming who acted; narrowed by the page's filter (audit-filter.ts).
   */
  readableAudit(
    actor: UserActor,
    competitionId: string,
    lang: WebLanguage,
    options?: { readonly withEntries?: boolean; readonly filter?: AuditFilter },
  ) {
    const filter = options?.filter ?? {};
    return this.db.run(async () => {
      const competition = await arbitratedCompetition(this.competitionRows, actor, competitionId);
      const rough = roughInstants(filter);
      const player = filter.playerId
        ? { id: filter.playerId, userId: (await this.users.ofPlayer(filter.playerId))?.id ?? null }
        : undefined;
      const kind = filter.kind ? AUDIT_KINDS[filter.kind] : undefined;
      // The appeals page wants the rulings alone: it need not read the audit entries.
      const entries = (
        options?.withEntries === false
          ? []
          : await this.auditEntries.filteredOf(competition.id, { player, actionPrefixes: kind?.prefixes, ...rough }, LIST_LIMIT)
      ).filter((e) => withinDays(e.at, competition.timeZone, filter));
      const rulings =
        filter.kind && filter.kind !== 'rulings'
          ? []
          : (await this.rulings.latestOf(competition.id, LIST_LIMIT, rough)).filter((r) =>
              withinDays(r.createdAt, competition.timeZone, filter),
            );
      const named = namedIn(entries, rulings);
      const games = await this.gameListings.playersOf(named.gameIds);
      const actorIds = [...new Set(entries.map((e) => e.actorUserId).filter((id): id is string => id !== null))];
      const [users] = actorIds.length ? await this.users.namesAndEmailsOf(actorIds) : [[]];
      const name = await this.players.names([...named.playersOf(games), ...users.map((u) => u.playerId)]);
      const actors = new Map(users.map((u) => [u.id, (u.playerId && name.get(u.playerId)) || personName(u.displayName)]));
      // A player's rulings are those of their games.
      const playsIn = new Set(
        games.filter((g) => g.redPlayerId === filter.playerId || g.bluePlayerId === filter.playerId).map((g) => g.id),
      );
      const shownRulings = filter.playerId ? rulings.filter((r) => r.gameId !== null && playsIn.has(r.gameId)) : rulings;
      return readableAuditLog({ entries, rulings: shownRulings, games, name, actors }, competition, lang);
    });
  }

  /** The games of the actor's competitions (all for an admin); null means no limit. */
  private async gameIdsInScope(actor: UserActor): Promise<string[] | null> {
    return hasRole(actor, 'admin') ? null : this.gameListings.gameIdsRunBy(actor.userId);
  }

  private async playerIdsInScope(actor: UserActor): Promise<string[] | null> {
    return hasRole(actor, 'admin') ? null : this.competitionRows.playerIdsRunBy(actor.userId);
  }

  /**
   * The outbox (docs/mail-rules.md 17) of the actor's competitions' games, newest first (all for an
   * admin). Not by player (docs/web.md, Security model), or an arbiter would read the mail of their players'
   * games in competitions others run, and their login mail.
   */
  outbox(actor: UserActor, status?: string) {
    const wanted = OUTBOX_STATUSES.includes(status as OutboundMailStatus) ? (status as OutboundMailStatus) : undefined;
    return this.db.run(async () => {
      const games = await this.gameIdsInScope(actor);
      if (games && games.length === 0) return [];
      const rows = await this.outboxRows.newestFirst(wanted, games, LIST_LIMIT);
      const names = await this.players.names(rows.map((r) => r.playerId));
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        to: names.get(r.playerId ?? '') ?? '',
        template: r.template,
        language: r.language,
        gameId: r.gameId,
        status: r.status,
        attempts: r.attempts,
        sentAt: r.sentAt?.toISOString() ?? null,
        // docs/web.md, Security model: an SMTP answer may quote the Message-ID, whose reply token is the player's alone.
        lastError: r.lastError === null ? null : withoutReplyTokens(r.lastError),
      }));
    });
  }

  /** The inbox (docs/mail-rules.md 11): mail of the actor's competitions' players and games, newest first, without bodies. */
  inbox(actor: UserActor, status?: string) {
    const wanted = INBOUND_MAIL_STATUSES.includes(status as InboundMailStatus) ? (status as InboundMailStatus) : undefined;
    return this.db.run(async () => {
      const [players, games] = [await this.playerIdsInScope(actor), await this.gameIdsInScope(actor)];
      const scope = players === null || games === null ? null : { playerIds: players, gameIds: games };
      const rows = await this.inboxRows.newestFirst(wanted, scope, LIST_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        receivedAt: r.receivedAt.toISOString(),
        from: r.fromAddress,
        // What a sender wrote may quote a token; the arbiter is not its addressee.
        subject: r.subject === null ? null : withoutReplyTokens(r.subject),
        status: r.status,
        reason: r.reason,
        error: r.error === null ? null : withoutReplyTokens(r.error),
        gameId: r.gameId,
      }));
    });
  }

  /** The word against the competition's word list (docs/rules.md §3); null when it names none or the file is missing. */
  async wordCheck(
    actor: UserActor,
    competitionId: string,
    word: string,
  ): Promise<{ word: string; lexicon: string | null; known: boolean | null }> {
    const competition = await this.competition(actor, competitionId);
    const trimmed = word.trim();
    if (!trimmed) throw caseRefusals.missing('word', 'cuvântul', 'wyraz');
    const lexicon = await this.lexicons.wordList(competition);
    return { word: trimmed, lexicon: competition.lexicon, known: lexicon ? lexicon.has(trimmed) : null };
  }

  /** Lexicons on disk, for the create form and the upload page. */
  lexiconNames(): Promise<string[]> {
    return this.lexicons.names();
  }

  /** Stores a word list (Lexicons.upload never replaces one), audited. */
  async uploadLexicon(actor: UserActor, name: string, text: string): Promise<{ name: string; words: number }> {
    if (!hasRole(actor, 'arbiter') && !hasRole(actor, 'admin')) throw notYours({ ro: 'Lexiconul', en: 'The word list', pl: 'Słownik' });
    const uploaded = await this.lexicons.upload(name, text);
    const details = { name: uploaded.name, words: uploaded.words };
    await this.db.transaction(() => this.audit.record({ actor, asArbiter: true, action: 'lexicon.uploaded', details }));
    return uploaded;
  }

  /** The player at a colour of a game the actor runs (for an exclusion from the game page). */
  async playerAt(actor: UserActor, gameId: string, color: 'red' | 'blue'): Promise<{ competitionId: string; playerId: string }> {
    return this.db.run(async () => {
      const game = await this.gameListings.game(gameId);
      if (!game) throw notYours({ ro: `Partida ${gameId}`, en: `Game ${gameId}`, pl: `Partia ${gameId}` });
      await arbitratedCompetition(this.competitionRows, actor, game.competitionId);
      return { competitionId: game.competitionId, playerId: color === 'red' ? game.redPlayerId : game.bluePlayerId };
    });
  }
}
