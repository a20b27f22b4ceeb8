// Turns across lines (docs/rules.md §2, §6): RED moves first and the players alternate in
// every line; while two lines are live a turn takes the player's move in each of them, and it
// is complete when the player owes none (its thinking days are counted once). Pure.
import { refusals } from './game-refusals';
import type { Color } from '../../engine';
import { toLocalDate, type LocalDate } from '../../common/calendar';
import { lineLabel, liveLines, resolveLine } from './lines';
import { isRefusal } from './refusal';
import type { Decided, Play, PlayLine, PlayMove, Refusal } from './play';

/**
 * The player whose turn it is: the mover of the turn's first move if it has one (they may
 * still owe a move in the other line), else whoever is to move in the lines still playing.
 */
export function turnPlayer(play: Play): Color | null {
  const started = play.moves.find((m) => m.turn === play.turn);
  if (started) return started.color;
  const playing = liveLines(play).filter((l) => !play.stateOf(l.id).over);
  return playing.length ? play.stateOf(playing[0].id).toMove : null;
}

/** The live lines where `color` is to move: a turn is complete when there are none (docs/rules.md §6). */
export function owedLines<L extends PlayLine>(play: Play<PlayMove, L>, color: Color): L[] {
  return liveLines(play).filter((l) => {
    const state = play.stateOf(l.id);
    return !state.over && state.toMove === color;
  });
}

/** The turn is complete: its player owes nothing more, so the next one begins. */
export function completesTurn(play: Play): boolean {
  const player = turnPlayer(play);
  return player !== null && owedLines(play, player).length === 0;
}

/** Whether `color` has already moved in the turn `turn`. */
export function playedIn(play: Pick<Play, 'moves'>, turn: number, color: Color): boolean {
  return play.moves.some((m) => m.turn === turn && m.color === color);
}

/** docs/rules.md §5: a move arrives the day the partner's last move was sent; RED's first, the day the game started. */
export function arrivalFor(play: Pick<Play, 'moves' | 'startedOn'>, color: Color): LocalDate {
  const days = play.moves.filter((m) => m.color !== color).map((m) => m.sentOn);
  return toLocalDate(days.length ? days.sort().at(-1)! : play.startedOn);
}

/** The contested move of the dispute not yet settled, if any. */
export function contestedMove<M extends PlayMove>(play: Pick<Play<M>, 'moves' | 'dispute'>): M | null {
  const id = play.dispute?.contestedMoveId;
  return play.moves.find((m) => m.id === id) ?? null;
}

/** A reply or form answers the turn it was written for: a stale one is refused (already played, or not yours). */
export function checkExpectedTurn(play: Play, color: Color, expected: number | undefined): Refusal | null {
  if (expected === undefined || expected === play.turn) return null;
  if (expected < play.turn && playedIn(play, expected, color)) return refusals.alreadyPlayed(expected);
  return refusals.notYourTurn();
}

/** The lines the player owes a move in now; NOT_YOUR_TURN when the turn is the partner's. */
export function owedByTurnPlayer<L extends PlayLine>(play: Play<PlayMove, L>, color: Color): Decided<L[]> {
  const player = turnPlayer(play);
  if (player === null) return refusals.gameOver();
  if (player !== color) return refusals.notYourTurn();
  if (play.dispute?.status === 'open' && contestedMove(play)?.color === color) return refusals.disputeAwaitsAnswer();
  return owedLines(play, color);
}

/** What a player sends for a turn: one move when one line is owed, else one per line (by label or id). */
export interface TurnCommand<T> {
  readonly move?: T;
  readonly lines?: Readonly<Record<string, T>>;
}

/** A move for a line. */
export interface LinePlay<T, L extends PlayLine = PlayLine> {
  readonly line: L;
  readonly move: T;
}

/** Which line each submitted move is for (docs/rules.md §6: while two lines are live, one move per line). */
export function assignLines<T, L extends PlayLine>(
  play: Play<PlayMove, L>,
  color: Color,
  command: TurnCommand<T>,
): Decided<LinePlay<T, L>[]> {
  const owed = owedByTurnPlayer(play, color);
  if (isRefusal(owed)) return owed;
  const owes = (line: PlayLine) => owed.some((l) => l.id === line.id);
  if (command.lines) {
    const plays: LinePlay<T, L>[] = [];
    for (const [name, move] of Object.entries(command.lines)) {
      const line = resolveLine(play, name);
      if (isRefusal(line)) return line;
      plays.push({ line, move });
    }
    if (plays.length === 0) return refusals.badInput('no move was given', 'nu s-a dat nicio mutare', 'nie podano ruchu');
    if (new Set(plays.map((p) => p.line.id)).size !== plays.length)
      return refusals.badInput('two moves for one line', 'două mutări pentru aceeași variantă', 'dwa ruchy w jednym wariancie');
    for (const p of plays) {
      if (!owes(p.line)) return play.stateOf(p.line.id).over ? refusals.gameOver() : refusals.alreadyPlayed(play.turn);
    }
    return plays;
  }
  if (command.move === undefined) return refusals.badInput('no move was given', 'nu s-a dat nicio mutare', 'nie podano ruchu');
  if (owed.length !== 1) return refusals.lineRequired(owed.map((l) => lineLabel(play, l.id) ?? l.id));
  return [{ line: owed[0], move: command.move }];
}

/** A player's turn by the web form, the mail or the API: the game is in play, the turn expected, the moves assigned to lines. */
export function decideTurn<T, L extends PlayLine>(
  play: Play<PlayMove, L>,
  color: Color,
  command: TurnCommand<T> & { readonly expectedTurn?: number },
): Decided<LinePlay<T, L>[]> {
  if (play.status !== 'playing') return refusals.gameOver();
  return checkExpectedTurn(play, color, command.expectedTurn) ?? assignLines(play, color, command);
}

/** A pass (docs/rules.md §3): in every line the player owes, or in the one named. */
export function decidePass<L extends PlayLine>(
  play: Play<PlayMove, L>,
  color: Color,
  command: { readonly line?: string; readonly expectedTurn?: number },
): Decided<LinePlay<{ readonly kind: 'pass' }, L>[]> {
  if (play.status !== 'playing') return refusals.gameOver();
  const stale = checkExpectedTurn(play, color, command.expectedTurn);
  if (stale) return stale;
  const owed = owedByTurnPlayer(play, color);
  if (isRefusal(owed)) return owed;
  const named = command.line === undefined ? owed : [resolveLine(play, command.line)];
  const plays: LinePlay<{ readonly kind: 'pass' }, L>[] = [];
  for (const line of named) {
    if (isRefusal(line)) return line;
    if (!owed.some((l) => l.id === line.id)) return refusals.alreadyPlayed(play.turn);
    plays.push({ line, move: { kind: 'pass' } });
  }
  return plays;
}

/** What the game waits for, and from whom: the contested move's answer, a move, the arbiter's ruling, or nothing (it is over). */
export function awaitedMove(play: Play): { readonly awaiting: 'contest-answer' | 'move' | 'ruling' | null; readonly toMove: Color | null } {
  if (play.status !== 'playing') return { awaiting: null, toMove: null };
  const contested = contestedMove(play);
  if (play.dispute?.status === 'open' && contested) return { awaiting: 'contest-answer', toMove: contested.color };
  const player = turnPlayer(play);
  return player ? { awaiting: 'move', toMove: player } : { awaiting: 'ruling', toMove: null };
}
