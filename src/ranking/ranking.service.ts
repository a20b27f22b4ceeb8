import { Inject, Injectable } from '@nestjs/common';
import { localDate } from '../common/calendar';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { notFound, Refusal } from '../common/refusal';
import { SETTINGS, type Settings } from '../config/settings';
import { Database } from '../database/database';
import type { SheetRankings } from '../games/reads/sheet-rankings';
import { computeRanking, type RankingSettings } from './core/ranking';
import {
  checkRankingChoice,
  effectiveSettings,
  isFederation,
  rankedGameOf,
  type Federation,
  type RankingMethod,
} from './core/ranking-inputs';
import type { RankedGame } from './core/ranking-types';
import { RankingGame } from './ranking-game.entity';
import { RankingPoint } from './ranking-point.entity';
import { RankingRepository } from './ranking.repository';
import { RankingStanding } from './ranking-standing.entity';

/** A line of the public list (docs/web.md "The ranking"). */
export interface RankingListLine {
  readonly playerId: string;
  readonly name: string;
  readonly position: number | null;
  readonly ranking: number | null;
  readonly games: number;
}

export interface RankingListView {
  readonly federation: Federation;
  readonly settings: RankingSettings;
  /** The day the stored list is as of; null before the first computation. */
  readonly computedOn: string | null;
  readonly listed: readonly RankingListLine[];
  /** Players with counted games but fewer than the minimum within the window. */
  readonly unlisted: readonly RankingListLine[];
}

export interface RankingHistoryView {
  readonly federation: Federation;
  readonly method: RankingMethod;
  readonly player: { readonly id: string; readonly name: string };
  readonly standing: RankingListLine | null;
  readonly games: readonly (RankingGame & { opponentName: string; competitionName: string })[];
  readonly points: readonly (RankingPoint & { competitionName: string })[];
}

const unknownFederation = (name: string) =>
  notFound({
    ro: `Nu există federația „${name}” (frsc sau pfs).`,
    en: `There is no federation "${name}" (frsc or pfs).`,
    pl: `Nie ma federacji „${name}” (frsc albo pfs).`,
  });
const unknownPlayer = (id: string) =>
  notFound({ ro: `Jucătorul ${id} nu există.`, en: `There is no player ${id}.`, pl: `Nie ma gracza ${id}.` });

/**
 * The federation's ranking (docs/rules.md §12.1): the method and constants the federation chose,
 * the list computed by the pure core from the homologated games of its finished competitions,
 * stored whole (list, players' points, counted games) and rewritten when a competition of the
 * federation is finished, in that homologation's transaction.
 */
@Injectable()
export class RankingService implements SheetRankings {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly rankings: RankingRepository,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  federationOf(name: string): Federation {
    if (!isFederation(name)) throw unknownFederation(name);
    return name;
  }

  /**
   * The federation's list computed again and stored, in the caller's unit of work (the
   * homologation that finished a competition): from the same games it writes the same rows.
   */
  async recompute(federation: Federation): Promise<{ listed: number; unlisted: number; games: number }> {
    const choice = await this.rankings.lockChoice(federation);
    const settings = effectiveSettings(federation, choice);
    const games = (await this.rankings.homologatedResults(federation)).map(rankedGameOf).filter((g): g is RankedGame => g !== null);
    const asOf = localDate(this.clock.now(), this.settings.timeZone);
    const ranking = computeRanking(games, asOf, settings);
    const standings = [
      ...ranking.list.map((e) =>
        Object.assign(new RankingStanding(), {
          federation,
          playerId: e.player,
          listed: true,
          position: e.position,
          ranking: e.ranking,
          exact: e.exact,
          games: e.games,
        }),
      ),
      ...(ranking.unlisted ?? []).map((e) =>
        Object.assign(new RankingStanding(), {
          federation,
          playerId: e.player,
          listed: false,
          position: null,
          ranking: null,
          exact: null,
          games: e.games,
        }),
      ),
    ];
    const points = [...ranking.history].flatMap(([playerId, list]) =>
      list.map((p) =>
        Object.assign(new RankingPoint(), {
          federation,
          playerId,
          competitionId: p.competitionId,
          day: p.date,
          ranking: p.ranking,
          exact: p.exact,
          games: p.games,
          listed: p.listed,
        }),
      ),
    );
    const counted = [...(ranking.games ?? [])].flatMap(([playerId, list]) =>
      list.map((g) =>
        Object.assign(new RankingGame(), {
          federation,
          playerId,
          gameId: g.gameId,
          competitionId: g.competitionId,
          day: g.date,
          opponentId: g.opponent,
          result: g.result,
          walkover: g.walkover,
          ranking: g.ranking,
          opponentRanking: g.opponentRanking,
          value: g.value,
        }),
      ),
    );
    await this.rankings.replace(federation, { standings, points, games: counted });
    choice.computedOn = asOf;
    await this.rankings.saveChoice(choice);
    return { listed: ranking.list.length, unlisted: ranking.unlisted?.length ?? 0, games: games.length };
  }

  /** The same in a transaction of its own (the CLI). */
  recomputeNow(federation: Federation): Promise<{ listed: number; unlisted: number; games: number }> {
    return this.db.transaction(() => this.recompute(federation));
  }

  /**
   * The federation chooses its method and constants (docs/rules.md §12.1; the CLI): checked,
   * stored, and the list computed with them in the same transaction. Refused with the setting
   * and what it may be, nothing changed.
   */
  choose(federation: Federation, method: string, constants: Readonly<Record<string, string>>): Promise<RankingSettings> {
    const checked = checkRankingChoice(method, constants);
    if (!checked.ok) {
      const { setting, allowed } = checked.refusal;
      throw new Refusal(
        'BAD_INPUT',
        {
          ro: `Setarea ${setting} a clasamentului: ${allowed}.`,
          en: `The ranking's setting ${setting}: ${allowed}.`,
          pl: `Ustawienie rankingu ${setting}: ${allowed}.`,
        },
        400,
      );
    }
    return this.db.transaction(async () => {
      const choice = await this.rankings.lockChoice(federation);
      choice.method = checked.choice.method;
      choice.constants = { ...checked.choice.constants };
      choice.updatedAt = this.clock.now();
      await this.rankings.saveChoice(choice);
      await this.recompute(federation);
      return effectiveSettings(federation, choice);
    });
  }

  /** The stored list (docs/web.md "The ranking"). */
  list(federation: Federation): Promise<RankingListView> {
    return this.db.run(async () => {
      const choice = await this.rankings.choice(federation);
      const rows = (await this.rankings.standings(federation)).map(lineOf);
      return {
        federation,
        settings: effectiveSettings(federation, choice),
        computedOn: choice?.computedOn ?? null,
        listed: rows.filter((r) => r.position !== null),
        unlisted: rows.filter((r) => r.position === null),
      };
    });
  }

  /** A player's history in the federation's ranking: 404 for a malformed or unknown player. */
  history(federation: Federation, playerId: string): Promise<RankingHistoryView> {
    return this.db.run(async () => {
      const player = isUuid(playerId) ? await this.rankings.player(playerId) : null;
      if (!player) throw unknownPlayer(playerId);
      const choice = await this.rankings.choice(federation);
      const standing = await this.rankings.standing(federation, playerId);
      const { games, points } = await this.rankings.history(federation, playerId);
      const names = await this.rankings.names([
        ...games.flatMap((g) => [g.opponentId, g.competitionId]),
        ...points.map((p) => p.competitionId),
      ]);
      return {
        federation,
        method: effectiveSettings(federation, choice).method,
        player: { id: player.id, name: player.name },
        standing: standing && lineOf(Object.assign(standing, { player })),
        games: games.map((g) =>
          Object.assign(g, {
            opponentName: names.players.get(g.opponentId) ?? '',
            competitionName: names.competitions.get(g.competitionId) ?? '',
          }),
        ),
        points: points.map((p) => Object.assign(p, { competitionName: names.competitions.get(p.competitionId) ?? '' })),
      };
    });
  }

  /** SheetRankings: the published ranking of each player's latest point before the game's first day. */
  async rankingsBefore(federation: Federation, playerIds: readonly string[], day: string): Promise<Map<string, number>> {
    const points = await this.db.run(() => this.rankings.pointsBefore(federation, playerIds, day));
    return new Map([...points].map(([id, p]) => [id, p.ranking]));
  }
}

function lineOf(s: RankingStanding): RankingListLine {
  return { playerId: s.playerId, name: s.player?.name ?? '', position: s.position, ranking: s.ranking, games: s.games };
}
