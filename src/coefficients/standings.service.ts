import { Injectable } from '@nestjs/common';
import { In, IsNull, Not, type EntityManager } from 'typeorm';
import { Penalty } from '../arbiter/penalty.entity';
import { refusals } from '../games/game-refusals';
import { isUuid } from '../games/game-session';
import { Game } from '../games/game.entity';
import { Competition } from '../competitions/competition.entity';
import { Group } from '../competitions/group.entity';
import { Player } from '../competitions/player.entity';
import { Registration } from '../competitions/registration.entity';
import { Database } from '../database/database';
import { Result } from './result.entity';
import { rankGroup, standingsCsv, UTF8_BOM, type StandingEntry, type StandingRow } from './standings';
import { penalizedCoefficient, toDecimal } from './coefficients';

export interface GroupStandings {
  readonly groupId: string;
  readonly name: string;
  readonly rows: readonly StandingRow[];
}

/** Standings as JSON: coefficients as decimals (1.5219), as the sheets print them. */
export interface StandingsView {
  readonly competitionId: string;
  readonly groups: readonly {
    readonly groupId: string;
    readonly name: string;
    readonly rows: readonly (Omit<StandingRow, 'total' | 'average' | 'best'> & { total: number; average: number; best: number })[];
  }[];
}

/** Standings per group from the homologated results (RULES.md §7): public, read-only. */
@Injectable()
export class StandingsService {
  constructor(private readonly db: Database) {}

  standings(competitionId: string): Promise<GroupStandings[]> {
    return this.db.run((m) => this.compute(m, competitionId));
  }

  async view(competitionId: string): Promise<StandingsView> {
    const groups = await this.standings(competitionId);
    return {
      competitionId,
      groups: groups.map((g) => ({
        groupId: g.groupId,
        name: g.name,
        rows: g.rows.map((r) => ({ ...r, total: toDecimal(r.total), average: toDecimal(r.average), best: toDecimal(r.best) })),
      })),
    };
  }

  /** The CSV as text (the CLI prints it for pipes and scripts). */
  async csv(competitionId: string): Promise<string> {
    return standingsCsv(await this.standings(competitionId));
  }

  /** The CSV as a spreadsheet file (issue 12 §7): with the UTF-8 BOM, named after the competition. */
  async csvFile(competitionId: string): Promise<{ readonly fileName: string; readonly body: string }> {
    return this.db.run(async (m) => {
      const groups = await this.compute(m, competitionId);
      const { name } = await m.findOneByOrFail(Competition, { id: competitionId });
      return { fileName: `${name} - standings.csv`, body: `${UTF8_BOM}${standingsCsv(groups)}` };
    });
  }

  private async compute(m: EntityManager, competitionId: string): Promise<GroupStandings[]> {
    if (!isUuid(competitionId) || !(await m.existsBy(Competition, { id: competitionId }))) {
      throw refusals.unknownCompetition(competitionId);
    }
    const [groups, registrations, games, penalties] = await Promise.all([
      m.find(Group, { where: { competitionId }, order: { position: 'ASC' } }),
      m.find(Registration, { where: { competitionId, groupId: Not(IsNull()) } }),
      m.find(Game, { where: { competitionId } }),
      m.find(Penalty, { where: { competitionId, kind: 'coefficient' } }),
    ]);
    const [players, results] = await Promise.all([
      registrations.length ? m.findBy(Player, { id: In(registrations.map((r) => r.playerId)) }) : [],
      games.length ? m.findBy(Result, { gameId: In(games.map((g) => g.id)), status: 'homologated' }) : [],
    ]);
    const name = new Map(players.map((p) => [p.id, p.name]));
    const gameOf = new Map(games.map((g) => [g.id, g]));
    const entries = new Map<string, { coefficients: number[]; scoreDifference: number }>(
      registrations.map((r) => [r.playerId, { coefficients: [], scoreDifference: 0 }]),
    );
    for (const result of results) {
      const game = gameOf.get(result.gameId)!;
      for (const [playerId, own, other, coefficient] of [
        [game.redPlayerId, result.redScore, result.blueScore, result.redCoefficient],
        [game.bluePlayerId, result.blueScore, result.redScore, result.blueCoefficient],
      ] as const) {
        const entry = entries.get(playerId);
        if (!entry) continue;
        // RULES.md §6: a sanction deducts 0.1–1 from this game's coefficient.
        const deducted = penalties.filter((p) => p.gameId === game.id && p.playerId === playerId).reduce((s, p) => s + p.amount, 0);
        entry.coefficients.push(penalizedCoefficient(coefficient, deducted));
        entry.scoreDifference += own - other;
      }
    }
    return groups.map((group) => ({
      groupId: group.id,
      name: group.name,
      rows: rankGroup(
        registrations
          .filter((r) => r.groupId === group.id)
          .map((r): StandingEntry => ({ playerId: r.playerId, name: name.get(r.playerId) ?? '', ...entries.get(r.playerId)! })),
      ),
    }));
  }
}
