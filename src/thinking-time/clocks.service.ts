import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { canArbitrate, sideInGame } from '../auth/core/permissions';
import { Clock } from '../common/clock';
import { Database } from '../database/database';
import type { Color } from '../engine/types';
import { refusals } from '../games/core/game-refusals';
import type { GameStatus } from '../games/entities/game.entity';
import { localDate, type LocalDate } from '../common/calendar';
import { deadlinesOn, type Deadlines } from './core/deadlines';
import { ThinkingTimeRepository } from './thinking-time.repository';
import { timelineOn, type Awaiting, type PlayerClock } from './core/timeline';
import { GameRepository } from '../games/persistence/game.repository';
import { CompetitionsRepository } from '../competitions/competitions.repository';

/** One game's clocks on a day (docs/rules.md §5): what the API, the mails and the pages show. */
export interface GameClocks {
  readonly gameId: string;
  readonly status: GameStatus;
  /** The day, in the competition's time zone: the state in its morning, facts of the day included. */
  readonly day: LocalDate;
  readonly timeZone: string;
  /** Thinking days allowed for the game (docs/rules.md §5: 50). */
  readonly limit: number;
  readonly clocks: Readonly<Record<Color, PlayerClock>>;
  /** The move owed and its silence so far; null before the start, once over, after the closing date. */
  readonly awaiting: Awaiting | null;
  readonly deadlines: Deadlines;
}

/** Live clocks from the pure core, for any game on any day. */
@Injectable()
export class ClocksService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly time: ThinkingTimeRepository,
    private readonly games: GameRepository,
    private readonly competitions: CompetitionsRepository,
  ) {}

  /** The clocks of a game on `day` (default today in its competition's time zone), in the caller's unit of work. */
  async clocksFor(gameId: string, day?: LocalDate): Promise<GameClocks> {
    const game = await this.games.findGame(gameId, { lock: false });
    const competition = await this.competitions.get(game.competitionId);
    const timeline = (await this.time.timelinesOf(competition, [game])).get(game.id)!;
    const on = day ?? localDate(this.clock.now(), competition.timeZone);
    const state = timelineOn(timeline, on);
    return {
      gameId: game.id,
      status: game.status,
      day: on,
      timeZone: competition.timeZone,
      limit: competition.thinkingDays,
      clocks: state.clocks,
      awaiting: state.awaiting,
      deadlines: deadlinesOn(timeline, on),
    };
  }

  /** GET /api/games/:id/clocks: the game's players and its arbiter may look, as at the game itself. */
  view(actor: Actor, gameId: string): Promise<GameClocks> {
    return this.db.run(async () => {
      const game = await this.games.findGame(gameId, { lock: false });
      const competition = await this.competitions.get(game.competitionId);
      if (!sideInGame(actor, game) && !canArbitrate(actor, competition, game)) throw refusals.unknownGame(game.id);
      return this.clocksFor(gameId);
    });
  }
}
