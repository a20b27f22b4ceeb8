// Homologating a competition's proposed results in one act (docs/web.md "Arbiter's panel"): the
// arbiter confirms once for the games the page listed; each is homologated on its own, or
// skipped for a typed reason that the page says in the arbiter's language. Pure.
import type { Bilingual } from '../../common/bilingual';
import { Refusal } from '../../common/refusal';

/** Why a listed game was not homologated: the refusals' `details.why` (homologation-refusals.ts). */
export const BATCH_SKIPS = ['already-homologated', 'objection-open', 'window-open', 'rule-first', 'no-proposal', 'not-listed'] as const;
export type BatchSkip = (typeof BATCH_SKIPS)[number];

export interface SkippedGame {
  readonly gameId: string;
  readonly why: BatchSkip;
  readonly message: Bilingual;
}

export interface BatchReport {
  readonly homologated: readonly string[];
  readonly skipped: readonly SkippedGame[];
}

/** The skip a refusal stands for, or null for a refusal that is not one (it then fails the act). */
export function skipOf(gameId: string, error: unknown): SkippedGame | null {
  if (!(error instanceof Refusal)) return null;
  const why = (error.details as { why?: unknown } | undefined)?.why;
  return BATCH_SKIPS.includes(why as BatchSkip) ? { gameId, why: why as BatchSkip, message: error.messages } : null;
}

/** At most this many games in one act: a competition's games fit many times over. */
export const MAX_BATCH_GAMES = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The games a batch form lists (`game`, repeated): each once, in the page's order; null when a
 * value is not a game's id or there are too many. None listed is an empty batch, not an error.
 */
export function batchGameIds(form: unknown): string[] | null {
  const raw = form && typeof form === 'object' ? (form as Record<string, unknown>).game : undefined;
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (values.length > MAX_BATCH_GAMES || !values.every((v) => typeof v === 'string' && UUID.test(v))) return null;
  return [...new Set(values.map((v) => (v as string).toLowerCase()))];
}

/** The report of one act: the games homologated and the ones skipped, in the order they were listed. */
export function batchReport(outcomes: readonly ({ readonly gameId: string; readonly homologated: true } | SkippedGame)[]): BatchReport {
  return {
    homologated: outcomes.filter((o): o is { gameId: string; homologated: true } => 'homologated' in o).map((o) => o.gameId),
    skipped: outcomes.filter((o): o is SkippedGame => 'why' in o),
  };
}
