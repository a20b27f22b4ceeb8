import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Competition } from '../../competitions/competition.entity';
import { Group } from '../../competitions/group.entity';
import { isUuid } from '../../common/ids';
import { Database } from '../../database/database';
import { prepared } from '../../database/prepared-statements';
import { Player } from '../../players/player.entity';
import { Game } from '../entities/game.entity';
import { Result } from '../entities/result.entity';
import {
  ANALYSIS_HEAD_COLUMNS,
  ANALYSIS_HEAD_JOIN,
  analysisHeadOf,
  type AnalysisHead,
  type AnalysisHeadRow,
} from './game-analysis.repository';

/** A competition's games as its public page lists them: the finished ones with names, groups and results. */
export interface CompetitionListing {
  readonly games: readonly Game[];
  readonly names: ReadonlyMap<string, string>;
  readonly groups: ReadonlyMap<string, string>;
  readonly results: ReadonlyMap<string, Result>;
}

/**
 * The games feature's reads of games for the pages that list them (the public pages, the
 * arbiter's panel) and for the other features (a player's games, their partners, the check's
 * walk, the page cache's mark), in the caller's unit of work: they read a game here rather than
 * query its table (docs/architecture.md "Who writes each table").
 */
@Injectable()
export class GameListingsRepository {
  constructor(private readonly db: Database) {}

  competitionsNewestFirst(): Promise<Competition[]> {
    return this.db.manager.find(Competition, { order: { startDate: 'DESC', createdAt: 'DESC' } });
  }

  async ofCompetition(competitionId: string): Promise<CompetitionListing> {
    const m = this.db.manager;
    const games = await this.gamesOf(competitionId);
    const ended = games.filter((g) => g.status === 'ended');
    if (!ended.length) return { games, names: new Map(), groups: new Map(), results: new Map() };
    // One after the other: a unit's statements share one connection.
    const players = await m.findBy(Player, { id: In([...new Set(ended.flatMap((g) => [g.redPlayerId, g.bluePlayerId]))]) });
    const groups = await m.findBy(Group, { competitionId });
    const results = await m.findBy(Result, { gameId: In(ended.map((g) => g.id)) });
    return {
      games,
      names: new Map(players.map((p) => [p.id, p.name])),
      groups: new Map(groups.map((g) => [g.id, g.name])),
      results: new Map(results.map((r) => [r.gameId, r])),
    };
  }

  /** An id that is not a UUID names no game (and would make PostgreSQL raise, not answer). */
  game(id: string): Promise<Game | null> {
    return isUuid(id) ? this.db.manager.findOneBy(Game, { id }) : Promise.resolve(null);
  }

  /** A competition's games by round. */
  gamesOf(competitionId: string): Promise<Game[]> {
    return this.db.manager.find(Game, { where: { competitionId }, order: { round: 'ASC', id: 'ASC' } });
  }

  /** A competition's ended games, the earliest ended first. */
  endedGamesOf(competitionId: string): Promise<Game[]> {
    return this.db.manager.find(Game, { where: { competitionId, status: 'ended' }, order: { endedAt: 'ASC', id: 'ASC' } });
  }

  /** Who plays each of these games, by colour. */
  playersOf(gameIds: readonly string[]): Promise<Pick<Game, 'id' | 'redPlayerId' | 'bluePlayerId'>[]> {
    if (!gameIds.length) return Promise.resolve([]);
    return this.db.manager.find(Game, { where: { id: In([...gameIds]) }, select: { id: true, redPlayerId: true, bluePlayerId: true } });
  }

  /** The games of the competitions one arbiter runs. */
  async gameIdsRunBy(arbiterUserId: string): Promise<string[]> {
    return (
      await this.db.manager
        .createQueryBuilder(Game, 'g')
        .innerJoin(Competition, 'c', 'c.id = g.competition_id')
        .where('c.arbiter_user_id = :userId', { userId: arbiterUserId })
        .select('g.id', 'id')
        .getRawMany<{ id: string }>()
    ).map((g) => g.id);
  }

  competitionOf(game: Pick<Game, 'competitionId'>): Promise<Competition> {
    return this.db.manager.findOneByOrFail(Competition, { id: game.competitionId });
  }

  /** Every game a player plays or played, oldest first. */
  gamesOfPlayer(playerId: string): Promise<Game[]> {
    return this.db.manager.find(Game, {
      where: [{ redPlayerId: playerId }, { bluePlayerId: playerId }],
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The partners of a player's games still being played (competitions/partners-in-play.service.ts). */
  async partnersInPlay(playerId: string): Promise<readonly string[]> {
    const games = await this.db.manager.find(Game, {
      select: { redPlayerId: true, bluePlayerId: true },
      where: [
        { redPlayerId: playerId, status: 'playing' },
        { bluePlayerId: playerId, status: 'playing' },
      ],
    });
    return [...new Set(games.map((g) => (g.redPlayerId === playerId ? g.bluePlayerId : g.redPlayerId)))];
  }

  /** The ids of a player's games in play in a competition, in the order their locks are taken. */
  gameIdsInPlayOf(competitionId: string, playerId: string): Promise<Pick<Game, 'id'>[]> {
    return this.db.manager.find(Game, {
      where: [
        { competitionId, redPlayerId: playerId, status: 'playing' },
        { competitionId, bluePlayerId: playerId, status: 'playing' },
      ],
      select: { id: true },
      order: { id: 'ASC' },
    });
  }

  /** The next batch of game ids after `after` (the consistency check walks every game). */
  async gameIdsAfter(after: string, limit: number): Promise<{ id: string }[]> {
    return this.db.manager
      .createQueryBuilder(Game, 'g')
      .select('g.id', 'id')
      .where('g.id::text > :after', { after })
      .orderBy('g.id::text')
      .limit(limit)
      .getRawMany<{ id: string }>();
  }

  /** The game, if it is one of this competition's (an appeal names it, appeals.service.ts). */
  gameIn(gameId: string, competitionId: string): Promise<Game | null> {
    return isUuid(gameId) ? this.db.manager.findOneBy(Game, { id: gameId, competitionId }) : Promise.resolve(null);
  }

  /** The competition of a game (the mail channel's cases, docs/mail-rules.md 7, 14, 17). */
  async competitionOfGame(gameId: string): Promise<string | undefined> {
    return (await this.db.manager.findOne(Game, { where: { id: gameId }, select: { competitionId: true } }))?.competitionId;
  }

  /** Every game of these competitions (a person's data export). */
  gamesOfCompetitions(competitionIds: readonly string[]): Promise<Game[]> {
    return competitionIds.length ? this.db.manager.findBy(Game, { competitionId: In([...competitionIds]) }) : Promise.resolve([]);
  }

  /**
   * What a cached game page was built under, in one small statement: the game's version, a
   * hash of its competition's whole row (a rename or a setting changes it without bumping the
   * games), a hash of both players' names, and the time zone that names "today".
   */
  async pageMark(gameId: string): Promise<GamePageMark | null> {
    const rows = (await this.db.manager.query(GAME_PAGE_MARK_SQL, [gameId])) as MarkRow[];
    return rows[0] ? markOf(rows[0]) : null;
  }

  /**
   * The mark and the game's analysis head in the same statement: the page shows the analysis,
   * which the background job writes without bumping the game, so it is read on every view too.
   */
  async pageMarkWithAnalysis(gameId: string): Promise<{ mark: GamePageMark; analysis: AnalysisHead } | null> {
    const rows = (await this.db.manager.query(GAME_PAGE_MARK_WITH_ANALYSIS_SQL, [gameId])) as (MarkRow & AnalysisHeadRow)[];
    return rows[0] ? { mark: markOf(rows[0]), analysis: analysisHeadOf(rows[0]) } : null;
  }
}

/** See GameListingsRepository.pageMark. */
export interface GamePageMark {
  readonly version: number;
  readonly marks: string;
  readonly timeZone: string;
}

interface MarkRow {
  readonly version: number;
  readonly marks: string;
  readonly time_zone: string;
}

function markOf(row: MarkRow): GamePageMark {
  return { version: Number(row.version), marks: row.marks, timeZone: row.time_zone };
}

const MARK_COLUMNS = `g."version", md5(c::text) || md5(r."name" || E'\\n' || b."name") AS "marks", c."time_zone"`;
const MARK_FROM = `FROM "game" g
  JOIN "competition" c ON c."id" = g."competition_id"
  JOIN "player" r ON r."id" = g."red_player_id"
  JOIN "player" b ON b."id" = g."blue_player_id"`;

// Read on every view of a game page and its preview: kept planned.
const GAME_PAGE_MARK_SQL = prepared(`SELECT ${MARK_COLUMNS}
  ${MARK_FROM}
  WHERE g."id" = $1`);
const GAME_PAGE_MARK_WITH_ANALYSIS_SQL = prepared(`SELECT ${MARK_COLUMNS}, ${ANALYSIS_HEAD_COLUMNS}
  ${MARK_FROM}
  ${ANALYSIS_HEAD_JOIN}
  WHERE g."id" = $1`);
