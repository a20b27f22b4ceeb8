// Disputes (docs/rules.md §6): the contester replies as if the contested move stood and names
// the words; the mover admits (the move is withdrawn, the provisional reply void, play resumes
// before it) or appeals (lines A and B are played until the ruling). Pure: the decisions say
// which lines open and close; the service writes them with the dispute's row.
import { refusals } from './game-refusals';
import { foldWord, getTileSet, type Color, type RuleBook, type TileSetId } from '../../engine';

const CONTEST_WHAT = { ro: 'Contestația în două variante', en: 'The two-line contest', pl: 'Zakwestionowanie w dwóch wariantach' };
import { forkLine, officialLine, pathOf, type LineChanges } from './lines';
import type { AppealLines, Decided, Play, PlayDispute, PlayLine, PlayMove } from './play';
import { isRefusal } from './refusal';
import { checkExpectedTurn, contestedMove } from './turns';

/**
 * The contested words, as the contested move formed them (folded as docs/rules.md §1 says). A
 * word of an earlier move of the partner's was accepted when the contester replied to it.
 */
export function contestedWords(
  tileSet: TileSetId,
  path: readonly PlayMove[],
  contested: PlayMove,
  words: readonly string[],
): Decided<string[]> {
  const tiles = getTileSet(tileSet);
  const key = (w: string) => foldWord(tiles, w.trim()).toUpperCase();
  const formed = contested.words.map((w) => w.word);
  if (words.length === 0)
    return refusals.badInput(
      'name the word(s) contested',
      'numiți cuvântul (cuvintele) contestat(e)',
      'wskaż zakwestionowany wyraz (wyrazy)',
    );
  const earlier = path.filter((m) => m.color === contested.color && m.id !== contested.id).flatMap((m) => m.words.map((w) => key(w.word)));
  const named: string[] = [];
  for (const w of words) {
    const match = formed.find((f) => key(f) === key(w));
    if (!match) return earlier.includes(key(w)) ? refusals.contestTooLate() : refusals.wordNotInMove(w, formed);
    if (!named.includes(match)) named.push(match);
  }
  return named;
}

export interface ContestPlan<M extends PlayMove, L extends PlayLine> {
  /** The official line, where the provisional reply is played. */
  readonly line: L;
  readonly contested: M;
  readonly words: readonly string[];
}

/**
 * Contests words of the partner's last move (the provisional reply is played next, as if it
 * stood). Only with that reply: once the contester has answered without contesting, the move
 * is accepted (CONTEST_TOO_LATE). One dispute at a time.
 */
export function decideContest<M extends PlayMove, L extends PlayLine>(
  play: Play<M, L>,
  color: Color,
  command: { readonly words: readonly string[]; readonly expectedTurn?: number },
  tileSet: TileSetId,
  rules: RuleBook = 'frsc',
): Decided<ContestPlan<M, L>> {
  // docs/rules.md §13: under PFS rules a word is checked at once ("Sprawdzam"), never disputed in two lines.
  if (rules !== 'frsc') return refusals.frscOnly(CONTEST_WHAT);
  if (play.status !== 'playing') return refusals.gameOver();
  if (play.dispute) return refusals.disputeOpen();
  const stale = checkExpectedTurn(play, color, command.expectedTurn);
  if (stale) return stale;
  const line = officialLine(play);
  const path = pathOf(play, line.id);
  const contested = path.at(-1);
  if (!contested) return refusals.nothingToContest();
  if (contested.color === color) return refusals.contestTooLate();
  if (contested.kind === 'pass') return refusals.nothingToContest();
  const words = contestedWords(tileSet, path, contested, command.words);
  if (isRefusal(words)) return words;
  return { line, contested, words };
}

/** The open dispute the player must answer as the contested move's mover. */
export function disputeToAnswer<M extends PlayMove>(
  play: Play<M>,
  color: Color,
  disputeId: string | undefined,
): Decided<{ readonly dispute: PlayDispute; readonly contested: M }> {
  if (play.status !== 'playing') return refusals.gameOver();
  const contested = contestedMove(play);
  if (!play.dispute || play.dispute.status !== 'open' || !contested || contested.color !== color) return refusals.noDispute();
  if (disputeId !== undefined && disputeId !== play.dispute.id) return refusals.noDispute();
  return { dispute: play.dispute, contested };
}

export interface AnswerPlan<M extends PlayMove> {
  readonly dispute: PlayDispute;
  readonly contested: M;
  /** The line where the contested move is replaced: play goes on there from before it. */
  readonly replaced: PlayLine;
  /** `stands`: the contested move's line; `replaced`: the new one. */
  readonly lines: AppealLines;
  readonly changes: LineChanges;
}

/**
 * The mover admits: the contested move is withdrawn and the provisional reply is void (both
 * kept, annulled, on the closed line); play resumes before the contested move, in the line
 * the admission keeps.
 */
export function decideAdmission<M extends PlayMove>(play: Play<M>, color: Color, disputeId: string | undefined): Decided<AnswerPlan<M>> {
  return answer(play, color, disputeId, true);
}

/**
 * The mover appeals to the arbiter (docs/rules.md §6): until the ruling the game holds two
 * lines, A (the contested move stands) and B (it is replaced), both live.
 */
export function decideAppeal<M extends PlayMove>(play: Play<M>, color: Color, disputeId: string | undefined): Decided<AnswerPlan<M>> {
  return answer(play, color, disputeId, false);
}

function answer<M extends PlayMove>(play: Play<M>, color: Color, disputeId: string | undefined, admit: boolean): Decided<AnswerPlan<M>> {
  const open = disputeToAnswer(play, color, disputeId);
  if (isRefusal(open)) return open;
  const { contested } = open;
  const { line: replaced, changes } = forkLine(play, contested.lineId, contested.number - 1, { closeParent: admit });
  return { ...open, replaced, lines: { stands: contested.lineId, replaced: replaced.id }, changes };
}
