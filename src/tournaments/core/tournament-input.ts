// A tournament in rounds read from JSON (the CLI's `pair`, `standings` and `export-tsh`): checked
// whole and bounded, so that anything unusable is one BAD_INPUT naming the field and nothing runs.
import { z } from 'zod';
import { describeIssue, fieldName } from '../../games/core/game-record';
import { KINDS_WITH_LOSER, KINDS_WITH_SCORES, RESULT_KINDS, isBye, type Tournament } from './tournament';

export const MAX_PLAYERS = 1000;
export const MAX_ROUNDS = 100;
const MAX_TEXT = 200;
const MAX_SCORE = 10_000;

const idSchema = z.union([z.string().min(1).max(MAX_TEXT), z.int().min(-1e9).max(1e9)]);
const scoreSchema = z.int().min(-MAX_SCORE).max(MAX_SCORE);
const sideSchema = z.enum(['red', 'blue']);

const resultSchema = z.strictObject({
  kind: z.enum(RESULT_KINDS),
  loser: sideSchema.optional(),
  red: scoreSchema.optional(),
  blue: scoreSchema.optional(),
});
/** A game `{red, blue, result?}` or a bye `{bye}`: one shape, so that a bad field is named (a union only says "invalid"). */
const entrySchema = z.strictObject({
  red: idSchema.optional(),
  blue: idSchema.optional(),
  result: resultSchema.optional(),
  bye: idSchema.optional(),
});

const tournamentSchema = z.strictObject({
  players: z
    .array(
      z.strictObject({
        id: idSchema,
        name: z.string().min(1).max(MAX_TEXT),
        club: z.string().max(MAX_TEXT).optional(),
        rating: z.number().min(0).max(10_000).optional(),
      }),
    )
    .max(MAX_PLAYERS),
  rounds: z.array(z.array(entrySchema).max(MAX_PLAYERS)).max(MAX_ROUNDS).default([]),
  settings: z
    .strictObject({
      clubRule: z.boolean().optional(),
      gibson: z.boolean().optional(),
      prizePlaces: z.int().min(1).max(MAX_PLAYERS).optional(),
      totalRounds: z.int().min(1).max(MAX_ROUNDS).optional(),
      groups: z.int().min(1).max(MAX_PLAYERS).optional(),
    })
    .default({}),
  penalties: z
    .array(
      z.strictObject({
        player: idSchema,
        points: z.number().min(0).max(MAX_ROUNDS).optional(),
        spread: z.int().min(0).max(1e6).optional(),
      }),
    )
    .max(MAX_PLAYERS)
    .optional(),
});

export type TournamentParse = { readonly ok: true; readonly tournament: Tournament } | { readonly ok: false; readonly message: string };

/** A tournament from JSON text; anything unusable is a message naming the field. */
export function parseTournamentJson(text: string): TournamentParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not JSON: ${(error as Error).message}` };
  }
  const parsed = tournamentSchema.safeParse(value, { reportInput: true });
  if (!parsed.success) return { ok: false, message: describeIssue(parsed.error.issues[0]) };
  const shapeProblem = entryShapes(parsed.data.rounds);
  if (shapeProblem) return { ok: false, message: shapeProblem };
  const tournament = parsed.data as Tournament;
  const problem = inconsistency(tournament);
  return problem ? { ok: false, message: problem } : { ok: true, tournament };
}

/** Each entry a game (red and blue, perhaps a result) or a bye alone. */
function entryShapes(rounds: ReadonlyArray<ReadonlyArray<Readonly<Record<string, unknown>>>>): string | undefined {
  for (const [r, round] of rounds.entries()) {
    for (const [e, entry] of round.entries()) {
      const game = entry.red !== undefined || entry.blue !== undefined || entry.result !== undefined;
      if (entry.bye !== undefined && game) return `${fieldName(['rounds', r, e])}: a bye has no opponent nor result`;
      if (entry.bye === undefined && (entry.red === undefined || entry.blue === undefined)) {
        return `${fieldName(['rounds', r, e])}: a game names red and blue, a bye names "bye"`;
      }
    }
  }
  return undefined;
}

/** What the shape cannot say: ids unique and known, one entry per player and round, results complete. */
function inconsistency(tournament: Tournament): string | undefined {
  const ids = new Set<unknown>();
  for (const [i, player] of tournament.players.entries()) {
    if (ids.has(player.id)) return `${fieldName(['players', i, 'id'])}: ${JSON.stringify(player.id)} is given twice`;
    ids.add(player.id);
  }
  for (const [r, round] of tournament.rounds.entries()) {
    const seen = new Set<unknown>();
    for (const [e, entry] of round.entries()) {
      const at = (...path: PropertyKey[]) => fieldName(['rounds', r, e, ...path]);
      const people = isBye(entry)
        ? [['bye', entry.bye] as const]
        : ([
            ['red', entry.red],
            ['blue', entry.blue],
          ] as const);
      for (const [side, id] of people) {
        if (!ids.has(id)) return `${at(side)}: no player has the id ${JSON.stringify(id)}`;
        if (seen.has(id)) return `${at(side)}: ${JSON.stringify(id)} is in round ${r + 1} twice`;
        seen.add(id);
      }
      if (isBye(entry) || !entry.result) continue;
      const { kind, loser, red, blue } = entry.result;
      if (KINDS_WITH_LOSER.includes(kind) && loser === undefined) return `${at('result', 'loser')}: a "${kind}" result names the loser`;
      if (!KINDS_WITH_LOSER.includes(kind) && loser !== undefined) return `${at('result', 'loser')}: a "${kind}" result has no loser`;
      if (KINDS_WITH_SCORES.includes(kind) && (red === undefined || blue === undefined)) {
        return `${at('result')}: a "${kind}" result gives both scores, red and blue`;
      }
    }
  }
  for (const [i, penalty] of (tournament.penalties ?? []).entries()) {
    if (!ids.has(penalty.player)) return `${fieldName(['penalties', i, 'player'])}: no player has the id ${JSON.stringify(penalty.player)}`;
  }
  return undefined;
}
