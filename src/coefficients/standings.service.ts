import { Injectable } from '@nestjs/common';
import { refusals } from '../games/core/game-refusals';
import type { Game } from '../games/entities/game.entity';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import type { Group } from '../competitions/group.entity';
import type { Registration } from '../competitions/registration.entity';
import { Database } from '../database/database';
import type { Result } from '../games/entities/result.entity';
import { StandingsRepository } from './standings.repository';
import { Refusal } from '../common/refusal';
import { rankGroup, type StandingEntry, type StandingRow } from './core/standings';
import { crosstableCsv, sheetLocale, standingsCsv, UNKNOWN_SHEET_LOCALE, UTF8_BOM, type SheetLocale } from './core/spreadsheet';
import { penalizedCoefficient, toDecimal } from './core/coefficients';
import { crosstable, type Crosstable } from './core/crosstable';

export interface GroupStandings {
  readonly groupId: string;
  readonly name: string;
  readonly rows: readonly StandingRow[];
}

export interface GroupStandingsWithCrosstable extends GroupStandings {
  readonly crosstable: Crosstable;
}

/** What the standings and the crosstables are computed from; coefficients after deductions, by game. */
interface Loaded {
  readonly groups: readonly Group[];
  readonly registrations: readonly Registration[];
  readonly games: readonly Game[];
  readonly results: readonly Result[];
  readonly coefficients: ReadonlyMap<string, { readonly red: number; readonly blue: number; readonly homologated: boolean }>;
  readonly name: ReadonlyMap<string, string>;
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

/** A spreadsheet download: the file's name and its text, BOM first. */
export interface SheetFile {
  readonly fileName: string;
  readonly body: string;
}

function sheetFile(fileName: string, csv: string): SheetFile {
  return { fileName, body: `${UTF8_BOM}${csv}` };
}

function localeOrRefuse(asked: string | undefined, tileSet: string): SheetLocale {
  const locale = sheetLocale(asked, tileSet);
  if (!locale) throw new Refusal('UNKNOWN_SHEET_LOCALE', UNKNOWN_SHEET_LOCALE, 400);
  return locale;
}

/** Standings per group from the homologated results (docs/rules.md §7): public, read-only. */
@Injectable()
export class StandingsService {
  constructor(
    private readonly db: Database,
    private readonly rows: StandingsRepository,
    private readonly competitions: CompetitionsRepository,
  ) {}

  standings(competitionId: string): Promise<GroupStandings[]> {
    return this.db.run(() => this.compute(competitionId));
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

  /** The CSV as text (the CLI prints it for pipes and scripts); English unless another locale is asked for. */
  async csv(competitionId: string, locale: SheetLocale = 'en'): Promise<string> {
    return standingsCsv(await this.standings(competitionId), locale);
  }

  /**
   * The standings as a spreadsheet file in the reader's locale (docs/web.md, "Spreadsheets"):
   * `asked` is `ro` or `en`, by default the competition's own; with the UTF-8 BOM, named after
   * the competition.
   */
  async csvFile(competitionId: string, asked?: string): Promise<SheetFile> {
    return this.db.run(async () => {
      const groups = await this.compute(competitionId);
      const { name, tileSet } = await this.competitions.get(competitionId);
      const locale = localeOrRefuse(asked, tileSet);
      return sheetFile(`${name} - ${{ ro: 'clasament', en: 'standings', pl: 'klasyfikacja' }[locale]}.csv`, standingsCsv(groups, locale));
    });
  }

  /** Each group's crosstable as a spreadsheet file, in the same two locales as the standings. */
  async crosstableCsvFile(competitionId: string, asked?: string): Promise<SheetFile> {
    // The standings first: they refuse an unknown or malformed id before the competition is read.
    const groups = await this.standingsWithCrosstables(competitionId);
    const { name, tileSet } = await this.db.run(() => this.competitions.get(competitionId));
    const locale = localeOrRefuse(asked, tileSet);
    const body = crosstableCsv(
      groups.map((g) => ({ name: g.name, table: g.crosstable })),
      locale,
    );
    return sheetFile(`${name} - ${{ ro: 'tabel de rezultate', en: 'crosstable', pl: 'tabela wyników' }[locale]}.csv`, body);
  }

  /** Each group's standings with its crosstable, from one read of the competition. */
  standingsWithCrosstables(competitionId: string): Promise<GroupStandingsWithCrosstable[]> {
    return this.db.run(async () => {
      const loaded = await this.load(competitionId);
      return this.rank(loaded).map((group) => ({
        ...group,
        crosstable: crosstable(
          group.rows.map((r) => ({ playerId: r.playerId, name: r.name })),
          loaded.games
            .filter((g) => g.groupId === group.groupId)
            .map((g) => ({
              gameId: g.id,
              round: g.round,
              redPlayerId: g.redPlayerId,
              bluePlayerId: g.bluePlayerId,
              result: loaded.coefficients.get(g.id) ?? null,
            })),
        ),
      }));
    });
  }

  private async compute(competitionId: string): Promise<GroupStandings[]> {
    return this.rank(await this.load(competitionId));
  }

  private async load(competitionId: string): Promise<Loaded> {
    const rows = await this.rows.rowsOf(competitionId);
    if (!rows) throw refusals.unknownCompetition(competitionId);
    const { groups, registrations, games, penalties, players, results } = rows;
    const gameOf = new Map(games.map((g) => [g.id, g]));
    // docs/rules.md §6: a sanction deducts 0.1–1 from this game's coefficient.
    const deducted = (gameId: string, playerId: string) =>
      penalties.filter((p) => p.gameId === gameId && p.playerId === playerId).reduce((s, p) => s + p.amount, 0);
    const coefficients = new Map(
      results.map((r) => {
        const game = gameOf.get(r.gameId)!;
        return [
          r.gameId,
          {
            red: penalizedCoefficient(r.redCoefficient, deducted(game.id, game.redPlayerId)),
            blue: penalizedCoefficient(r.blueCoefficient, deducted(game.id, game.bluePlayerId)),
            homologated: r.status === 'homologated',
          },
        ] as const;
      }),
    );
    return { groups, registrations, games, results, coefficients, name: new Map(players.map((p) => [p.id, p.name])) };
  }

  private rank({ groups, registrations, games, results, coefficients, name }: Loaded): GroupStandings[] {
    const gameOf = new Map(games.map((g) => [g.id, g]));
    const entries = new Map<string, { coefficients: number[]; scoreDifference: number }>(
      registrations.map((r) => [r.playerId, { coefficients: [], scoreDifference: 0 }]),
    );
    for (const result of results.filter((r) => r.status === 'homologated')) {
      const game = gameOf.get(result.gameId)!;
      const counted = coefficients.get(result.gameId)!;
      for (const [playerId, own, other, coefficient] of [
        [game.redPlayerId, result.redScore, result.blueScore, counted.red],
        [game.bluePlayerId, result.blueScore, result.redScore, counted.blue],
      ] as const) {
        const entry = entries.get(playerId);
        if (!entry) continue;
        entry.coefficients.push(coefficient);
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
