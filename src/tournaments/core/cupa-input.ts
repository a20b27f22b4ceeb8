// A Cupa series read from JSON (the CLI's `cupa`; docs/rules.md §11.7): the players and each
// event's final places, checked whole so that anything unusable is one BAD_INPUT naming the field.
// An event's rows may carry the other fields `standings --final` prints, so its output can be used.
import { z } from 'zod';
import { describeIssue, fieldName } from '../../games/core/game-record';
import type { CupaSeries } from './cupa';
import { MAX_PLAYERS } from './tournament-input';

const MAX_TEXT = 200;
const MAX_EVENTS = 100;
const idSchema = z.union([z.string().min(1).max(MAX_TEXT), z.int().min(-1e9).max(1e9)]);

const seriesSchema = z.strictObject({
  players: z
    .array(
      z.strictObject({
        id: idSchema,
        name: z.string().min(1).max(MAX_TEXT),
        club: z.string().min(1).max(MAX_TEXT).optional(),
        // The tournament file's players may be used as they are; the Cupa does not rank by rating.
        rating: z.number().min(0).max(10_000).optional(),
      }),
    )
    .max(MAX_PLAYERS),
  events: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(MAX_TEXT),
        standings: z.array(z.object({ id: idSchema, place: z.int().min(1).max(MAX_PLAYERS) })).max(MAX_PLAYERS),
      }),
    )
    .max(MAX_EVENTS),
});

export type CupaParse = { readonly ok: true; readonly series: CupaSeries } | { readonly ok: false; readonly message: string };

export function parseCupaJson(text: string): CupaParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not JSON: ${(error as Error).message}` };
  }
  const parsed = seriesSchema.safeParse(value, { reportInput: true });
  if (!parsed.success) return { ok: false, message: describeIssue(parsed.error.issues[0]) };
  const series: CupaSeries = {
    players: parsed.data.players.map(({ id, name, club }) => ({ id, name, ...(club !== undefined && { club }) })),
    events: parsed.data.events.map((event) => ({ name: event.name, standings: event.standings.map(({ id, place }) => ({ id, place })) })),
  };
  const problem = inconsistency(series);
  return problem ? { ok: false, message: problem } : { ok: true, series };
}

/** Ids unique and known, each player once an event, places within the event's starters. */
function inconsistency(series: CupaSeries): string | undefined {
  const ids = new Set<unknown>();
  for (const [i, player] of series.players.entries()) {
    if (ids.has(player.id)) return `${fieldName(['players', i, 'id'])}: ${JSON.stringify(player.id)} is given twice`;
    ids.add(player.id);
  }
  for (const [e, event] of series.events.entries()) {
    const seen = new Set<unknown>();
    for (const [r, row] of event.standings.entries()) {
      const at = (key: string) => fieldName(['events', e, 'standings', r, key]);
      if (!ids.has(row.id)) return `${at('id')}: no player has the id ${JSON.stringify(row.id)}`;
      if (seen.has(row.id)) return `${at('id')}: ${JSON.stringify(row.id)} is in event ${e + 1} twice`;
      seen.add(row.id);
      if (row.place > event.standings.length) {
        return `${at('place')}: place ${row.place} in an event of ${event.standings.length} starters`;
      }
    }
  }
  return undefined;
}
