import { inLanguage } from '../../common/bilingual';
import { ConditionalsService } from '../../games/actions/conditionals.service';
import { Injectable } from '@nestjs/common';
import type { Actor, UserActor } from '../../auth/core/actor';
import { canArbitrate, sideInGame } from '../../auth/core/permissions';
import { Clock } from '../../common/clock';
import { Database } from '../../database/database';
import { getTileSet, type Color } from '../../engine';
import { refusals } from '../../games/core/game-refusals';
import { wordCheckLines, wordCheckNotes, type WordNote } from '../../games/core/word-check';
import { previewMove, type MovePreview } from '../../games/reads/move-preview';
import type { GameSession } from '../../games/model/game-session';
import { GameReadModel } from '../../games/model/game-read-model.service';
import { lineSnapshot } from '../../games/core/game-state';
import { GameReadsService } from '../../games/reads/game-reads.service';
import { GameAnalysisService } from '../../games/reads/game-analysis.service';
import { analysisSection, type AnalysisSection } from './analysis-section';
import { isPlayClosed, timelineOn } from '../../thinking-time/core';
import { compareDays, localDate, toLocalDate, type LocalDate } from '../../common/calendar';
import { deadlinesOn } from '../../thinking-time/core/deadlines';
import { claimWindow } from '../../games/core/claim-window';
import { GameTimeRepository } from '../../games/persistence/game-time.repository';
import type { CalendarCompetition, CalendarGame } from './calendar-feed';
import { ThinkingTimeRepository } from '../../thinking-time/thinking-time.repository';
import type { Lang } from './format-day';
import { gamePageModel, runOutFromTimeline, type GamePageModel, type LineInput } from './game-page';
import { loadTimeNotices } from './time-notices.service';
import { isUuid } from '../../common/ids';
import { gamePageKey, MarkedCache } from './game-page-cache';
import { myGamesModel, type MyGameInput, type MyGameRow } from './my-games';
import { CompetitionsRepository } from '../../competitions/competitions.repository';
import { PlayersRepository } from '../../competitions/players.repository';
import { GameListingsRepository, type GamePageMark } from '../../games/persistence/game-listings.repository';
import { ResultsRepository } from '../../games/persistence/results.repository';

/** What `/games/:id/preview` answers: the games' preview, its refusal and word check in the user's language. */
export type PreviewAnswer =
  | (Extract<MovePreview, { ok: true }> & { readonly wordLines: readonly string[]; readonly wordNotes: readonly WordNote[] })
  | { readonly ok: false; readonly code: string; readonly message: string };

/**
 * The players' pages' reads (docs/web.md, Player pages): the game page from the games service's view and
 * the replayed live lines, my games with their clocks, and the live preview from the rules
 * core. Nothing here changes a game: every action goes through the games services.
 */
@Injectable()
export class PlayerGamesService {
  /** Built page models by game, viewer, language and day, each under its game's mark: game-page-cache.ts. */
  readonly pageModels = new MarkedCache<GamePageModel>(500);
  /** Read-only sessions for the preview, by game, under the same mark (the replayed lines come with them). */
  readonly previewSessions = new MarkedCache<GameSession>(200);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly reads: GameReadsService,
    private readonly readModel: GameReadModel,
    private readonly time: ThinkingTimeRepository,
    private readonly analysis: GameAnalysisService,
    private readonly conditionals: ConditionalsService,
    private readonly gameTime: GameTimeRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly players: PlayersRepository,
    private readonly listings: GameListingsRepository,
    private readonly results: ResultsRepository,
  ) {
    // Forgotten with the frame's other caches once a write to the game commits (game-read-model.service.ts).
    readModel.alsoForget((gameId) => {
      this.pageModels.forgetGame(gameId);
      this.previewSessions.forgetGame(gameId);
    });
  }

  /** The game page: the games service checks who may look (a player, its arbiter, an admin). */
  async gamePage(actor: UserActor, gameId: string, lang: Lang): Promise<GamePageModel> {
    // Not a game's id: the games service's refusal, as without the cache.
    const before = isUuid(gameId) ? await this.db.run(() => this.listings.pageMark(gameId)) : null;
    return this.gamePageUnder(actor, gameId, lang, before);
  }

  /**
   * The game page and its analysis section. The background job writes the analysis without
   * changing the game, so it is not kept under the game's mark: it is read with the mark, in
   * the same statement, on every view.
   */
  async gamePageWithAnalysis(
    actor: UserActor,
    gameId: string,
    lang: Lang,
  ): Promise<{ game: GamePageModel; analysis: AnalysisSection | null }> {
    const read = isUuid(gameId) ? await this.db.run(() => this.listings.pageMarkWithAnalysis(gameId)) : null;
    const game = await this.gamePageUnder(actor, gameId, lang, read?.mark ?? null);
    const movesPlayed = game.lines[0]?.moves.length ?? 0;
    // No head only for a game that came to be after its mark was looked for: read it apart.
    const answer = read
      ? await this.analysis.fromHead(game.id, read.analysis, movesPlayed)
      : await this.analysis.forPage(game.id, movesPlayed);
    return { game, analysis: analysisSection(answer, { red: game.red.name, blue: game.blue.name }) };
  }

  /** The page model kept under `before`, the mark read at the start of this view; built (and kept when still current) otherwise. */
  private async gamePageUnder(actor: UserActor, gameId: string, lang: Lang, before: GamePageMark | null): Promise<GamePageModel> {
    if (!before) return this.buildGamePage(actor, gameId, lang);
    const key = gamePageKey(gameId, actor, lang, localDate(this.clock.now(), before.timeZone));
    const cached = this.pageModels.take(key, before);
    // Built for this very viewer (the key), so it was let in then and nothing who may look depends on has changed since.
    if (cached) return cached;
    const model = await this.buildGamePage(actor, gameId, lang);
    this.pageModels.keep(key, before, await this.db.run(() => this.listings.pageMark(gameId)), model);
    return model;
  }

  private buildGamePage(actor: UserActor, gameId: string, lang: Lang): Promise<GamePageModel> {
    // One load and one replay: the view's session serves the lines and its timeline the run-out day.
    return this.reads.viewing(actor, gameId, async (view, s, timeline) => {
      const lines: LineInput[] = s.liveLines().map((line) => {
        const { state, records } = s.replay(line.id);
        const path = s.pathOf(line.id);
        return {
          id: line.id,
          label: s.label(line.id),
          snapshot: lineSnapshot(line.id, s.label(line.id), state),
          taken: state.taken,
          path: path.map((move, i) => ({ moveId: move.id, record: records[i] })),
        };
      });
      const running = view.status === 'playing' ? view.toMove : null;
      const model = gamePageModel({
        view,
        deadline: running ? runOutFromTimeline(timeline, s.today, running, view.clocks[running].left) : null,
        lines,
        me: sideInGame(actor, s.game),
        tileSet: getTileSet(s.competition.tileSet),
        today: s.today,
        limit: s.competition.thinkingDays,
        competitionName: s.competition.name,
        lang,
      });
      // docs/rules.md §5: the open time claim and both players' holidays, seen by both (time-notices.service.ts).
      return {
        ...model,
        timeNotices: await loadTimeNotices(this.reads, s, model.me, lang),
        conditionals: await this.conditionals.panel(s, model.me),
      };
    });
  }

  /**
   * The engine's answer to a notation typed on the page, in the line the player owes (or
   * the one named), before anything is sent: the words and the score, or the typed refusal.
   */
  async preview(actor: UserActor, gameId: string, notation: string, lang: Lang, lineName?: string): Promise<PreviewAnswer> {
    const s = await this.previewSession(actor, gameId);
    const p = previewMove(s, sideInGame(actor, s.game), notation, lineName);
    if (!p.ok) return { ok: false, code: p.code, message: inLanguage(p.messages, lang) };
    // A pass forms no word: no line about the list. wordNotes: the page's lines, an off-list word marked.
    const formed = p.words.length > 0;
    return { ...p, wordLines: formed ? wordCheckLines(p.wordCheck, lang) : [], wordNotes: formed ? wordCheckNotes(p.wordCheck, lang) : [] };
  }

  /** The game's read-only session, from the cache while the game's mark is unchanged; who may look is checked every time. */
  private async previewSession(actor: UserActor, gameId: string): Promise<GameSession> {
    const before = isUuid(gameId) ? await this.db.run(() => this.listings.pageMark(gameId)) : null;
    if (!before) return this.db.run(() => this.open(actor, gameId));
    const cached = this.previewSessions.take(gameId, before);
    if (cached) {
      allowed(actor, cached);
      return cached;
    }
    const s = await this.db.run(() => this.open(actor, gameId));
    this.previewSessions.keep(gameId, before, await this.db.run(() => this.listings.pageMark(gameId)), s);
    return s;
  }

  /** Every game the user plays, most urgent first, with both clocks and the run-out day. */
  myGames(actor: UserActor, lang: Lang): Promise<MyGameRow[]> {
    const playerId = actor.playerId;
    if (!playerId) return Promise.resolve([]);
    return this.db.run(async () => {
      const games = await this.listings.gamesOfPlayer(playerId);
      if (games.length === 0) return [];
      const competitions = new Map(
        (await this.competitions.competitionsByIds([...new Set(games.map((g) => g.competitionId))])).map((c) => [c.id, c]),
      );
      const players = new Map(
        (await this.players.byIds([...new Set(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]))])).map((p) => [p.id, p.name]),
      );
      const inputs: MyGameInput[] = [];
      for (const competition of competitions.values()) {
        const theirs = games.filter((g) => g.competitionId === competition.id);
        const timelines = await this.time.timelinesOf(competition, theirs);
        const today = localDate(this.clock.now(), competition.timeZone);
        for (const game of theirs) {
          const timeline = timelines.get(game.id)!;
          const { clocks, awaiting } = timelineOn(timeline, today);
          const first = game.state.lines[0];
          const playing = game.status === 'playing';
          const toMove: Color | null = !playing ? null : (awaiting?.player ?? first?.toMove ?? null);
          inputs.push({
            id: game.id,
            competitionName: competition.name,
            round: game.round,
            status: playing ? 'playing' : 'ended',
            me: game.redPlayerId === playerId ? 'red' : 'blue',
            names: { red: players.get(game.redPlayerId) ?? '', blue: players.get(game.bluePlayerId) ?? '' },
            toMove,
            awaiting: playing ? 'move' : null,
            clocks,
            today,
            closed: playing && isPlayClosed(today, toLocalDate(competition.closingDate)),
            deadline: toMove ? runOutFromTimeline(timeline, today, toMove, clocks[toMove].left) : null,
            scores: first?.scores ?? { red: 0, blue: 0 },
          });
        }
      }
      return myGamesModel(inputs, lang);
    });
  }

  /**
   * The days the deadlines feed shows (calendar-feed.ts): per game the move owed with its run-out,
   * reminder and escalation days, a time claim to answer, a result to confirm; per competition
   * still played, its dates. Only days still to come.
   */
  calendarInput(actor: UserActor): Promise<{ games: CalendarGame[]; competitions: CalendarCompetition[] }> {
    const playerId = actor.playerId;
    if (!playerId) return Promise.resolve({ games: [], competitions: [] });
    return this.db.run(async () => {
      const games = await this.listings.gamesOfPlayer(playerId);
      const competitions = await this.competitions.competitionsByIds([...new Set(games.map((g) => g.competitionId))]);
      const players = new Map(
        (await this.players.byIds([...new Set(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]))])).map((p) => [p.id, p.name]),
      );
      const out: { games: CalendarGame[]; competitions: CalendarCompetition[] } = { games: [], competitions: [] };
      for (const competition of competitions) {
        const theirs = games.filter((g) => g.competitionId === competition.id);
        const timelines = await this.time.timelinesOf(competition, theirs);
        const today = localDate(this.clock.now(), competition.timeZone);
        const ahead = (day: LocalDate | undefined) => (day && compareDays(day, today) >= 0 ? day : undefined);
        let playing = false;
        for (const game of theirs) {
          const me: Color = game.redPlayerId === playerId ? 'red' : 'blue';
          const timeline = timelines.get(game.id)!;
          const row: { -readonly [K in keyof CalendarGame]: CalendarGame[K] } = {
            id: game.id,
            competitionName: competition.name,
            round: game.round,
            opponent: players.get(me === 'red' ? game.bluePlayerId : game.redPlayerId) ?? '',
          };
          if (game.status === 'playing') {
            playing = true;
            const { clocks, awaiting } = timelineOn(timeline, today);
            const toMove = awaiting?.player ?? game.state.lines[0]?.toMove ?? null;
            if (toMove === me) {
              const d = deadlinesOn(timeline, today);
              const runOut = runOutFromTimeline(timeline, today, me, clocks[me].left);
              row.myMove = {
                ...(runOut && { runOut }),
                used: clocks[me].used,
                left: clocks[me].left,
                ...(ahead(d.reminder) && { reminder: d.reminder }),
                ...(ahead(d.escalation) && { escalation: d.escalation }),
              };
            }
            const claim = await this.gameTime.openClaim(game.id);
            if (claim && claim.claimantPlayerId !== playerId) {
              const window = claimWindow({ toldOn: localDate(claim.createdAt, competition.timeZone), today, answered: false });
              if (window.open) row.claimAnswerBy = window.answerBy;
            }
          } else {
            const result = await this.results.resultOf(game.id);
            const confirmed = me === 'red' ? result?.redConfirmedAt : result?.blueConfirmedAt;
            const objected = result?.objections.some((o) => o.color === me);
            if (result && result.status === 'proposed' && !confirmed && !objected && ahead(toLocalDate(result.dueOn)))
              row.confirmBy = toLocalDate(result.dueOn);
          }
          out.games.push(row);
        }
        if (playing) {
          const d = deadlinesOn(timelines.get(theirs[0].id)!, today);
          out.competitions.push({
            id: competition.id,
            name: competition.name,
            closing: d.closing,
            lastHolidayDay: d.lastHolidayDay,
            reportBy: d.reportBy,
          });
        }
      }
      return out;
    });
  }

  /** Read-only session; only the game's players, its arbiter or an admin may look. */
  private async open(actor: Actor, gameId: string): Promise<GameSession> {
    return allowed(actor, await this.readModel.session(gameId));
  }
}

/** Only the game's players, its arbiter or an admin may look. */
function allowed(actor: Actor, s: GameSession): GameSession {
  if (!sideInGame(actor, s.game) && !canArbitrate(actor, s.competition, s.game)) throw refusals.unknownGame(s.game.id);
  return s;
}
