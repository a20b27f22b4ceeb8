// A tournament in rounds as a competition plays it (docs/rules.md §11.6): the arbiter's plan of
// pairing systems, the default number of rounds (F 9.1), which result of a game counts as which
// result of F 9.5, when a round is complete, and who is in the field of the next round
// (withdrawals and late entries, F 9.4). Pure: the rounds service persists what these return.
import type { Bilingual } from '../../common/bilingual';
import { PAIRING_SYSTEMS, type PairingSystem } from './pairing-systems';
import { defaultRounds, type GameResult, type Side } from './tournament';

/** F 9.5 has no upper bound; a correspondence tournament of more rounds than this is a mistake typed. */
export const MAX_ROUNDS = 40;

/** docs/rules.md §11.6: the standing regime of the public page and the final order. */
export const STANDING_REGIMES = ['frsc', 'coefficients'] as const;
export type StandingRegime = (typeof STANDING_REGIMES)[number];

export interface PlanProblem {
  readonly code: 'BAD_PLAN';
  readonly messages: Bilingual;
}

/** The names an arbiter may type for each system, folded (lower case, no diacritics, hyphens). */
const ALIASES: Readonly<Record<string, PairingSystem>> = {
  elvetian: 'swiss',
  'round-robin': 'rr',
  'king-of-the-hill': 'koth',
  'swiss-modificat': 'modified-swiss',
  'elvetian-modificat': 'modified-swiss',
  'modified-swiss': 'modified-swiss',
  rapid: 'rapid',
  sarpe: 'snake',
  'portland-swiss': 'portland',
  'polish-swiss': 'pfs-swiss',
  'szwajcar-pfs': 'pfs-swiss',
  dunski: 'danish',
};

function fold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s_]+/g, '-');
}

function systemNamed(name: string): PairingSystem | undefined {
  const folded = fold(name);
  if ((PAIRING_SYSTEMS as readonly string[]).includes(folded)) return folded as PairingSystem;
  return ALIASES[folded];
}

function problem(ro: string, en: string, pl: string): PlanProblem {
  return { code: 'BAD_PLAN', messages: { ro, en, pl } };
}

/**
 * The plan as the arbiter types it, "modified Swiss ×5, FP4 ×2, KOTH ×1" (× or x or *; no count
 * is one round), into the system of each round. The count of rounds is the plan's length.
 */
export function parsePlan(text: string): PairingSystem[] | PlanProblem {
  const parts = text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0)
    return problem(
      'Planul nu numește niciun sistem de împerechere.',
      'The plan names no pairing system.',
      'Plan nie wymienia żadnego systemu kojarzenia.',
    );
  const systems: PairingSystem[] = [];
  for (const part of parts) {
    const match = /^(.*?)(?:\s*[×xX*]\s*(\d+))?$/.exec(part)!;
    const system = systemNamed(match[1]);
    if (!system) {
      return problem(
        `„${match[1]}” nu este un sistem de împerechere (${PAIRING_SYSTEMS.join(', ')}).`,
        `"${match[1]}" is not a pairing system (${PAIRING_SYSTEMS.join(', ')}).`,
        `„${match[1]}” nie jest systemem kojarzenia (${PAIRING_SYSTEMS.join(', ')}).`,
      );
    }
    const count = match[2] === undefined ? 1 : Number(match[2]);
    if (count < 1)
      return problem(
        `„${part}”: numărul de runde este cel puțin 1.`,
        `"${part}": a system plays at least one round.`,
        `„${part}”: system obejmuje co najmniej jedną rundę.`,
      );
    for (let i = 0; i < count && systems.length <= MAX_ROUNDS; i++) systems.push(system);
  }
  if (systems.length > MAX_ROUNDS) {
    return problem(
      `Planul are mai mult de ${MAX_ROUNDS} de runde.`,
      `The plan has more than ${MAX_ROUNDS} rounds.`,
      `Plan ma więcej niż ${MAX_ROUNDS} rund.`,
    );
  }
  return systems;
}

/** The plan written back as the arbiter would type it: runs of one system as "name ×n". */
export function formatPlan(systems: readonly PairingSystem[]): string {
  const runs: Array<[PairingSystem, number]> = [];
  for (const system of systems) {
    const last = runs[runs.length - 1];
    if (last && last[0] === system) last[1] += 1;
    else runs.push([system, 1]);
  }
  return runs.map(([system, count]) => `${system} ×${count}`).join(', ');
}

/** docs/rules.md §11.6: with no plan typed, Swiss (F 9.1) for F 9.1's number of rounds by entrants. */
export function defaultPlan(entrants: number): PairingSystem[] {
  return Array.from({ length: defaultRounds(entrants) }, () => 'swiss' as const);
}

/** How a game of the platform ended, as the coefficients record it (docs/rules.md §7). */
export type EndingKind =
  'finished' | 'abandon' | 'timeout' | 'no-show' | 'walkover' | 'interrupted' | 'draw-agreement' | 'unfinished' | 'no-information';

/**
 * docs/rules.md §11.6: a game's recorded ending as a result of F 9.5. A normal end (going out or
 * the zero-score turns, racks deducted: F 9.5.4a) is `normal`; a time forfeit and an abandonment
 * keep the scores at that moment; a no-show and a walkover (P 7.1) are unexcused no-shows; a draw
 * by agreement is the arbiter's draw; a game stopped at the closing date without a result
 * (interrupted, unfinished, no information) is the draw for want of the slip (F 9.5.4d).
 */
export function resultOfEnding(ending: { readonly type: EndingKind; readonly by?: Side }, red: number, blue: number): GameResult {
  switch (ending.type) {
    case 'finished':
      return { kind: 'normal', red, blue };
    case 'abandon':
      return { kind: 'abandon', loser: ending.by, red, blue };
    case 'timeout':
      return { kind: 'time', loser: ending.by, red, blue };
    case 'no-show':
    case 'walkover':
      return { kind: 'no-show', loser: ending.by };
    case 'draw-agreement':
      return { kind: 'draw-arbiter' };
    case 'interrupted':
    case 'unfinished':
    case 'no-information':
      return { kind: 'draw-no-slip' };
  }
}

/** A round's games as far as its completion goes: how many, how many with a result. */
export interface RoundProgress {
  readonly games: number;
  readonly withResult: number;
  readonly complete: boolean;
}

export function roundProgress(games: ReadonlyArray<{ readonly hasResult: boolean }>): RoundProgress {
  const withResult = games.filter((g) => g.hasResult).length;
  return { games: games.length, withResult, complete: withResult === games.length };
}

/** A registration as the field of a round sees it. */
export interface Entrant {
  readonly playerId: string;
  readonly registeredAt: Date;
  readonly withdrawnAt: Date | null;
}

/**
 * The first round an entrant plays (F 9.4b): 1 when registered before round 1 started, else the
 * first round started after they registered. `startedAt` lists each started round's start, in order.
 */
export function firstRound(entrant: Entrant, startedAt: readonly Date[]): number {
  // A registration at the very instant a round starts was taken before it (one transaction each).
  const before = startedAt.filter((at) => at.getTime() < entrant.registeredAt.getTime()).length;
  return before + 1;
}

/** Who the next round pairs (F 9.4): every entrant not withdrawn; a withdrawn player is never paired again. */
export function nextField(entrants: readonly Entrant[]): string[] {
  return entrants.filter((e) => e.withdrawnAt === null).map((e) => e.playerId);
}

/** Each player's REDs minus BLUEs over the rounds: the balance the pairing systems keep (docs/rules.md §11.3). */
export function colourBalance(rounds: ReadonlyArray<ReadonlyArray<readonly [string, string]>>): Map<string, number> {
  const balance = new Map<string, number>();
  for (const pairs of rounds) {
    for (const [red, blue] of pairs) {
      balance.set(red, (balance.get(red) ?? 0) + 1);
      balance.set(blue, (balance.get(blue) ?? 0) - 1);
    }
  }
  return balance;
}
