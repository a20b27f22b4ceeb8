import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Actor } from '../../auth/core/actor';
import { personName } from '../../auth/display-name';
import { Clock } from '../../common/clock';
import { Refusal } from '../../common/refusal';
import { resultView } from '../model/result-view';
import { toDecimal } from '../../coefficients/core/coefficients';
import type { Player } from '../../players/player.entity';
import { Database } from '../../database/database';
import { COLORS, type Color } from '../../engine';
import { toGcg } from '../../engine/gcg-export';
import type { Ruling } from '../../arbiter/ruling.entity';
import type { Penalty } from '../../arbiter/penalty.entity';
import { RulingsRepository } from '../../arbiter/rulings.repository';
import { localDate } from '../../common/calendar';
import { sheetRecordSections, type SheetDispute, type SheetRecords } from '../core/sheet-records';
import type { Dispute } from '../entities/dispute.entity';
import type { GameState } from '../../engine/replay';
import { tourOf } from '../../engine/tour';
import { renderSheet, sheetModelFromReplay, type SheetLanguage, type SheetModel, type SheetPlayer } from '../../engine/sheet';
import { clocksOn } from '../model/game-clocks';
import { GameSession } from '../model/game-session';
import { GameRepository } from '../persistence/game.repository';
import { Lexicons } from '../persistence/lexicons.service';
import { UNNAMED_LEXICON } from '../core/game-record-replay';
import { analysisSheetLines, analysisSheetTable } from '../core/game-analysis';
import { renderSheetPdf } from './sheet-pdf';
import { noteFor, PUBLIC_READER } from '../core/move-note';
import { GameAnalysisService } from './game-analysis.service';
import type { GameTurnAnalysis } from '../../engine/analysis';
import { SHEET_RANKINGS, type SheetRankings } from './sheet-rankings';
import { DisputesRepository } from '../persistence/disputes.repository';
import { ResultsRepository } from '../persistence/results.repository';
import { CompetitionsRepository } from '../../competitions/competitions.repository';
import { UserRepository } from '../../auth/user.repository';

export interface SheetOptions {
  /** Default: the player's language, else Romanian. */
  readonly language?: SheetLanguage;
  /** While an appeal keeps two lines: `A` (default) or `B`, or a line id. */
  readonly line?: string;
  /**
   * The copy published to everyone (the public pages): the arbiter's decisions are listed with
   * their effects but not the arbiter's own words, which go to the game's players and arbiter;
   * no move's note (written for the partner: docs/features.md, A note with a move).
   */
  readonly published?: boolean;
}

/**
 * The printable game sheet (docs/rules.md §8) and the GCG export of a stored game, from its
 * move log replayed by the rules core, with its disputes, rulings, penalties and end-of-game
 * racks (core/sheet-records.ts). The sheet is for the game's players and arbiter; the GCG of a
 * finished game also for every player entered in its competition (the federation's games are
 * its players' to study), only its kept line.
 */
@Injectable()
export class GameSheetsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly lexicons: Lexicons,
    private readonly games: GameRepository,
    private readonly rulings: RulingsRepository,
    private readonly analysis: GameAnalysisService,
    private readonly disputes: DisputesRepository,
    private readonly results: ResultsRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly users: UserRepository,
    @Optional() @Inject(SHEET_RANKINGS) private readonly rankings?: SheetRankings,
  ) {}

  /** The text sheet, with its analysis part. */
  async sheet(actor: Actor, gameId: string, options: SheetOptions = {}): Promise<string> {
    const { model, analysis } = await this.document(actor, gameId, options);
    const lines = analysisSheetLines(analysis, model.language);
    return renderSheet(model) + (lines.length ? `\n${lines.join('\n')}\n` : '');
  }

  /** The same sheet as a PDF document (sheet-pdf.ts), laid out from the same model. */
  async pdf(actor: Actor, gameId: string, options: SheetOptions & { readonly title: string }): Promise<Buffer> {
    const { model, analysis } = await this.document(actor, gameId, options);
    const table = analysisSheetTable(analysis, model.language);
    return renderSheetPdf({ sheet: model, title: options.title, ...(table && { analysis: table }) });
  }

  /** The sheet's model and its analysis turns, which the text sheet and the PDF both print. */
  private document(
    actor: Actor,
    gameId: string,
    options: SheetOptions,
  ): Promise<{ model: SheetModel; analysis: readonly GameTurnAnalysis[] }> {
    return this.db.run(async () => {
      const s = await this.open(actor, gameId);
      const lineId = this.lineOf(s, options.line);
      const replay = s.replay(lineId);
      const path = s.pathOf(lineId);
      // On the pool (a read, not a transaction): at once, each on a connection of its own.
      const [group, arbiter, result, clocks, disputes, rulings, rankings] = await this.games.independent([
        () => this.competitions.groupName(s.game.groupId),
        () => this.users.find(s.competition.arbiterUserId),
        () => this.results.resultOf(gameId),
        () => clocksOn(s),
        () => this.disputes.disputesOf(gameId),
        () => this.rulings.ofGame(gameId),
        // docs/rules.md §12.1: the federation's ranking each player brings to the game.
        async () =>
          this.rankings?.rankingsBefore(s.competition.rules, [s.players.red.id, s.players.blue.id], s.game.startedOn) ??
          new Map<string, number>(),
      ]);
      const asker = actor.kind === 'user' ? COLORS.find((c) => s.players[c].id === actor.playerId) : undefined;
      // The published copy is everyone's: what it shows is what the public may read (core/move-note.ts).
      const reader = options.published === true ? PUBLIC_READER : s.readerOf(actor);
      const language = options.language ?? (asker ? s.players[asker].language : 'ro');
      const holidays = Object.fromEntries(
        await Promise.all(COLORS.map(async (c) => [c, (await s.holidaysOf(c)).map((h) => [h.from, h.to] as const)] as const)),
      ) as Record<Color, (readonly [string, string])[]>;
      const model = sheetModelFromReplay(replay, {
        language,
        competition: s.competition.name,
        group,
        red: sheetPlayer(s.players.red, rankings),
        blue: sheetPlayer(s.players.blue, rankings),
        arbiter: personName(arbiter?.displayName),
        startDate: s.game.startedOn,
        closingDate: s.competition.closingDate,
        holidays,
        timing: path.map((move) => ({
          arrived: move.arrivedOn,
          sent: move.sentOn,
          thinkingDays: move.thinkingDays,
          note: noteFor(reader, move),
        })),
        ...(s.game.outcome && { outcome: s.game.outcome }),
        thinkingDays: { red: clocks.clocks.red.used, blue: clocks.clocks.blue.used },
        ...(result && { coefficients: resultView(result).coefficients }),
        sections: sheetRecordSections(
          sheetRecords(s, replay.state, disputes, rulings, reader.kind === 'public'),
          language,
          mapColors((c) => s.players[c].name),
        ),
      });
      // The analysis is of the line shown first (the kept one after the game): not printed under the other line of an appeal.
      const analysis = lineId === s.liveLines()[0].id ? await this.analysis.sheetTurns(gameId, path.length) : [];
      return { model, analysis };
    });
  }

  gcg(actor: Actor, gameId: string, options: Pick<SheetOptions, 'line'> = {}): Promise<string> {
    return this.db.run(async () => {
      const s = await this.open(actor, gameId, { finishedFor: 'competition' });
      // One who sees only the finished game has its kept line, never the variant the ruling annulled.
      const line = s.game.status === 'ended' && !s.canRead(actor) ? undefined : options.line;
      const { state, records } = s.replay(this.lineOf(s, line));
      return toGcg({
        state,
        records,
        lexicon: s.competition.lexicon ?? UNNAMED_LEXICON,
        players: { red: { name: s.players.red.name }, blue: { name: s.players.blue.name } },
        title: s.competition.name,
      });
    });
  }

  /** Whether the actor may download the game's GCG (the published sheet links it only then). */
  mayDownloadGcg(actor: Actor, gameId: string): Promise<boolean> {
    return this.db.run(async () => {
      try {
        await this.open(actor, gameId, { finishedFor: 'competition' });
        return true;
      } catch (e) {
        if (e instanceof Refusal) return false;
        throw e;
      }
    });
  }

  /**
   * The game, for its players and arbiter; with `finishedFor: 'competition'`, once it has ended,
   * also for a player entered in its competition. Anyone else is told there is no such game.
   */
  private async open(actor: Actor, gameId: string, { finishedFor }: { finishedFor?: 'competition' } = {}): Promise<GameSession> {
    const s = await GameSession.open(this.games, gameId, {
      lock: false,
      now: this.clock.now(),
      lexicon: (c) => this.lexicons.forCompetition(c),
    });
    if (s.canRead(actor)) return s;
    const entered =
      finishedFor === 'competition' &&
      s.game.status === 'ended' &&
      actor.kind === 'user' &&
      actor.playerId !== undefined &&
      (await this.competitions.registration(s.competition.id, actor.playerId)) !== null;
    // Anyone else: requirePlayer refuses as it does for every other game action.
    if (!entered) s.requirePlayer(actor);
    return s;
  }

  private lineOf(s: GameSession, name: string | undefined): string {
    return name === undefined ? s.liveLines()[0].id : s.resolveLine(name).id;
  }
}

function sheetPlayer(p: Player, rankings: ReadonlyMap<string, number>): SheetPlayer {
  return {
    name: p.name,
    previousCoefficient: p.previousCoefficient === null ? null : toDecimal(p.previousCoefficient),
    previousRank: p.previousRank,
    ranking: rankings.get(p.id) ?? null,
  };
}

function mapColors<T>(f: (c: Color) => T): Record<Color, T> {
  return { red: f('red'), blue: f('blue') };
}

/**
 * What the sheet records besides the moves (docs/rules.md §8), as plain data for
 * core/sheet-records.ts: each contest with its move, each ruling with its case, each penalty
 * with its player, and at a rule-made end (§4) the racks the replay of the line left.
 */
function sheetRecords(
  s: GameSession,
  state: GameState,
  disputes: readonly Dispute[],
  { rulings, penalties }: { readonly rulings: readonly Ruling[]; readonly penalties: readonly Penalty[] },
  published: boolean,
): SheetRecords {
  const day = (at: Date) => localDate(at, s.competition.timeZone);
  const movesById = new Map(s.moves.map((m) => [m.id, m]));
  const kindOf = new Map(rulings.map((r) => [r.id, r.kind]));
  return {
    disputes: disputes.flatMap((d): SheetDispute[] => {
      const move = movesById.get(d.contestedMoveId);
      const contester = s.colorOfPlayer(d.contesterPlayerId);
      if (!move || !contester) return [];
      const kept = d.keptLineId === null || d.lines === null ? undefined : keptSide(d.lines, d.keptLineId);
      const settledAt = d.ruledAt ?? d.admittedAt;
      return [
        {
          tour: tourOf(move.number),
          number: move.number,
          mover: move.color,
          words: d.words,
          contester,
          status: d.status,
          ...(kept && { kept }),
          contestedOn: day(d.createdAt),
          ...(settledAt && { settledOn: day(settledAt) }),
        },
      ];
    }),
    rulings: rulings.map((r) => ({
      on: day(r.createdAt),
      kind: r.kind,
      caseKind: r.case?.kind ?? null,
      details: r.details,
      ...(!published && r.reason.trim() !== '' && { reason: r.reason }),
    })),
    penalties: penalties.flatMap((p) => {
      const player = s.colorOfPlayer(p.playerId);
      return player ? [{ player, kind: p.kind, amount: p.amount, on: p.effectiveOn, rulingKind: kindOf.get(p.rulingId) ?? '' }] : [];
    }),
    ...(state.endReason !== undefined && {
      end: {
        racks: mapColors((c) => state.racks[c].map((t) => t.letter)),
        adjustment: state.endAdjustment,
        scores: state.scores,
      },
    }),
  };
}

function keptSide(lines: { readonly stands: string; readonly replaced: string }, kept: string): 'stands' | 'replaced' | undefined {
  if (kept === lines.stands) return 'stands';
  return kept === lines.replaced ? 'replaced' : undefined;
}
