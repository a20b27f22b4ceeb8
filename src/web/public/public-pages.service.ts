import { Injectable } from '@nestjs/common';
import { SYSTEM_ACTOR, type Actor } from '../../auth/core/actor';
import { notFound } from '../../common/refusal';
import { formatCoefficient } from '../../common/coefficient-format';
import { StandingsService } from '../../coefficients/standings.service';
import { CompetitionReadsService, type CompetitionView } from '../../competitions/competition-reads.service';
import { Database } from '../../database/database';
import type { SheetLanguage } from '../../engine/sheet';
import { GameListingsRepository } from '../../games/persistence/game-listings.repository';
import { GameSheetsService } from '../../games/reads/game-sheets.service';
import { isUuid } from '../../common/ids';

export interface PublicResultRow {
  readonly gameId: string;
  readonly group: string;
  readonly round: number;
  readonly red: string;
  readonly blue: string;
  readonly scores: string;
  readonly coefficients: string;
  /** Ten-thousandths, for the page to write in its language (formatCoefficient). */
  readonly coefficientValues: { readonly red: number; readonly blue: number } | null;
  readonly homologated: boolean;
}

export interface PublicCompetition {
  readonly competition: CompetitionView;
  /** Each group's standings with its crosstable: a game without a result is a mark there, never a link (docs/web.md, Public pages). */
  readonly standings: Awaited<ReturnType<StandingsService['standingsWithCrosstables']>>;
  readonly results: readonly PublicResultRow[];
  /** Games still being played: counted, never shown (docs/web.md, Public pages). */
  readonly gamesInProgress: number;
}

const NO_COMPETITION = (id: string) =>
  notFound({ ro: `Competiția ${id} nu există.`, en: `There is no competition ${id}.`, pl: `Nie ma rozgrywek ${id}.` });
/** The same answer for a game that does not exist and one still in progress: neither is public. */
const NO_SHEET = (id: string) =>
  notFound({
    ro: `Fișa partidei ${id} nu este publică (partida nu există sau nu s-a terminat).`,
    en: `The sheet of game ${id} is not public (no such game, or it has not ended).`,
    pl: `Protokół partii ${id} nie jest publiczny (nie ma takiej partii albo jeszcze się nie zakończyła).`,
  });

/**
 * The public pages, no login: competitions, groups, standings, results, the
 * published sequence hashes, and the sheets of finished games only. A game in progress is
 * never shown: its sheet would help one player against the other.
 */
@Injectable()
export class PublicPagesService {
  constructor(
    private readonly db: Database,
    private readonly listings: GameListingsRepository,
    private readonly competitions: CompetitionReadsService,
    private readonly standings: StandingsService,
    private readonly sheets: GameSheetsService,
  ) {}

  list() {
    return this.db.run(async () => {
      const rows = await this.listings.competitionsNewestFirst();
      return rows.map((c) => ({
        id: c.id,
        name: c.name,
        shortName: c.shortName,
        status: c.status,
        startDate: c.startDate,
        closingDate: c.closingDate,
      }));
    });
  }

  async competition(id: string): Promise<PublicCompetition> {
    if (!isUuid(id)) throw NO_COMPETITION(id);
    const competition = await this.competitions.get(SYSTEM_ACTOR, id);
    const standings = competition.status === 'draft' ? [] : await this.standings.standingsWithCrosstables(id);
    const { results, inProgress } = await this.db.run(async () => {
      const { games, names: name, groups: group, results: result } = await this.listings.ofCompetition(id);
      const ended = games.filter((g) => g.status === 'ended');
      return {
        inProgress: games.length - ended.length,
        results: ended.map((g): PublicResultRow => {
          const r = result.get(g.id);
          return {
            gameId: g.id,
            group: group.get(g.groupId) ?? '',
            round: g.round,
            red: name.get(g.redPlayerId) ?? '',
            blue: name.get(g.bluePlayerId) ?? '',
            scores: r ? `${r.redScore} – ${r.blueScore}` : '',
            coefficients: r ? `${formatCoefficient(r.redCoefficient)} – ${formatCoefficient(r.blueCoefficient)}` : '',
            coefficientValues: r ? { red: r.redCoefficient, blue: r.blueCoefficient } : null,
            homologated: r?.status === 'homologated',
          };
        }),
      };
    });
    return { competition, standings, results, gamesInProgress: inProgress };
  }

  /**
   * The text sheet of a finished game; 404 for a game in progress, as for one that does not
   * exist. `gcg`: whether the signed-in visitor may download the game's GCG (a player entered
   * in its competition, its arbiter).
   */
  async sheet(gameId: string, language: SheetLanguage, visitor?: Actor): Promise<{ text: string; title: string; gcg: boolean }> {
    const competition = await this.finishedGameCompetition(gameId);
    const text = await this.sheets.sheet(SYSTEM_ACTOR, gameId, { language, published: true });
    const gcg = visitor !== undefined && (await this.sheets.mayDownloadGcg(visitor, gameId));
    return { text, title: competition.name, gcg };
  }

  async sheetPdf(gameId: string, language: SheetLanguage): Promise<Buffer> {
    const competition = await this.finishedGameCompetition(gameId);
    return this.sheets.pdf(SYSTEM_ACTOR, gameId, { language, published: true, title: competition.name });
  }

  /** The competition of a finished game: a game in progress has no published sheet, as one that does not exist. */
  private async finishedGameCompetition(gameId: string) {
    const game = isUuid(gameId) ? await this.db.run(() => this.listings.game(gameId)) : null;
    if (!game || game.status !== 'ended') throw NO_SHEET(gameId);
    return this.db.run(() => this.listings.competitionOf(game));
  }
}
