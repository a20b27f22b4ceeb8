// The arbiter's ruling forms (issue 7 §3) read into the services' inputs. Pure: a posted
// form in, the action to take (or the refusal to show on the form) out. Every form needs
// a reason (RULES.md §6); the services check it again.
import type { Bilingual, Color } from '../../games/engine';
import { MAX_COEFFICIENT_PENALTY, MIN_COEFFICIENT_PENALTY, type RulingInput } from '../../arbiter/rulings';
import type { GameOutcome } from '../../games/game-state';
import { DECLARED_OUTCOMES, type DeclaredOutcomeType } from '../../games/record/game-record';

/** What the panel offers, in the order the form lists them. */
export const RULING_FORMS = ['word', 'claim', 'score-correction', 'move-annulment', 'thinking-days', 'coefficient-penalty', 'warning', 'outcome', 'exclusion'] as const;

/** RULES.md §7 endings the arbiter records (a silence, the closing date…); the first three name the player. */
export const RULED_OUTCOMES = DECLARED_OUTCOMES;
const OUTCOMES_BY_PLAYER: readonly DeclaredOutcomeType[] = ['abandon', 'timeout', 'no-show'];
export type RulingFormKind = (typeof RULING_FORMS)[number];

export type RulingAction =
  /** GamesService.rule */
  | { readonly type: 'rule'; readonly ruling: RulingInput }
  /** TimeControlsService.grantDays: days given back to a clock. */
  | { readonly type: 'grant-days'; readonly player: Color; readonly days: number; readonly reason: string }
  /** GamesService.withdrawPlayer with exclusion (RULES.md §6). */
  | { readonly type: 'exclusion'; readonly player: Color; readonly reason: string };

export type RulingFormResult = { readonly ok: true; readonly action: RulingAction } | { readonly ok: false; readonly code: string; readonly message: Bilingual };

type Form = Readonly<Record<string, unknown>>;

const refuse = (code: string, en: string, ro: string): RulingFormResult => ({ ok: false, code, message: { ro, en } });

function field(form: Form, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : '';
}

function color(form: Form): Color | null {
  const value = field(form, 'player');
  return value === 'red' || value === 'blue' ? value : null;
}

function yes(form: Form, name: string): boolean | null {
  const value = field(form, name);
  if (value === 'yes' || value === 'true') return true;
  if (value === 'no' || value === 'false') return false;
  return null;
}

function integer(form: Form, name: string): number | null {
  const value = field(form, name);
  return /^[+-]?\d{1,7}$/.test(value) ? Number(value) : null;
}

/** A coefficient deduction typed as a decimal, comma or point (0,25 or 0.25), in ten-thousandths. */
export function parseCoefficient(value: string): number | null {
  const m = /^(\d)(?:[.,](\d{1,4}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}

export function parseRulingForm(form: Form): RulingFormResult {
  const kind = field(form, 'kind') as RulingFormKind;
  if (!RULING_FORMS.includes(kind)) return refuse('BAD_INPUT', 'choose what the ruling is about', 'alegeți tipul deciziei');
  const reason = field(form, 'reason');
  if (reason === '') return refuse('REASON_REQUIRED', "The arbiter's decision needs a reason.", 'Decizia arbitrului trebuie motivată.');
  const player = color(form);
  const needPlayer = () => refuse('BAD_INPUT', 'choose the player (red or blue)', 'alegeți jucătorul (roșu sau albastru)');
  switch (kind) {
    case 'word': {
      const valid = yes(form, 'valid');
      if (valid === null) return refuse('BAD_INPUT', 'say whether the word is valid', 'spuneți dacă cuvântul este valid');
      return { ok: true, action: { type: 'rule', ruling: { kind, valid, reason } } };
    }
    case 'claim': {
      const upheld = yes(form, 'upheld');
      if (upheld === null) return refuse('BAD_INPUT', 'say whether the claim is upheld', 'spuneți dacă reclamația este admisă');
      return { ok: true, action: { type: 'rule', ruling: { kind, upheld, ...(yes(form, 'earlyOverride') && { earlyOverride: true }), reason } } };
    }
    case 'score-correction': {
      const points = integer(form, 'points');
      if (!player) return needPlayer();
      if (points === null || points === 0) return refuse('BAD_INPUT', 'a score correction is a whole, non-zero number of points', 'corecția de scor este un număr întreg de puncte, diferit de zero');
      return { ok: true, action: { type: 'rule', ruling: { kind, player, points, reason } } };
    }
    case 'move-annulment': {
      const number = integer(form, 'number');
      if (number === null || number < 1) return refuse('BAD_INPUT', 'the move to annul is a move number', 'mutarea anulată se dă prin numărul ei');
      return { ok: true, action: { type: 'rule', ruling: { kind, number, reason } } };
    }
    case 'thinking-days': {
      const days = integer(form, 'days');
      if (!player) return needPlayer();
      if (days === null || days < 1 || days > 1000) return refuse('BAD_INPUT', 'days: a whole number from 1 to 1000', 'zile: un număr întreg între 1 și 1000');
      const direction = field(form, 'direction');
      if (direction === 'grant') return { ok: true, action: { type: 'grant-days', player, days, reason } };
      if (direction === 'charge') return { ok: true, action: { type: 'rule', ruling: { kind, player, days, reason } } };
      return refuse('BAD_INPUT', 'say whether the days are granted or charged', 'spuneți dacă zilele se acordă sau se scad');
    }
    case 'coefficient-penalty': {
      if (!player) return needPlayer();
      const amount = parseCoefficient(field(form, 'amount'));
      if (amount === null || amount < MIN_COEFFICIENT_PENALTY || amount > MAX_COEFFICIENT_PENALTY) {
        return refuse('BAD_INPUT', 'a coefficient penalty is from 0.1 to 1', 'penalizarea de coeficient este între 0,1 și 1');
      }
      return { ok: true, action: { type: 'rule', ruling: { kind, player, amount, reason } } };
    }
    case 'warning':
      if (!player) return needPlayer();
      return { ok: true, action: { type: 'rule', ruling: { kind, player, reason } } };
    case 'outcome': {
      const type = field(form, 'outcome') as DeclaredOutcomeType;
      if (!RULED_OUTCOMES.includes(type)) return refuse('BAD_INPUT', 'choose how the game ended', 'alegeți cum s-a încheiat partida');
      if (OUTCOMES_BY_PLAYER.includes(type) && !player) return needPlayer();
      const outcome = (OUTCOMES_BY_PLAYER.includes(type) ? { type, by: player } : { type }) as GameOutcome;
      return { ok: true, action: { type: 'rule', ruling: { kind, outcome, reason } } };
    }
    case 'exclusion':
      if (!player) return needPlayer();
      if (yes(form, 'confirm') !== true) return refuse('BAD_INPUT', 'tick the box to confirm the exclusion', 'bifați căsuța pentru a confirma excluderea');
      return { ok: true, action: { type: 'exclusion', player, reason } };
  }
}
