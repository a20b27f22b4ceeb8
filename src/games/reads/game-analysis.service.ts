import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Actor } from '../../auth/core/actor';
import { Clock } from '../../common/clock';
import { SETTINGS, type Settings } from '../../config/settings';
import { Database } from '../../database/database';
import type { SingletonWorker } from '../../database/singleton-worker';
import { WorkersService } from '../../database/workers.service';
import { analysisAnswer, analysisRefusals, type AnalysisAnswer } from '../core/game-analysis';
import { refusals } from '../core/game-refusals';
import { analyseRecords, type GameTurnAnalysis } from '../../engine/analysis';
import { GameAnalysisRepository, type AnalysisHead } from '../persistence/game-analysis.repository';
import { GameSession } from '../model/game-session';
import { GameRepository } from '../persistence/game.repository';
import { Lexicons } from '../persistence/lexicons.service';

/** The worker's name, one leader among the instances (a PostgreSQL advisory lock). */
export const ANALYSIS_WORKER = 'analysis';
/** The job's pause while leading: a game ended elsewhere, or queued on another instance, waits at most this long. */
const ANALYSIS_INTERVAL_MS = 60_000;
/** Games per run: seconds each, and a shutdown waits for the run; the next run takes the rest. */
const GAMES_PER_RUN = 10;

/** What the API answers: the stored turns, or that they are being prepared. */
export type AnalysisView =
  { readonly state: 'pending' } | { readonly state: 'ready'; readonly final: boolean; readonly turns: readonly GameTurnAnalysis[] };

/**
 * Analysis after the game: for each move, the score played next to the best
 * the rack allowed and the five best moves, from the move generator and the competition's word
 * list. Computing a game takes seconds, so a request never does it: the background job
 * (`analysis` singleton worker) analyses every ended game of a competition with a list, and the
 * games players queue during play where the competition allows it; pages and the API read the
 * stored row.
 */
@Injectable()
export class GameAnalysisService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Analysis');
  private worker: SingletonWorker | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'analysisWorker'>,
    private readonly workers: WorkersService,
    private readonly lexicons: Lexicons,
    private readonly games: GameRepository,
    private readonly analyses: GameAnalysisRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (this.settings.analysisWorker) this.startWorker();
  }

  /** Registers and starts this instance's worker: its first run, at once, catches up on games that ended while it was down. */
  startWorker(): SingletonWorker {
    this.worker ??= this.workers.register(ANALYSIS_WORKER, () => this.analyseDue().then(() => undefined), {
      intervalMs: ANALYSIS_INTERVAL_MS,
    });
    this.worker.start();
    return this.worker;
  }

  /** A game ended or was queued: the leading worker runs now (on another instance, at its next run). */
  wake(): void {
    void this.worker?.wake();
  }

  /** The API's answer for a player of the game or its arbiter; anyone else is answered as for an unknown game. */
  async forReader(actor: Actor, gameId: string): Promise<AnalysisView> {
    const answer = await this.db.run(async () => {
      const s = await GameSession.open(this.games, gameId, { lock: false, now: this.clock.now() });
      s.requireReader(actor);
      return this.answer(gameId, s.pathOf(s.liveLines()[0].id).length);
    });
    if (answer.state === 'hidden') throw analysisRefusals.afterGame();
    if (answer.state === 'no-word-list') throw analysisRefusals.noWordList();
    return answer.state === 'pending' ? { state: 'pending' } : { state: 'ready', final: answer.final, turns: answer.turns };
  }

  /**
   * The game page's section, for a viewer the page already let in: `movesPlayed`, the moves of
   * the line the page shows first.
   */
  forPage(gameId: string, movesPlayed: number): Promise<AnalysisAnswer> {
    return this.db.run(() => this.answer(gameId, movesPlayed));
  }

  /** The stored turns of a game whose analysis may be shown now (the sheet's part); none otherwise. */
  async sheetTurns(gameId: string, movesPlayed: number): Promise<readonly GameTurnAnalysis[]> {
    const answer = await this.forPage(gameId, movesPlayed);
    return answer.state === 'ready' ? answer.turns : [];
  }

  private async answer(gameId: string, movesPlayed: number): Promise<AnalysisAnswer> {
    const head = await this.analyses.head(gameId);
    if (!head) throw refusals.unknownGame(gameId);
    return this.fromHead(gameId, head, movesPlayed);
  }

  /**
   * The answer for a head already read (the game page reads it with its mark:
   * GameListingsRepository.pageMarkWithAnalysis); a pending answer that asks for the job is
   * queued and the job woken. Only that write opens a unit of work (joining the caller's, if
   * any): most views write nothing.
   */
  async fromHead(gameId: string, head: AnalysisHead, movesPlayed: number): Promise<AnalysisAnswer> {
    const answer = analysisAnswer({ ...head, movesPlayed });
    if (answer.state === 'pending' && answer.queue) {
      await this.db.run(() => this.analyses.queue(gameId, this.clock.now()));
      this.wake();
    }
    return answer;
  }

  /**
   * The job's run: the games owed an analysis, one after the other, until none is left or
   * GAMES_PER_RUN were tried (a game that ends during the run is taken in it: a wake then finds
   * the run busy). A game whose analysis fails is logged and left for the next run, never
   * holding up the others.
   */
  async analyseDue(): Promise<number> {
    const tried = new Set<string>();
    let analysed = 0;
    while (tried.size < GAMES_PER_RUN) {
      const due = (await this.db.run(() => this.analyses.due(GAMES_PER_RUN + tried.size))).filter((id) => !tried.has(id));
      if (due.length === 0) break;
      for (const gameId of due.slice(0, GAMES_PER_RUN - tried.size)) {
        tried.add(gameId);
        try {
          await this.analyse(gameId);
          analysed++;
        } catch (error) {
          this.logger.error({ err: error, gameId }, `the analysis of game ${gameId} failed`);
        }
      }
    }
    if (analysed) this.logger.debug(`analysed ${analysed} game(s)`);
    return analysed;
  }

  /**
   * One game: its rows read in one unit, the turns computed outside any (on PGlite a unit holds
   * the whole database), giving way between turns so requests are served meanwhile, then stored.
   */
  async analyse(gameId: string): Promise<void> {
    const { competition, records, final } = await this.db.run(async () => {
      const s = await GameSession.open(this.games, gameId, { lock: false, now: this.clock.now() });
      return { competition: s.competition, records: s.replay(s.liveLines()[0].id).records, final: s.game.status === 'ended' };
    });
    const words = await this.lexicons.wordList(competition);
    const turns: GameTurnAnalysis[] = [];
    if (words) {
      for (const turn of analyseRecords(records, words)) {
        turns.push(turn);
        await nextTurn();
      }
    }
    const result = { state: words ? ('ready' as const) : ('no-word-list' as const), final, moves: records.length, turns };
    await this.db.run(() => this.analyses.store(gameId, result, this.clock.now()));
  }
}
