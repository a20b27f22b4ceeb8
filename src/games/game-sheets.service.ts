import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { canArbitrate } from '../auth/core/permissions';
import { personName } from '../auth/display-name';
import { Clock } from '../common/clock';
import { resultView } from './result-proposals';
import { toDecimal } from '../coefficients/core/coefficients';
import type { Player } from '../players/player.entity';
import { Database } from '../database/database';
import { COLORS, type Color } from './engine';
import { toGcg } from './engine/gcg';
import { renderSheet, sheetModelFromReplay, type SheetLanguage, type SheetPlayer } from './engine/sheet';
import { clocksOn } from './game-clocks';
import { GameSession } from './game-session';
import { GameRepository } from './game.repository';
import { Lexicons } from './lexicons';
import { UNNAMED_LEXICON } from './core/game-record';
import { analysisSheetLines } from './core/game-analysis';
import { GameAnalysisService } from './game-analysis.service';

export interface SheetOptions {
  /** Default: the player's language, else Romanian. */
  readonly language?: SheetLanguage;
  /** While an appeal keeps two lines: `A` (default) or `B`, or a line id. */
  readonly line?: string;
}

/**
 * The printable game sheet (docs/rules.md §8) and the GCG export of a stored game, from its
 * move log replayed by the rules core. Anyone who may see the game may have them.
 */
@Injectable()
export class GameSheetsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly lexicons: Lexicons,
    private readonly games: GameRepository,
    private readonly analysis: GameAnalysisService,
  ) {}

  sheet(actor: Actor, gameId: string, options: SheetOptions = {}): Promise<string> {
    return this.db.run(async () => {
      const s = await this.open(actor, gameId);
      const lineId = this.lineOf(s, options.line);
      const replay = s.replay(lineId);
      const path = s.pathOf(lineId);
      // On the pool (a read, not a transaction): at once, each on a connection of its own.
      const [group, arbiter, result, clocks] = await this.games.independent([
        () => this.games.groupName(s.game.groupId),
        () => this.games.user(s.competition.arbiterUserId),
        () => this.games.resultOf(gameId),
        () => clocksOn(s),
      ]);
      const asker = actor.kind === 'user' ? COLORS.find((c) => s.players[c].id === actor.playerId) : undefined;
      const language = options.language ?? (asker ? s.players[asker].language : 'ro');
      const holidays = Object.fromEntries(
        await Promise.all(COLORS.map(async (c) => [c, (await s.holidaysOf(c)).map((h) => [h.from, h.to] as const)] as const)),
      ) as Record<Color, (readonly [string, string])[]>;
      const model = sheetModelFromReplay(replay, {
        language,
        competition: s.competition.name,
        group,
        red: sheetPlayer(s.players.red),
        blue: sheetPlayer(s.players.blue),
        arbiter: personName(arbiter?.displayName),
        startDate: s.game.startedOn,
        closingDate: s.competition.closingDate,
        holidays,
        timing: path.map((move) => ({ arrived: move.arrivedOn, sent: move.sentOn, thinkingDays: move.thinkingDays, note: move.note })),
        ...(s.game.outcome && { outcome: s.game.outcome }),
        thinkingDays: { red: clocks.clocks.red.used, blue: clocks.clocks.blue.used },
        ...(result && { coefficients: resultView(result).coefficients }),
      });
      // The analysis is of the line shown first (the kept one after the game): not printed under the other line of an appeal.
      const analysed = lineId === s.liveLines()[0].id ? await this.analysisPart(gameId, path.length, language) : '';
      return renderSheet(model) + analysed;
    });
  }

  gcg(actor: Actor, gameId: string, options: Pick<SheetOptions, 'line'> = {}): Promise<string> {
    return this.db.run(async () => {
      const s = await this.open(actor, gameId);
      const { state, records } = s.replay(this.lineOf(s, options.line));
      return toGcg({
        state,
        records,
        lexicon: s.competition.lexicon ?? UNNAMED_LEXICON,
        players: { red: { name: s.players.red.name }, blue: { name: s.players.blue.name } },
        title: s.competition.name,
      });
    });
  }

  /** Issue 16 item 3: the sheet's short analysis part, once the game's analysis may be shown and is ready; nothing otherwise. */
  private async analysisPart(gameId: string, movesPlayed: number, language: SheetLanguage): Promise<string> {
    const lines = analysisSheetLines(await this.analysis.sheetTurns(gameId, movesPlayed), language);
    return lines.length ? `\n${lines.join('\n')}\n` : '';
  }

  private async open(actor: Actor, gameId: string): Promise<GameSession> {
    const s = await GameSession.open(this.games, gameId, {
      lock: false,
      now: this.clock.now(),
      lexicon: (c) => this.lexicons.forCompetition(c),
    });
    if (!canArbitrate(actor, s.competition, s.game)) s.requirePlayer(actor);
    return s;
  }

  private lineOf(s: GameSession, name: string | undefined): string {
    return name === undefined ? s.liveLines()[0].id : s.resolveLine(name).id;
  }
}

function sheetPlayer(p: Player): SheetPlayer {
  return {
    name: p.name,
    previousCoefficient: p.previousCoefficient === null ? null : toDecimal(p.previousCoefficient),
    previousRank: p.previousRank,
  };
}
