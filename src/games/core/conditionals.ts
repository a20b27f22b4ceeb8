// Conditional replies: both players see both racks and the dealt sequence
// (docs/rules.md §2), so a player may store replies to exact partner moves — `IF 7c GO THEN
// c7 GOL`, several pairs making a chain (partner move, own reply, partner move, own reply…).
// Each step is replayed against the line's position when stored and kept in the platform's
// notation, so a partner's move matches when its canonical notation is the same (same squares,
// same letters, a blank still lower case: §3). Pure: text and a position in, steps or a refusal out.
import { Refusal } from '../../common/refusal';
import type { Bilingual } from '../../common/bilingual';
import { applyMove, type Color, type GameState } from '../../engine';

/** One step of a chain: the partner's move it waits for and the owner's reply, in canonical notation. */
export interface ConditionalStep {
  readonly partner: string;
  readonly reply: string;
}

/** How many steps a chain may have, and how long its text may be: a chain is a plan, not a game. */
export const MAX_CONDITIONAL_STEPS = 20;
export const MAX_CONDITIONAL_TEXT = 2000;

const IF = new Set(['IF', 'DACA', 'JESLI']);
const THEN = new Set(['THEN', 'ATUNCI', 'WTEDY']);
const PASS = /^(?:pass?|pauza)$/i;
const COORDINATE = /^(?:[a-o]\d{1,2}|\d{1,2}[a-o])$/i;

/** A keyword as written, without diacritics or case (DACĂ = DACA = dacă). */
function keyword(token: string): string {
  return token.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
}

/** Whether a text is a conditional command: it opens with IF or DACĂ. */
export function isConditionalCommand(text: string): boolean {
  const first = text.trim().split(/\s+/)[0] ?? '';
  return IF.has(keyword(first));
}

/** The refusal of a conditional that cannot be stored: what is wrong, and at which step. */
export function badConditional(message: Bilingual): Refusal {
  return new Refusal(
    'BAD_CONDITIONAL',
    {
      ro: `Mutarea condiționată nu poate fi păstrată: ${message.ro}`,
      en: `The conditional reply cannot be stored: ${message.en}`,
      pl: `Ruchu warunkowego nie można zapisać: ${message.pl}`,
    },
    400,
  );
}

/**
 * Reads one move from the tokens at `at`: `PAS`, `7c:GO`, or a coordinate (with or without a
 * colon) and the word. Structural, so a word that is also a keyword (`h8 DACA`) stays a word.
 */
function readMove(tokens: readonly string[], at: number): { text: string; next: number } | null {
  const first = tokens[at];
  if (first === undefined) return null;
  if (PASS.test(first)) return { text: 'PAS', next: at + 1 };
  const joined = /^([^:]+):(.+)$/.exec(first);
  if (joined) return { text: `${joined[1]} ${joined[2]}`, next: at + 1 };
  const coordinate = first.replace(/:$/, '');
  if (!COORDINATE.test(coordinate)) return null;
  let wordAt = at + 1;
  if (tokens[wordAt] === ':') wordAt += 1;
  const word = tokens[wordAt];
  if (word === undefined) return null;
  return { text: `${coordinate} ${word}`, next: wordAt + 1 };
}

/** `IF <partner move> THEN <reply>`, repeated (or `DACĂ … ATUNCI …`): the pairs as written, in order. */
export function parseConditional(text: string): Refusal | ConditionalStep[] {
  if (text.length > MAX_CONDITIONAL_TEXT)
    return badConditional({
      ro: `textul are cel mult ${MAX_CONDITIONAL_TEXT} de caractere`,
      en: `the text has at most ${MAX_CONDITIONAL_TEXT} characters`,
      pl: `treść może mieć najwyżej ${MAX_CONDITIONAL_TEXT} znaków`,
    });
  // Pairs may be separated by new lines, commas or semicolons; they carry no meaning.
  const tokens = text
    .replace(/[;,]/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '');
  const steps: ConditionalStep[] = [];
  let at = 0;
  while (at < tokens.length) {
    const n = steps.length + 1;
    if (!IF.has(keyword(tokens[at])))
      return badConditional({
        ro: `pasul ${n} trebuie să înceapă cu DACĂ`,
        en: `step ${n} must begin with IF`,
        pl: `krok ${n} musi zaczynać się od JEŚLI`,
      });
    const partner = readMove(tokens, at + 1);
    if (!partner)
      return badConditional({
        ro: `pasul ${n}: lipsește mutarea partenerului după DACĂ`,
        en: `step ${n}: the partner's move after IF is missing`,
        pl: `krok ${n}: brakuje ruchu partnera po JEŚLI`,
      });
    if (!THEN.has(keyword(tokens[partner.next] ?? '')))
      return badConditional({
        ro: `pasul ${n}: după mutarea partenerului urmează ATUNCI`,
        en: `step ${n}: THEN must follow the partner's move`,
        pl: `krok ${n}: po ruchu partnera musi być WTEDY`,
      });
    const reply = readMove(tokens, partner.next + 1);
    if (!reply)
      return badConditional({
        ro: `pasul ${n}: lipsește răspunsul după ATUNCI`,
        en: `step ${n}: the reply after THEN is missing`,
        pl: `krok ${n}: brakuje odpowiedzi po WTEDY`,
      });
    steps.push({ partner: partner.text, reply: reply.text });
    at = reply.next;
  }
  if (steps.length === 0)
    return badConditional({
      ro: 'scrieți DACĂ <mutarea partenerului> ATUNCI <răspunsul>',
      en: 'write IF <partner move> THEN <reply>',
      pl: 'napisz JEŚLI <ruch partnera> WTEDY <odpowiedź>',
    });
  if (steps.length > MAX_CONDITIONAL_STEPS)
    return badConditional({
      ro: `cel mult ${MAX_CONDITIONAL_STEPS} de perechi într-un lanț`,
      en: `at most ${MAX_CONDITIONAL_STEPS} pairs in one chain`,
      pl: `najwyżej ${MAX_CONDITIONAL_STEPS} par w jednym łańcuchu`,
    });
  return steps;
}

/**
 * The chain replayed from the line's position, where the partner is to move: every partner
 * move and every reply must be legal in turn, and each is kept in the platform's notation.
 * The first step that cannot be played is named with the engine's reason.
 */
export function decideConditional(state: GameState, owner: Color, steps: readonly ConditionalStep[]): Refusal | ConditionalStep[] {
  if (state.over) return badConditional({ ro: 'partida s-a încheiat', en: 'the game is over', pl: 'partia się zakończyła' });
  if (state.toMove === owner)
    return badConditional({
      ro: 'este rândul dumneavoastră: o mutare condiționată răspunde la următoarea mutare a partenerului',
      en: "it is your move: a conditional reply answers the partner's next move",
      pl: 'teraz Twój ruch: ruch warunkowy odpowiada na następny ruch partnera',
    });
  const normalised: ConditionalStep[] = [];
  let position = state;
  for (const [i, step] of steps.entries()) {
    const n = i + 1;
    if (position.over)
      return badConditional({
        ro: `pasul ${n}: partida s-ar încheia înainte`,
        en: `step ${n}: the game would be over before it`,
        pl: `krok ${n}: partia zakończyłaby się wcześniej`,
      });
    const partner = applyMove(position, step.partner);
    if (!partner.ok)
      return badConditional({
        ro: `pasul ${n}, mutarea partenerului „${step.partner}”: ${partner.message.ro}`,
        en: `step ${n}, the partner's move "${step.partner}": ${partner.message.en}`,
        pl: `krok ${n}, ruch partnera „${step.partner}”: ${partner.message.pl}`,
      });
    if (partner.state.over)
      return badConditional({
        ro: `pasul ${n}: după „${step.partner}” partida s-ar încheia, nu mai rămâne ce răspunde`,
        en: `step ${n}: "${step.partner}" would end the game, leaving nothing to reply`,
        pl: `krok ${n}: „${step.partner}” zakończyłby partię, nie byłoby na co odpowiedzieć`,
      });
    const reply = applyMove(partner.state, step.reply);
    if (!reply.ok)
      return badConditional({
        ro: `pasul ${n}, răspunsul „${step.reply}”: ${reply.message.ro}`,
        en: `step ${n}, the reply "${step.reply}": ${reply.message.en}`,
        pl: `krok ${n}, odpowiedź „${step.reply}”: ${reply.message.pl}`,
      });
    normalised.push({ partner: partner.record.notation, reply: reply.record.notation });
    position = reply.state;
  }
  return normalised;
}

/** What a stored chain waits for: the partner's move number `move` in line `lineId`. */
export interface PendingChain {
  readonly lineId: string;
  readonly move: number;
  readonly steps: readonly ConditionalStep[];
}

/** A partner's move as the log keeps it. */
export interface PlayedPartnerMove {
  readonly lineId: string;
  readonly number: number;
  readonly notation: string;
}

export type ConditionalOutcome =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'reply'; readonly reply: string; readonly rest: readonly ConditionalStep[]; readonly nextMove: number }
  | { readonly kind: 'drop'; readonly reason: Bilingual };

/**
 * A chain against the partner's moves just played: its line's move at its number either is
 * its first step's (the reply follows, the chain waits for its next step two moves on) or is
 * not (the chain no longer fits and is dropped). No move in its line yet: it waits.
 */
export function matchConditional(chain: PendingChain, played: readonly PlayedPartnerMove[]): ConditionalOutcome {
  const inLine = played.filter((m) => m.lineId === chain.lineId);
  if (inLine.length === 0) return { kind: 'waiting' };
  const move = inLine.find((m) => m.number === chain.move);
  if (!move) return { kind: 'drop', reason: DROP_REASONS.positionChanged() };
  const [step, ...rest] = chain.steps;
  if (move.notation !== step.partner) return { kind: 'drop', reason: DROP_REASONS.otherMove(move.notation, step.partner) };
  return { kind: 'reply', reply: step.reply, rest, nextMove: chain.move + 2 };
}

/** Why a chain was dropped, as its owner is told. */
export const DROP_REASONS = {
  otherMove: (played: string, expected: string): Bilingual => ({
    ro: `partenerul a jucat „${played}”, nu „${expected}”`,
    en: `the partner played "${played}", not "${expected}"`,
    pl: `partner zagrał „${played}”, a nie „${expected}”`,
  }),
  positionChanged: (): Bilingual => ({
    ro: 'poziția s-a schimbat față de cea pentru care a fost scrisă',
    en: 'the position is no longer the one it was written for',
    pl: 'pozycja nie jest już tą, dla której ruch został zapisany',
  }),
  linesChanged: (): Bilingual => ({
    ro: 'o contestație sau o decizie a arbitrului a schimbat variantele partidei',
    en: "a contest or an arbiter's ruling changed the game's lines",
    pl: 'zakwestionowanie albo decyzja sędziego zmieniły warianty partii',
  }),
  contested: (): Bilingual => ({ ro: 'o mutare a fost contestată', en: 'a move was contested', pl: 'ruch został zakwestionowany' }),
  gameEnded: (): Bilingual => ({ ro: 'partida s-a încheiat', en: 'the game ended', pl: 'partia się zakończyła' }),
  replyRefused: (reply: string, why: Bilingual): Bilingual => ({
    ro: `răspunsul „${reply}” nu a putut fi jucat: ${why.ro}`,
    en: `the reply "${reply}" could not be played: ${why.en}`,
    pl: `odpowiedzi „${reply}” nie dało się zagrać: ${why.pl}`,
  }),
};
