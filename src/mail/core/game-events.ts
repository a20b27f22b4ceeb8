// The facts a game action writes into the outbox (docs/mail-rules.md 17): one event per fact, in
// the action's transaction, with the game as the action left it in the form the mail templates
// need (the snapshot). mail/ maps each event to its recipients and templates (event-mails.ts) and
// builds each mail from the event alone; no mail reloads or replays the game. Read back from the
// outbox, an event is checked by these schemas first.
import { z } from 'zod';
import { RESULT_FACTS } from './result-facts';
import { TIMELINE_FACTS } from './timeline-facts';

const color = z.enum(['red', 'blue']);
/** A JSON object kept as the action wrote it (a move's confirmation entry, a ruling's details). */
const record = z.record(z.string(), z.unknown());
/** A template's view model (notifications/models/models.ts), built by games/model/game-mail-snapshot.ts. */
const view = z.record(z.string(), z.unknown());
const perColor = <T extends z.ZodType>(t: T) => z.object({ red: t, blue: t });

const at = { turn: z.number().int().nonnegative() };

/** The move(s) of one player's turn, confirmed to them (docs/mail-rules.md 16: every action answered). */
const movePlayed = z.object({
  kind: z.literal('move-played'),
  ...at,
  by: color,
  moves: z.array(record),
  turnComplete: z.boolean().optional(),
  /** The words contested with the provisional reply (docs/rules.md §6). */
  contested: z.array(z.string()).optional(),
});

/**
 * The turn passed to `to`: the lines they owe and the partner's moves just played. The
 * positions are the snapshot's (liveOf), written once an action; events written before carry
 * each owed line's position here too (`lines`).
 */
const turnPassed = z.object({
  kind: z.literal('turn-passed'),
  ...at,
  to: color,
  owed: z.array(z.string()).optional(),
  lines: z.array(record).optional(),
  lastMoves: z.array(record),
  contestable: z.array(z.string()),
});

/** A player's conditional reply stored, played or dropped (their own business: only they hear of it). */
const conditional = z.object({
  kind: z.enum(['conditional-stored', 'conditional-applied', 'conditional-dropped']),
  ...at,
  owner: color,
  details: record,
});

/** docs/rules.md §13 (PFS): a check's verdict, or the arbiter's reversal of it, to both players. */
const challenge = z.object({
  kind: z.enum(['challenge-verdict', 'challenge-overridden']),
  ...at,
  challengeId: z.string(),
  move: z.string(),
  successful: z.boolean(),
  words: z.array(z.string()),
  overridden: z.boolean(),
});

/** docs/rules.md §5: long thinking announced by `by`. */
const longThinking = z.object({
  kind: z.literal('long-thinking-announced'),
  ...at,
  by: color,
  player: z.string(),
  from: z.string(),
  days: z.number(),
});

/** docs/rules.md §5: `by` claims the partner ran out of thinking time. */
const timeClaimed = z.object({
  kind: z.literal('time-claimed'),
  ...at,
  by: color,
  claimant: z.string(),
  daysUsed: z.number(),
  answerBy: z.string(),
});

/**
 * docs/rules.md §5: `by` (named `player`) declared or changed a holiday, written in each of their
 * games in play: the partner is told (`partnerTold`); in the game it was declared from, `confirmation`
 * is the declaration as the player is answered.
 */
const holidayDeclared = z.object({
  kind: z.literal('holiday-declared'),
  ...at,
  by: color,
  player: z.string(),
  from: z.string(),
  to: z.string(),
  holidayKind: z.string(),
  replaced: z.object({ from: z.string(), to: z.string() }).nullable(),
  partnerTold: z.boolean(),
  confirmation: record.optional(),
});

/** docs/rules.md §6: `by` contested the partner's move; `details` names the contested move and the provisional reply. */
const disputeOpened = z.object({ kind: z.literal('dispute-opened'), ...at, by: color, details: record });
/** docs/rules.md §6: `by` admitted the contest and replaced the move. */
const disputeAdmitted = z.object({
  kind: z.literal('dispute-admitted'),
  ...at,
  by: color,
  words: z.array(z.string()),
  withdrawn: z.string(),
});
/** docs/rules.md §6: `by` appealed to the arbiter; both lines live. */
const disputeAppealed = z.object({ kind: z.literal('dispute-appealed'), ...at, by: color, words: z.array(z.string()), lines: record });
/** docs/rules.md §6: the arbiter ruled (a word, a score, a claim, …); both players are told. */
const rulingMade = z.object({ kind: z.literal('ruling-made'), ...at, details: record });
/** docs/rules.md §7: a draw or an interruption offered by `by`. */
const offerMade = z.object({
  kind: z.literal('offer-made'),
  ...at,
  by: color,
  offerId: z.string(),
  offer: z.string(),
  byName: z.string(),
});
/** The offer of `offerer` answered. */
const offerAnswered = z.object({
  kind: z.literal('offer-answered'),
  ...at,
  offerer: color,
  offerId: z.string(),
  offer: z.string(),
  accepted: z.boolean(),
});
/** docs/rules.md §7: the game ended, its result proposed; `confirms` the moves that ended it, confirmed to their mover by this mail. */
const gameEnded = z.object({
  kind: z.literal('game-ended'),
  ...at,
  endReason: z.string().nullable(),
  result: record,
  confirms: z.object({ color, moves: z.array(record) }).optional(),
});

/** docs/rules.md §2: the game started; each player gets its sheet (RED's is also "your move"), with the opening they drew. */
const gameStarted = z.object({
  kind: z.literal('game-started'),
  ...at,
  sequence: z.string(),
  startedOn: z.string(),
  closingDate: z.string(),
  names: perColor(z.string()),
  racks: perColor(z.string()),
});

/** Every fact a game action writes. */
export const GAME_FACT = z.discriminatedUnion('kind', [
  gameStarted,
  movePlayed,
  turnPassed,
  conditional,
  challenge,
  longThinking,
  timeClaimed,
  holidayDeclared,
  disputeOpened,
  disputeAdmitted,
  disputeAppealed,
  rulingMade,
  offerMade,
  offerAnswered,
  gameEnded,
  ...TIMELINE_FACTS,
  ...RESULT_FACTS,
]);
export type GameFact = z.infer<typeof GAME_FACT>;
export type GameFactKind = GameFact['kind'];
export type FactOf<K extends GameFactKind> = Extract<GameFact, { kind: K }>;

/** What names the game in its mails (models.ts GameView). */
const gameView = z.object({
  competition: z.string(),
  group: z.string().optional(),
  red: z.string(),
  blue: z.string(),
  gameUrl: z.string(),
});
/** The game as its mails name it, for a competition's fact told in a game's thread (competition-facts.ts). */
export const GAME_VIEW = gameView;

/**
 * The game as the action left it, in the templates' form: the same for every fact of the action.
 * `live`: what each player sees of the live lines (one position, or A and B while an appeal
 * waits); `moves`: the engine's record of each move the facts name, by id; `contest`: the two
 * lines a contest opens, as each player sees them; `end`: the kept line's totals at the end.
 */
export const GAME_SNAPSHOT = z.object({
  gameId: z.string(),
  game: gameView,
  status: z.string(),
  turn: z.number().int(),
  turnPlayer: color.nullable(),
  today: z.string(),
  names: perColor(z.string()),
  playerIds: perColor(z.string()),
  /** Events written before `shared`: each player's live lines, the board and sequence once per player. */
  live: perColor(view).optional(),
  /**
   * The live lines as both players see them (one, or A and B while an appeal waits): the board,
   * sequence, last move and totals once, and each player's rack beside them (liveOf).
   */
  shared: z
    .object({ lines: z.array(z.object({ label: z.enum(['A', 'B']).optional(), position: view, racks: perColor(z.string()) })) })
    .optional(),
  clocks: view,
  deadlines: view,
  moveNumber: z.number().int(),
  partnerNotes: perColor(z.array(z.object({ notation: z.string(), note: z.string() }))),
  moves: z.record(z.string(), view),
  /** The arbiter signs the mail (a ruling, the start): their name is read when it goes out (docs/web.md "The arbiter's name"). */
  signed: z.boolean().optional(),
  /** The arbiter's name: filled when the mail goes out; events written before the flag stored it here. */
  arbiter: z.string().optional(),
  words: z.array(z.string()).optional(),
  contest: z.object({ a: perColor(view), b: perColor(view) }).optional(),
  /** The game's start as its first mail shows it (docs/rules.md §2): the opening as each player sees it. */
  start: z
    .object({
      /** Filled when the mail goes out (see `arbiter`); stored by events written before the flag. */
      arbiter: z.string().optional(),
      tileSet: z.string(),
      startDate: z.string(),
      closingDate: z.string(),
      thinkingDays: z.number(),
      handicap: z.boolean(),
      holidays: perColor(z.array(z.object({ from: z.string(), to: z.string() }))),
      opening: perColor(view),
    })
    .optional(),
  end: z
    .object({
      outcome: z.object({ type: z.string(), by: color.optional() }).nullable(),
      totals: perColor(z.number()),
      endAdjustment: perColor(z.number()),
      scores: perColor(z.number()),
    })
    .optional(),
});
export type GameSnapshot = z.infer<typeof GAME_SNAPSHOT>;

/** What a player sees of the live lines in a snapshot: the models' `position`, or `lines` while two are live. */
export interface LiveView {
  readonly position?: { readonly [key: string]: unknown };
  readonly lines?: readonly { readonly label: 'A' | 'B'; readonly position: { readonly [key: string]: unknown } }[];
}

/** The live lines as `you` see them: the shared lines with your rack, or what an older event kept per player. */
export function liveOf(snapshot: Pick<GameSnapshot, 'live' | 'shared'>, you: 'red' | 'blue'): LiveView {
  if (snapshot.shared) {
    const seen = snapshot.shared.lines.map((l) => ({ label: l.label, position: { ...l.position, rack: l.racks[you] } }));
    return seen.length >= 2
      ? { lines: seen.map((l, i) => ({ label: l.label ?? (i === 0 ? 'A' : 'B'), position: l.position })) }
      : { position: seen[0].position };
  }
  if (snapshot.live) return snapshot.live[you] as LiveView;
  throw new Error('a snapshot without its live lines');
}

/** An outbox event as stored (`game_event.payload`): the fact and the game after the action. */
export const GAME_EVENT = z.object({ fact: GAME_FACT, snapshot: GAME_SNAPSHOT });
export type GameEvent = z.infer<typeof GAME_EVENT>;

/** The event stored under an outbox row, checked: a malformed one is refused, never half-rendered. */
export function parseGameEvent(payload: unknown): GameEvent {
  return GAME_EVENT.parse(payload);
}

/** The key a move named by a fact (`{ id, line, number }`) has in the snapshot's `moves`. */
export function moveKey(entry: { readonly [key: string]: unknown }): string {
  return typeof entry.id === 'string' && entry.id ? entry.id : `${String(entry.line)}#${String(entry.number)}`;
}
