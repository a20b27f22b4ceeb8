// The PFS challenge, "Sprawdzam" (docs/rules.md §13, [P 4.7, 4.8]): instead of answering the
// partner's last move, the player names every word to check; one verdict for the whole set,
// decided at once from the competition's official list, never saying which word failed. A
// successful challenge takes the move back — the line is left for a fork before it, so board,
// racks and sequence are exactly as they were — and the mover loses the turn (a lost turn is
// recorded in the fork). An unsuccessful one leaves the move standing, accepted; the challenger
// then moves (the platform's reading: §4.7–§4.8 give it no other consequence). The arbiter may
// reverse a verdict with a reason [P 4.7.13] (decideChallengeOverride). Pure.
import type { Bilingual, Color, RuleBook, TileSetId } from '../../engine';
import { contestedWords } from './disputes';
import { refusals } from './game-refusals';
import { forkLine, officialLine, pathOf, type LineChanges } from './lines';
import type { Decided, Play, PlayLine, PlayMove } from './play';
import { isRefusal } from './refusal';
import { checkExpectedTurn, owedByTurnPlayer } from './turns';

export const CHALLENGE_WHAT = {
  ro: 'Verificarea cuvintelor („Sprawdzam”)',
  en: 'The word check ("Sprawdzam")',
  pl: 'Sprawdzenie wyrazów („Sprawdzam”)',
} as const;

/** What a challenge reads besides the play: the competition's rules and list, the moves already checked. */
export interface ChallengeFacts {
  readonly rules: RuleBook;
  readonly tileSet: TileSetId;
  /** Whether the official list holds a word (as the board shows it); null when no list is loaded. */
  readonly isWord: ((word: string) => boolean) | null;
  /** The ids of the moves already challenged. */
  readonly challenged: ReadonlySet<string>;
}

export interface ChallengePlan<M extends PlayMove, L extends PlayLine> {
  readonly line: L;
  readonly challenged: M;
  /** The words named, as the move formed them, once each. */
  readonly words: readonly string[];
  /** The one verdict [P 4.7.8]: a word named is missing from the list. */
  readonly successful: boolean;
  /** Successful: the move's line left for a fork before it (the move annulled, kept on record). */
  readonly lines: LineChanges;
  /** Successful: the fork, where the mover's lost turn is recorded [P 4.8]. */
  readonly lostTurnLine: string | null;
}

/**
 * A challenge of the partner's last move by `color`, whose turn it is and who has not answered
 * it: refused outside PFS rules, after the answer (CHALLENGE_TOO_LATE), twice for one move
 * (ALREADY_CHALLENGED), for a pass or without a list (NO_WORD_LIST), or naming a word the move
 * did not form.
 */
export function decideChallenge<M extends PlayMove, L extends PlayLine>(
  play: Play<M, L>,
  color: Color,
  command: { readonly words: readonly string[]; readonly expectedTurn?: number },
  facts: ChallengeFacts,
): Decided<ChallengePlan<M, L>> {
  if (facts.rules !== 'pfs') return refusals.notPfsRules(CHALLENGE_WHAT);
  if (play.status !== 'playing') return refusals.gameOver();
  if (play.dispute) return refusals.disputeOpen();
  const stale = checkExpectedTurn(play, color, command.expectedTurn);
  if (stale) return stale;
  const owed = owedByTurnPlayer(play, color);
  if (isRefusal(owed)) return owed;
  const line = officialLine(play);
  const path = pathOf(play, line.id);
  const last = path.at(-1);
  if (!last) return refusals.nothingToChallenge();
  if (last.color === color) return refusals.challengeTooLate();
  if (last.kind !== 'place') return refusals.nothingToChallenge();
  if (facts.challenged.has(last.id)) return refusals.alreadyChallenged();
  const words = contestedWords(facts.tileSet, path, last, command.words);
  // A word of an earlier move of the partner's was accepted when the challenger answered it [P 4.7.5].
  if (isRefusal(words)) return words.code === 'CONTEST_TOO_LATE' ? refusals.challengeTooLate() : words;
  if (!facts.isWord) return refusals.noWordList();
  const successful = words.some((w) => !facts.isWord!(w));
  if (!successful)
    return { line, challenged: last, words, successful, lines: { opened: [], closed: [], annulled: [] }, lostTurnLine: null };
  const fork = forkLine(play, line.id, last.number - 1, { closeParent: true });
  return { line, challenged: last, words, successful, lines: fork.changes, lostTurnLine: fork.line.id };
}

/** A challenge as the override reads it. */
export interface ChallengeRecord {
  readonly moveId: string;
  readonly successful: boolean;
  readonly overridden: boolean;
}

export interface ChallengeOverridePlan<M extends PlayMove> {
  /** The move the verdict was about. */
  readonly challenged: M;
  /** The verdict now in force. */
  readonly successful: boolean;
  /** The official line left for a fork before the challenged move: what followed it is annulled. */
  readonly lines: LineChanges;
  readonly line: PlayLine;
  /** What the fork replays at once: the mover's lost turn, or the challenged move again (it stands). */
  readonly replay: { readonly kind: 'lost' } | { readonly kind: 'move'; readonly move: M };
}

/**
 * docs/rules.md §13 [P 4.7.13]: the arbiter reverses a challenge's verdict, once, with a reason,
 * while the game is in play or its result is not homologated (`closed`: the window is over). Play
 * resumes from the position the reversed verdict gives — the move taken back and the turn lost,
 * or the move standing — and the moves played since are annulled (kept on record), as for an
 * annulment (docs/rules.md §6).
 */
export function decideChallengeOverride<M extends PlayMove>(
  play: Play<M>,
  challenge: ChallengeRecord,
  facts: { readonly rules: RuleBook; readonly closed: boolean; readonly endedByOutcome: boolean },
): Decided<ChallengeOverridePlan<M>> {
  if (facts.rules !== 'pfs') return refusals.notPfsRules(CHALLENGE_WHAT);
  if (challenge.overridden) {
    return refusals.notAllowedNow(
      'the verdict of this check was already reversed',
      'verdictul acestei verificări a fost deja inversat',
      'werdykt tego sprawdzenia został już odwrócony',
    );
  }
  if (facts.closed || facts.endedByOutcome) {
    return refusals.notAllowedNow(
      'the game is homologated or ended otherwise than by play',
      'partida e omologată sau încheiată altfel decât prin joc',
      'wynik partii jest zatwierdzony albo partia zakończyła się inaczej niż grą',
    );
  }
  if (play.dispute) return refusals.disputeOpen();
  const challenged = play.moves.find((m) => m.id === challenge.moveId);
  if (!challenged)
    return refusals.badInput(
      'there is no such check in this game',
      'nu există această verificare în partidă',
      'w tej partii nie ma takiego sprawdzenia',
    );
  const official = officialLine(play);
  // The official line must still hold what the verdict left: the lost turn, or the move standing.
  const atMove = pathOf(play, official.id).find((m) => m.number === challenged.number);
  const held = challenge.successful ? atMove?.kind === 'lost' && atMove.color === challenged.color : atMove?.id === challenged.id;
  if (!held) {
    return refusals.notAllowedNow(
      'the position this check was about is no longer played: a later ruling changed it',
      'poziția acestei verificări nu se mai joacă: o decizie ulterioară a schimbat-o',
      'pozycja, której dotyczyło sprawdzenie, nie jest już grana: późniejsza decyzja ją zmieniła',
    );
  }
  const { line, changes } = forkLine(play, official.id, challenged.number - 1, { closeParent: true });
  const successful = !challenge.successful;
  return { challenged, successful, lines: changes, line, replay: successful ? { kind: 'lost' } : { kind: 'move', move: challenged } };
}

/**
 * The one verdict of a challenge in words, for both players [P 4.7.8]: whether every word named
 * is in the official list, never which one is not.
 */
export function challengeVerdict(successful: boolean, words: readonly string[]): Bilingual {
  const ro = words.map((w) => `„${w}”`).join(', ');
  const en = words.map((w) => `"${w}"`).join(', ');
  return successful
    ? {
        ro: `Verificarea (${ro}): nu toate cuvintele sunt în lista oficială. Mutarea se retrage, iar cel care a mutat pierde rândul.`,
        en: `Check (${en}): not every word is in the official list. The move is taken back and its player loses the turn.`,
        pl: `Sprawdzenie (${ro}) skuteczne: nie wszystkie wyrazy są w oficjalnym słowniku. Ruch zostaje cofnięty, a gracz traci kolejkę.`,
      }
    : {
        ro: `Verificarea (${ro}): toate cuvintele sunt în lista oficială. Mutarea rămâne.`,
        en: `Check (${en}): every word is in the official list. The move stands.`,
        pl: `Sprawdzenie (${ro}) nieskuteczne: wszystkie wyrazy są w oficjalnym słowniku. Ruch zostaje.`,
      };
}
