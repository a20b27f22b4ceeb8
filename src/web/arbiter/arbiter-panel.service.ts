import { Inject, Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { arbitratedCompetition } from '../../arbiter/arbitrated-competition';
import { caseRefusals } from '../../arbiter/core/case-rules';
import { AuditService } from '../../audit/audit.service';
import { Case } from '../../arbiter/case.entity';
import type { UserActor } from '../../auth/core/actor';
import { hasRole } from '../../auth/core/actor';
import { Clock } from '../../common/clock';
import { formatCoefficient } from '../../coefficients/core/coefficients';
import { Result } from '../../games/result.entity';
import { Competition } from '../../competitions/competition.entity';
import { Group } from '../../competitions/group.entity';
import { Player } from '../../players/player.entity';
import { Registration } from '../../competitions/registration.entity';
import { SETTINGS, type Settings } from '../../config/settings';
import { Database } from '../../database/database';
import { isUuid } from '../../common/ids';
import { Game } from '../../games/game.entity';
import { Lexicons } from '../../games/lexicons';
import { InboundMail, INBOUND_MAIL_STATUSES, type InboundMailStatus } from '../../mail/inbound-mail.entity';
import { OUTBOUND_MAIL_STATUSES, OutboundMail, type OutboundMailStatus } from '../../notifications/outbound-mail.entity';
import { localDate } from '../../thinking-time/core/calendar';
import { buildDashboard, type Dashboard } from './dashboard';
import { readableAuditLog } from './audit-log';
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

const { notYours } = caseRefusals;

/**
 * What the arbiter's panel reads (issue 7 §3): the arbiter's competitions and open cases,
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
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** An admin sees every competition; an arbiter only theirs. */
  private scope(actor: UserActor): FindOptionsWhere<Competition> {
    return hasRole(actor, 'admin') ? {} : { arbiterUserId: actor.userId };
  }

  competitions(actor: UserActor): Promise<CompetitionRow[]> {
    return this.db.run(async (m) => {
      const list = await m.find(Competition, { where: this.scope(actor), order: { createdAt: 'DESC' } });
      const open = list.length ? await m.findBy(Case, { competitionId: In(list.map((c) => c.id)), status: 'open' }) : [];
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
    return this.db.run((m) => arbitratedCompetition(m, actor, id));
  }

  /** The game's competition, if the actor runs it (the game itself is read by GameReadsService.view). */
  async gameCompetition(actor: UserActor, gameId: string): Promise<Competition> {
    return this.db.run(async (m) => {
      const game = isUuid(gameId) ? await m.findOneBy(Game, { id: gameId }) : null;
      if (!game) throw notYours(`Partida ${gameId}`);
      return arbitratedCompetition(m, actor, game.competitionId);
    });
  }

  /** Open cases of all the actor's competitions, grouped by urgency. */
  dashboard(actor: UserActor, competitionId?: string): Promise<Dashboard> {
    return this.db.run(async (m) => {
      const competitions = competitionId
        ? [await arbitratedCompetition(m, actor, competitionId)]
        : await m.find(Competition, { where: this.scope(actor) });
      const name = new Map(competitions.map((c) => [c.id, c.shortName || c.name]));
      const open = competitions.length
        ? await m.find(Case, { where: { competitionId: In(competitions.map((c) => c.id)), status: 'open' }, order: { openedAt: 'ASC' } })
        : [];
      const today = localDate(this.clock.now(), competitions[0]?.timeZone);
      const players = await this.casePlayers(m, open);
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
  private async casePlayers(m: EntityManager, cases: readonly Case[]): Promise<Map<string, { red: string; blue: string }>> {
    const ids = [...new Set(cases.map((c) => c.gameId).filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const games = await m.find(Game, { where: { id: In(ids) }, select: { id: true, redPlayerId: true, bluePlayerId: true } });
    const names = await this.playerNames(
      m,
      games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]),
    );
    return new Map(games.map((g) => [g.id, { red: names.get(g.redPlayerId) ?? '', blue: names.get(g.bluePlayerId) ?? '' }]));
  }

  games(actor: UserActor, competitionId: string): Promise<GameRow[]> {
    return this.db.run(async (m) => {
      await arbitratedCompetition(m, actor, competitionId);
      const games = await m.find(Game, { where: { competitionId }, order: { round: 'ASC', id: 'ASC' } });
      return this.gameRows(m, games);
    });
  }

  private async gameRows(m: EntityManager, games: readonly Game[]): Promise<GameRow[]> {
    if (games.length === 0) return [];
    const ids = [...new Set(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]))];
    const players = new Map((await m.findBy(Player, { id: In(ids) })).map((p) => [p.id, p.name]));
    const groups = new Map((await m.findBy(Group, { id: In([...new Set(games.map((g) => g.groupId))]) })).map((g) => [g.id, g.name]));
    const results = new Map((await m.findBy(Result, { gameId: In(games.map((g) => g.id)) })).map((r) => [r.gameId, r]));
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
  toHomologate(actor: UserActor, competitionId: string): Promise<GameRow[]> {
    return this.db.run(async (m) => {
      await arbitratedCompetition(m, actor, competitionId);
      const games = await m.find(Game, { where: { competitionId, status: 'ended' }, order: { endedAt: 'ASC', id: 'ASC' } });
      return (await this.gameRows(m, games)).filter((g) => g.result?.status === 'proposed');
    });
  }

  /** The platform's time zone (TZ_DEFAULT): the mail log's times, which span competitions. */
  get timeZone(): string {
    return this.settings.timeZone;
  }

  /** The audit log and the rulings in sentences, times in the competition's time zone (issue 14 item 6). */
  readableAudit(actor: UserActor, competitionId: string, lang: WebLanguage, options?: { readonly withEntries?: boolean }) {
    return this.db.run(async (m) => readableAuditLog(m, await arbitratedCompetition(m, actor, competitionId), lang, LIST_LIMIT, options));
  }

  /** The games of the actor's competitions (all for an admin); null means no limit. */
  private async gameIdsInScope(m: EntityManager, actor: UserActor): Promise<string[] | null> {
    if (hasRole(actor, 'admin')) return null;
    return (
      await m
        .createQueryBuilder(Game, 'g')
        .innerJoin(Competition, 'c', 'c.id = g.competition_id')
        .where('c.arbiter_user_id = :userId', { userId: actor.userId })
        .select('g.id', 'id')
        .getRawMany<{ id: string }>()
    ).map((g) => g.id);
  }

  private async playerIdsInScope(m: EntityManager, actor: UserActor): Promise<string[] | null> {
    if (hasRole(actor, 'admin')) return null;
    return (
      await m
        .createQueryBuilder(Registration, 'r')
        .innerJoin(Competition, 'c', 'c.id = r.competition_id')
        .where('c.arbiter_user_id = :userId', { userId: actor.userId })
        .select('DISTINCT r.player_id', 'id')
        .getRawMany<{ id: string }>()
    ).map((r) => r.id);
  }

  /**
   * The outbox (docs/mail-rules.md 17) of the actor's competitions' games, newest first (all for an
   * admin). Issue 12 §8: not by player, or an arbiter would read the mail of their players'
   * games in competitions others run, and their login mail.
   */
  outbox(actor: UserActor, status?: string) {
    const wanted = OUTBOX_STATUSES.includes(status as OutboundMailStatus) ? (status as OutboundMailStatus) : undefined;
    return this.db.run(async (m) => {
      const games = await this.gameIdsInScope(m, actor);
      if (games && games.length === 0) return [];
      const rows = await m.find(OutboundMail, {
        where: { ...(wanted && { status: wanted }), ...(games && { gameId: In(games) }) },
        order: { createdAt: 'DESC', id: 'ASC' },
        take: LIST_LIMIT,
      });
      const names = await this.playerNames(
        m,
        rows.map((r) => r.playerId),
      );
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
        lastError: r.lastError,
      }));
    });
  }

  /** The inbox (docs/mail-rules.md 11): mail of the actor's competitions' players and games, newest first, without bodies. */
  inbox(actor: UserActor, status?: string) {
    const wanted = INBOUND_MAIL_STATUSES.includes(status as InboundMailStatus) ? (status as InboundMailStatus) : undefined;
    return this.db.run(async (m) => {
      const [players, games] = [await this.playerIdsInScope(m, actor), await this.gameIdsInScope(m, actor)];
      const base: FindOptionsWhere<InboundMail> = wanted ? { status: wanted } : {};
      const where: FindOptionsWhere<InboundMail>[] = [];
      if (players === null || games === null) where.push(base);
      else {
        // Issue 12 §8: a player's mail about a game of another arbiter's competition is not theirs to read.
        if (players.length) where.push({ ...base, playerId: In(players), gameId: IsNull() });
        if (games.length) where.push({ ...base, gameId: In(games) });
      }
      if (where.length === 0) return [];
      const rows = await m.find(InboundMail, {
        where,
        select: {
          id: true,
          receivedAt: true,
          fromAddress: true,
          subject: true,
          status: true,
          reason: true,
          error: true,
          gameId: true,
          playerId: true,
          attempts: true,
        },
        order: { receivedAt: 'DESC', id: 'ASC' },
        take: LIST_LIMIT,
      });
      return rows.map((r) => ({
        id: r.id,
        receivedAt: r.receivedAt.toISOString(),
        from: r.fromAddress,
        subject: r.subject,
        status: r.status,
        reason: r.reason,
        error: r.error,
        gameId: r.gameId,
      }));
    });
  }

  private async playerNames(m: EntityManager, ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    return new Map(wanted.length ? (await m.findBy(Player, { id: In(wanted) })).map((p) => [p.id, p.name]) : []);
  }

  /** The word against the competition's word list (docs/rules.md §3); null when it names none or the file is missing. */
  async wordCheck(
    actor: UserActor,
    competitionId: string,
    word: string,
  ): Promise<{ word: string; lexicon: string | null; known: boolean | null }> {
    const competition = await this.competition(actor, competitionId);
    const trimmed = word.trim();
    if (!trimmed) throw caseRefusals.missing('word', 'cuvântul');
    const lexicon = await this.lexicons.wordList(competition);
    return { word: trimmed, lexicon: competition.lexicon, known: lexicon ? lexicon.has(trimmed) : null };
  }

  /** Lexicons on disk, for the create form and the upload page. */
  lexiconNames(): Promise<string[]> {
    return this.lexicons.names();
  }

  /** Stores a word list (issue 7 §3; Lexicons.upload never replaces one), audited. */
  async uploadLexicon(actor: UserActor, name: string, text: string): Promise<{ name: string; words: number }> {
    if (!hasRole(actor, 'arbiter') && !hasRole(actor, 'admin')) throw notYours('Lexiconul');
    const uploaded = await this.lexicons.upload(name, text);
    const details = { name: uploaded.name, words: uploaded.words };
    await this.db.transaction(() => this.audit.record({ actor, asArbiter: true, action: 'lexicon.uploaded', details }));
    return uploaded;
  }

  /** The player at a colour of a game the actor runs (for an exclusion from the game page). */
  async playerAt(actor: UserActor, gameId: string, color: 'red' | 'blue'): Promise<{ competitionId: string; playerId: string }> {
    return this.db.run(async (m) => {
      const game = isUuid(gameId) ? await m.findOneBy(Game, { id: gameId }) : null;
      if (!game) throw notYours(`Partida ${gameId}`);
      await arbitratedCompetition(m, actor, game.competitionId);
      return { competitionId: game.competitionId, playerId: color === 'red' ? game.redPlayerId : game.bluePlayerId };
    });
  }
}
