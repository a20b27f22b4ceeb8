import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { AuditEntry } from '../../arbiter/audit.entity';
import { AuditService } from '../../arbiter/audit.service';
import { Case } from '../../arbiter/case.entity';
import { CasesService } from '../../arbiter/cases.service';
import { Ruling } from '../../arbiter/ruling.entity';
import type { Actor, UserActor } from '../../auth/actor';
import { hasRole } from '../../auth/actor';
import { canArbitrate } from '../../auth/permissions';
import { notFound, Refusal } from '../../auth/refusal';
import { Clock } from '../../common/clock';
import type { JsonObject } from '../../common/json';
import { formatCoefficient } from '../../coefficients/coefficients';
import { Result } from '../../coefficients/result.entity';
import { Competition } from '../../competitions/competition.entity';
import { Group } from '../../competitions/group.entity';
import { Player } from '../../competitions/player.entity';
import { Registration } from '../../competitions/registration.entity';
import { SETTINGS, type Settings } from '../../config/settings';
import { Database } from '../../database/database';
import { getTileSet, loadWordList } from '../../games/engine';
import { isUuid } from '../../games/game-session';
import { Game } from '../../games/game.entity';
import { Lexicons } from '../../games/lexicons';
import { InboundMail, INBOUND_MAIL_STATUSES, type InboundMailStatus } from '../../mail/inbound-mail.entity';
import { OUTBOUND_MAIL_STATUSES, OutboundMail, type OutboundMailStatus } from '../../mail/outbound-mail.entity';
import { localDate } from '../../thinking-time/calendar';
import { buildDashboard, closableByHand, type Dashboard } from './dashboard';
import { readableAuditLog } from './audit-log';
import type { WebLanguage } from '../web-request';

/** A case kind of the panel's own: an appeal to the federation's commission (issue 7 §3). */
export const COMMISSION_APPEAL = 'commission-appeal';
export const COMMISSION_OUTCOMES = ['upheld', 'rejected', 'partly-upheld', 'withdrawn'] as const;
export type CommissionOutcome = (typeof COMMISSION_OUTCOMES)[number];

export const OUTBOX_STATUSES: readonly OutboundMailStatus[] = OUTBOUND_MAIL_STATUSES;
export { INBOUND_MAIL_STATUSES };
const LIST_LIMIT = 300;
/** Lexicon names: a file name under DATA_DIR/lexicons, nothing that could climb out of it. */
const LEXICON_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const MAX_LEXICON_BYTES = 20 * 1024 * 1024;

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

export interface CommissionAppealInput {
  /** The decision appealed: a ruling, or words when it was not a ruling of the platform's. */
  readonly decision: string;
  readonly rulingId?: string;
  readonly gameId?: string;
  readonly appellant: string;
  readonly comment: string;
  /** The receipt of the appeal fee (number, date). */
  readonly feeReceipt: string;
}

const notYours = (what: string) => notFound({ ro: `${what} nu există sau nu este a dumneavoastră.`, en: `${what} does not exist or is not yours.` });

const required = (field: string, ro: string) =>
  new Refusal('BAD_INPUT', { ro: `Lipsește: ${ro}.`, en: `Missing: ${field}.` }, 400);

/**
 * What the arbiter's panel reads and the few records it keeps itself (issue 7 §3): the
 * arbiter's competitions and open cases, games, results, mail, lexicons, the commission's
 * appeals. Every change of a game goes through the games, results and time services; only
 * cases with no service of their own (closing one with a reason, the commission's appeals)
 * are written here, audited in the same transaction.
 */
@Injectable()
export class ArbiterPanelService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly cases: CasesService,
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
    return this.db.run((m) => this.competitionIn(m, actor, id));
  }

  private async competitionIn(m: EntityManager, actor: Actor, id: string): Promise<Competition> {
    const competition = isUuid(id) ? await m.findOneBy(Competition, { id }) : null;
    if (!competition || !canArbitrate(actor, competition)) throw notYours(`Competiția ${id}`);
    return competition;
  }

  /** The game's competition, if the actor runs it (the game itself is read by GamesService.view). */
  async gameCompetition(actor: UserActor, gameId: string): Promise<Competition> {
    return this.db.run(async (m) => {
      const game = isUuid(gameId) ? await m.findOneBy(Game, { id: gameId }) : null;
      if (!game) throw notYours(`Partida ${gameId}`);
      return this.competitionIn(m, actor, game.competitionId);
    });
  }

  /** Open cases of all the actor's competitions, grouped by urgency. */
  dashboard(actor: UserActor, competitionId?: string): Promise<Dashboard> {
    return this.db.run(async (m) => {
      const competitions = competitionId
        ? [await this.competitionIn(m, actor, competitionId)]
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
    const names = await this.playerNames(m, games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]));
    return new Map(games.map((g) => [g.id, { red: names.get(g.redPlayerId) ?? '', blue: names.get(g.bluePlayerId) ?? '' }]));
  }

  games(actor: UserActor, competitionId: string): Promise<GameRow[]> {
    return this.db.run(async (m) => {
      await this.competitionIn(m, actor, competitionId);
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
      await this.competitionIn(m, actor, competitionId);
      const games = await m.find(Game, { where: { competitionId, status: 'ended' }, order: { endedAt: 'ASC', id: 'ASC' } });
      return (await this.gameRows(m, games)).filter((g) => g.result?.status === 'proposed');
    });
  }

  /** The audit log of a competition, newest first (the last LIST_LIMIT entries). */
  auditLog(actor: UserActor, competitionId: string) {
    return this.db.run(async (m) => {
      await this.competitionIn(m, actor, competitionId);
      const rows = await m.find(AuditEntry, { where: { competitionId }, order: { at: 'DESC', id: 'ASC' }, take: LIST_LIMIT });
      return rows.map((a) => ({ at: a.at.toISOString(), action: a.action, role: a.actorRole, gameId: a.gameId, details: JSON.stringify(a.details) }));
    });
  }

  /** The platform's time zone (TZ_DEFAULT): the mail log's times, which span competitions. */
  get timeZone(): string {
    return this.settings.timeZone;
  }

  /** The audit log and the rulings in sentences, times in the competition's time zone (issue 14 item 6). */
  readableAudit(actor: UserActor, competitionId: string, lang: WebLanguage) {
    return this.db.run(async (m) => readableAuditLog(m, await this.competitionIn(m, actor, competitionId), lang, LIST_LIMIT));
  }

  /** Rulings of a competition, newest first. */
  rulings(actor: UserActor, competitionId: string) {
    return this.db.run(async (m) => {
      await this.competitionIn(m, actor, competitionId);
      const rows = await m.find(Ruling, { where: { competitionId }, order: { createdAt: 'DESC' }, take: LIST_LIMIT });
      return rows.map((r) => ({ id: r.id, at: r.createdAt.toISOString(), kind: r.kind, gameId: r.gameId, reason: r.reason, details: JSON.stringify(r.details) }));
    });
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
   * The outbox (MAIL.md 17) of the actor's competitions' games, newest first (all for an
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
      const names = await this.playerNames(m, rows.map((r) => r.playerId));
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

  /** The inbox (MAIL.md 11): mail of the actor's competitions' players and games, newest first, without bodies. */
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
        select: { id: true, receivedAt: true, fromAddress: true, subject: true, status: true, reason: true, error: true, gameId: true, playerId: true, attempts: true },
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

  /** The word against the competition's word list (RULES.md §3); null when it names none or the file is missing. */
  async wordCheck(actor: UserActor, competitionId: string, word: string): Promise<{ word: string; lexicon: string | null; known: boolean | null }> {
    const competition = await this.competition(actor, competitionId);
    const trimmed = word.trim();
    if (!trimmed) throw required('word', 'cuvântul');
    const lexicon = this.lexicons.forCompetition(competition);
    return { word: trimmed, lexicon: competition.lexicon, known: lexicon ? lexicon.has(trimmed) : null };
  }

  /** Lexicons on disk, for the create form and the upload page. */
  lexiconNames(): string[] {
    const dir = join(this.settings.dataDir, 'lexicons');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith('.txt'))
      .map((f) => f.slice(0, -4))
      .sort();
  }

  /**
   * Stores a word list as DATA_DIR/lexicons/<name>.txt (issue 7 §3). Never over an existing
   * one: a competition's list is fixed for its whole duration (RULES.md §3), so a new
   * edition is a new name.
   */
  async uploadLexicon(actor: UserActor, name: string, text: string): Promise<{ name: string; words: number }> {
    if (!hasRole(actor, 'arbiter') && !hasRole(actor, 'admin')) throw notYours('Lexiconul');
    const clean = name.trim().toLowerCase();
    if (!LEXICON_NAME.test(clean)) {
      throw new Refusal('BAD_INPUT', {
        ro: 'Numele listei: litere mici, cifre, - și _, cel mult 40 de caractere.',
        en: 'The list’s name: lower-case letters, digits, - and _, at most 40 characters.',
      });
    }
    if (Buffer.byteLength(text, 'utf8') > MAX_LEXICON_BYTES) {
      throw new Refusal('BAD_INPUT', { ro: 'Lista depășește 20 MB.', en: 'The list is over 20 MB.' });
    }
    const words = text.split(/\r?\n/).filter((l) => l.trim() !== '').length;
    if (words === 0) throw new Refusal('BAD_INPUT', { ro: 'Lista nu conține niciun cuvânt.', en: 'The list holds no word.' });
    // Read it as the engine will, so a file it cannot read is refused now rather than at the first move.
    loadWordList(text, getTileSet('ro'));
    const dir = join(this.settings.dataDir, 'lexicons');
    const file = join(dir, `${clean}.txt`);
    if (existsSync(file)) {
      throw new Refusal(
        'LEXICON_EXISTS',
        {
          ro: `Lista „${clean}” există deja și nu se înlocuiește (o competiție o folosește neschimbată); dați alt nume ediției noi.`,
          en: `The list "${clean}" already exists and is never replaced (a competition uses it unchanged); give the new edition another name.`,
        },
        409,
      );
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`, { encoding: 'utf8', flag: 'wx' });
    await this.db.transaction((m) => this.audit.record(m, { actor, asArbiter: true, action: 'lexicon.uploaded', details: { name: clean, words } }));
    return { name: clean, words };
  }

  /**
   * Closes a case that no ruling settles by itself (a silence handled by telephone, a bounce
   * fixed with a new address…), with the arbiter's reason, audited.
   */
  closeCase(actor: UserActor, caseId: string, reason: string, check?: () => void): Promise<void> {
    return this.db.transaction(async (m) => {
      const found = isUuid(caseId) ? await m.findOne(Case, { where: { id: caseId }, lock: { mode: 'pessimistic_write' } }) : null;
      if (!found) throw notYours(`Cazul ${caseId}`);
      await this.competitionIn(m, actor, found.competitionId);
      if (!reason.trim()) throw reasonRequired();
      if (found.status !== 'open') throw new Refusal('CASE_CLOSED', { ro: 'Cazul este deja închis.', en: 'The case is already closed.' }, 409);
      if (!closableByHand(found.kind)) {
        throw new Refusal(
          'CASE_DECIDED_ELSEWHERE',
          { ro: 'Acest caz se închide prin decizia lui (hotărâre, omologare), nu de mână.', en: 'This case closes with its own decision (ruling, homologation), not by hand.' },
          409,
        );
      }
      // The web form's own check (its confirmation), once the case is known to be the actor's and closable.
      check?.();
      await m.update(Case, { id: found.id }, { status: 'closed', closedAt: this.clock.now() });
      await this.audit.record(m, { actor, asArbiter: true, action: 'case.closed', competitionId: found.competitionId, gameId: found.gameId, details: { caseId, kind: found.kind, reason: reason.trim() } });
    });
  }

  /** The commission's appeals of a competition: open ones first, then decided, newest first. */
  commissionAppeals(actor: UserActor, competitionId: string) {
    return this.db.run(async (m) => {
      await this.competitionIn(m, actor, competitionId);
      const rows = await m.find(Case, { where: { competitionId, kind: COMMISSION_APPEAL }, order: { status: 'DESC', openedAt: 'DESC' } });
      return rows.map((c) => ({ id: c.id, status: c.status, open: c.status === 'open', gameId: c.gameId, openedAt: c.openedAt.toISOString(), closedAt: c.closedAt?.toISOString() ?? null, ...(c.payload as JsonObject) }));
    });
  }

  /**
   * Records an appeal to the federation's commission against a decision (issue 7 §3): a case
   * of its own kind, open until the commission's outcome is entered.
   */
  lodgeCommissionAppeal(actor: UserActor, competitionId: string, input: CommissionAppealInput): Promise<Case> {
    return this.db.transaction(async (m) => {
      const competition = await this.competitionIn(m, actor, competitionId);
      const decision = input.decision.trim();
      if (!decision) throw required('decision appealed', 'decizia atacată');
      if (!input.appellant.trim()) throw required('appellant', 'cine face apelul');
      if (!input.feeReceipt.trim()) throw required('fee receipt', 'chitanța taxei');
      let gameId: string | null = null;
      if (input.rulingId) {
        const ruling = isUuid(input.rulingId) ? await m.findOneBy(Ruling, { id: input.rulingId, competitionId }) : null;
        if (!ruling) throw notYours(`Decizia ${input.rulingId}`);
        gameId = ruling.gameId;
      }
      if (input.gameId) {
        const game = isUuid(input.gameId) ? await m.findOneBy(Game, { id: input.gameId, competitionId }) : null;
        if (!game) throw notYours(`Partida ${input.gameId}`);
        gameId = game.id;
      }
      const payload: JsonObject = {
        decision,
        rulingId: input.rulingId || null,
        appellant: input.appellant.trim(),
        comment: input.comment.trim(),
        feeReceipt: input.feeReceipt.trim(),
        lodgedOn: localDate(this.clock.now(), competition.timeZone),
        outcome: null,
        outcomeComment: null,
      };
      const opened = await this.cases.open(m, { competitionId, gameId, kind: COMMISSION_APPEAL, payload });
      await this.audit.record(m, { actor, asArbiter: true, action: 'commission-appeal.lodged', competitionId, gameId, details: { caseId: opened.id, ...payload } });
      return opened;
    });
  }

  /** The commission's outcome, entered by the arbiter: the case closes with it. */
  decideCommissionAppeal(actor: UserActor, caseId: string, input: { readonly outcome: string; readonly comment: string }): Promise<void> {
    return this.db.transaction(async (m) => {
      const found = isUuid(caseId) ? await m.findOne(Case, { where: { id: caseId, kind: COMMISSION_APPEAL }, lock: { mode: 'pessimistic_write' } }) : null;
      if (!found) throw notYours(`Apelul ${caseId}`);
      const competition = await this.competitionIn(m, actor, found.competitionId);
      if (!COMMISSION_OUTCOMES.includes(input.outcome as CommissionOutcome)) {
        throw new Refusal('BAD_INPUT', { ro: 'Alegeți hotărârea comisiei.', en: 'Choose the commission’s outcome.' });
      }
      if (!input.comment.trim()) throw reasonRequired();
      if (found.status !== 'open') throw new Refusal('CASE_CLOSED', { ro: 'Apelul are deja o hotărâre.', en: 'The appeal already has an outcome.' }, 409);
      const payload: JsonObject = { ...found.payload, outcome: input.outcome, outcomeComment: input.comment.trim(), decidedOn: localDate(this.clock.now(), competition.timeZone) };
      // Payload through save: TypeORM's typed update of a jsonb column blows the type checker's depth.
      Object.assign(found, { status: 'closed', closedAt: this.clock.now(), payload });
      await m.save(Case, found);
      await this.audit.record(m, {
        actor,
        asArbiter: true,
        action: 'commission-appeal.decided',
        competitionId: found.competitionId,
        gameId: found.gameId,
        details: { caseId, outcome: input.outcome, comment: input.comment.trim() },
      });
    });
  }

  /** The player at a colour of a game the actor runs (for an exclusion from the game page). */
  async playerAt(actor: UserActor, gameId: string, color: 'red' | 'blue'): Promise<{ competitionId: string; playerId: string }> {
    return this.db.run(async (m) => {
      const game = isUuid(gameId) ? await m.findOneBy(Game, { id: gameId }) : null;
      if (!game) throw notYours(`Partida ${gameId}`);
      await this.competitionIn(m, actor, game.competitionId);
      return { competitionId: game.competitionId, playerId: color === 'red' ? game.redPlayerId : game.bluePlayerId };
    });
  }
}

function reasonRequired(): Refusal {
  return new Refusal('REASON_REQUIRED', { ro: 'Decizia arbitrului trebuie motivată.', en: "The arbiter's decision needs a reason." }, 400);
}
