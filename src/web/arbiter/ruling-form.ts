// The arbiter's ruling forms (docs/web.md, Arbiter's panel) read into the services' inputs. Pure: a posted
// form in, the action to take (or the refusal to show on the form) out. Every form needs
// a reason (docs/rules.md §6) and its ticked confirmation; the services check the
// reason again. Which forms the game page shows follows the rulings' own preconditions
// (rulings.ts unmetPrecondition); a form posted where they do not hold is refused by the
// games service with the same rule (rulingNotApplicable).
import { inLanguage } from '../../common/bilingual';
import type { Bilingual, Color } from '../../engine';
import {
  claimChoices,
  MAX_COEFFICIENT_PENALTY,
  MIN_COEFFICIENT_PENALTY,
  rulingSituation,
  unmetPrecondition,
  type RulingInput,
  type RulingSituation,
} from '../../games/core/ruling-preconditions';
import type { GameOutcome } from '../../games/core/game-state';
import { isPointPenalty } from '../../games/core/pfs-rules';
import type { ChallengeView, GameView } from '../../games/model/game-views';
import { DECLARED_OUTCOMES, type DeclaredOutcomeType } from '../../games/core/game-record';
import type { ClaimNotice } from '../player/time-notices.service';
import { IRREVERSIBLE, isConfirmed, notConfirmed } from '../confirm/confirmation';

/** What the panel offers, in the order the form lists them. */
export const RULING_FORMS = [
  'word',
  'claim',
  'score-correction',
  'move-annulment',
  'thinking-days',
  'coefficient-penalty',
  'warning',
  'outcome',
  'exclusion',
] as const;

/** docs/rules.md §7 endings the arbiter records (a silence, the closing date…); the first three name the player. */
export const RULED_OUTCOMES = DECLARED_OUTCOMES;
const OUTCOMES_BY_PLAYER: readonly DeclaredOutcomeType[] = ['abandon', 'timeout', 'no-show'];
export type RulingFormKind = (typeof RULING_FORMS)[number];

/** docs/rules.md §13 [P 7.1]: the PFS's own rulings, offered on a PFS game's page only. */
export const PFS_RULING_FORMS = ['point-penalty', 'walkover'] as const;
export type PfsRulingFormKind = (typeof PFS_RULING_FORMS)[number];

export type RulingAction =
  /** DisputesService.rule */
  | { readonly type: 'rule'; readonly ruling: RulingInput }
  /** TimeControlsService.grantDays: days given back to a clock. */
  | { readonly type: 'grant-days'; readonly player: Color; readonly days: number; readonly reason: string }
  /** WithdrawalService.withdrawPlayer with exclusion (docs/rules.md §6). */
  | { readonly type: 'exclusion'; readonly player: Color; readonly reason: string };

export type RulingFormResult =
  { readonly ok: true; readonly action: RulingAction } | { readonly ok: false; readonly code: string; readonly message: Bilingual };

type Form = Readonly<Record<string, unknown>>;

type Refused = Extract<RulingFormResult, { readonly ok: false }>;

const refuse = (code: string, en: string, ro: string, pl: string): Refused => ({ ok: false, code, message: { ro, en, pl } });
const reasonRequired = () =>
  refuse(
    'REASON_REQUIRED',
    "The arbiter's decision needs a reason.",
    'Decizia arbitrului trebuie motivată.',
    'Decyzja sędziego wymaga uzasadnienia.',
  );

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

/** The form read, then its confirmation box: a wrong value is reported before the missing tick. */
export function parseRulingForm(form: Form): RulingFormResult {
  const result = readRulingForm(form);
  if (!result.ok || isConfirmed(form)) return result;
  const { code, messages } = notConfirmed(irreversible(result.action));
  return { ok: false, code, message: messages };
}

function readRulingForm(form: Form): RulingFormResult {
  const kind = field(form, 'kind') as RulingFormKind | PfsRulingFormKind;
  if (!RULING_FORMS.includes(kind as RulingFormKind) && !PFS_RULING_FORMS.includes(kind as PfsRulingFormKind))
    return refuse('BAD_INPUT', 'choose what the ruling is about', 'alegeți tipul deciziei', 'wybierz, czego dotyczy decyzja');
  const reason = field(form, 'reason');
  if (reason === '') return reasonRequired();
  const player = color(form);
  const needPlayer = () =>
    refuse(
      'BAD_INPUT',
      'choose the player (red or blue)',
      'alegeți jucătorul (roșu sau albastru)',
      'wybierz gracza (czerwony albo niebieski)',
    );
  switch (kind) {
    case 'word': {
      const valid = yes(form, 'valid');
      if (valid === null)
        return refuse(
          'BAD_INPUT',
          'say whether the word is valid',
          'spuneți dacă cuvântul este valid',
          'określ, czy wyraz jest dopuszczalny',
        );
      return { ok: true, action: { type: 'rule', ruling: { kind, valid, reason } } };
    }
    case 'claim': {
      const upheld = yes(form, 'upheld');
      if (upheld === null)
        return refuse(
          'BAD_INPUT',
          'say whether the claim is upheld',
          'spuneți dacă reclamația este admisă',
          'określ, czy zgłoszenie zostaje uwzględnione',
        );
      return {
        ok: true,
        action: { type: 'rule', ruling: { kind, upheld, ...(yes(form, 'earlyOverride') && { earlyOverride: true }), reason } },
      };
    }
    case 'score-correction': {
      const points = integer(form, 'points');
      if (!player) return needPlayer();
      if (points === null || points === 0)
        return refuse(
          'BAD_INPUT',
          'a score correction is a whole, non-zero number of points',
          'corecția de scor este un număr întreg de puncte, diferit de zero',
          'korekta wyniku to całkowita, niezerowa liczba punktów',
        );
      return { ok: true, action: { type: 'rule', ruling: { kind, player, points, reason } } };
    }
    case 'move-annulment': {
      const number = integer(form, 'number');
      if (number === null || number < 1)
        return refuse(
          'BAD_INPUT',
          'the move to annul is a move number',
          'mutarea anulată se dă prin numărul ei',
          'ruch do unieważnienia podaje się numerem',
        );
      return { ok: true, action: { type: 'rule', ruling: { kind, number, reason } } };
    }
    case 'thinking-days': {
      const days = integer(form, 'days');
      if (!player) return needPlayer();
      if (days === null || days < 1 || days > 1000)
        return refuse(
          'BAD_INPUT',
          'days: a whole number from 1 to 1000',
          'zile: un număr întreg între 1 și 1000',
          'dni: liczba całkowita od 1 do 1000',
        );
      const direction = field(form, 'direction');
      if (direction === 'grant') return { ok: true, action: { type: 'grant-days', player, days, reason } };
      if (direction === 'charge') return { ok: true, action: { type: 'rule', ruling: { kind, player, days, reason } } };
      return refuse(
        'BAD_INPUT',
        'say whether the days are granted or charged',
        'spuneți dacă zilele se acordă sau se scad',
        'określ, czy dni są zaliczane czy doliczane',
      );
    }
    case 'coefficient-penalty': {
      if (!player) return needPlayer();
      const amount = parseCoefficient(field(form, 'amount'));
      if (amount === null || amount < MIN_COEFFICIENT_PENALTY || amount > MAX_COEFFICIENT_PENALTY) {
        return refuse(
          'BAD_INPUT',
          'a coefficient penalty is from 0.1 to 1',
          'penalizarea de coeficient este între 0,1 și 1',
          'kara współczynnikowa wynosi od 0,1 do 1',
        );
      }
      return { ok: true, action: { type: 'rule', ruling: { kind, player, amount, reason } } };
    }
    case 'warning':
      if (!player) return needPlayer();
      return { ok: true, action: { type: 'rule', ruling: { kind, player, reason } } };
    case 'outcome': {
      const type = field(form, 'outcome') as DeclaredOutcomeType;
      if (!RULED_OUTCOMES.includes(type))
        return refuse('BAD_INPUT', 'choose how the game ended', 'alegeți cum s-a încheiat partida', 'wybierz, jak zakończyła się partia');
      if (OUTCOMES_BY_PLAYER.includes(type) && !player) return needPlayer();
      const outcome = (OUTCOMES_BY_PLAYER.includes(type) ? { type, by: player } : { type }) as GameOutcome;
      return { ok: true, action: { type: 'rule', ruling: { kind, outcome, reason } } };
    }
    case 'exclusion':
      if (!player) return needPlayer();
      return { ok: true, action: { type: 'exclusion', player, reason } };
    case 'point-penalty': {
      if (!player) return needPlayer();
      const points = integer(form, 'points');
      if (points === null || !isPointPenalty(points))
        return refuse(
          'BAD_INPUT',
          'a penalty in points is a positive multiple of 50 (50, 100, 150, …)',
          'penalizarea în puncte este un multiplu pozitiv de 50 (50, 100, 150, …)',
          'kara punktowa to dodatnia wielokrotność 50 (50, 100, 150, …)',
        );
      return { ok: true, action: { type: 'rule', ruling: { kind, player, points, reason } } };
    }
    case 'walkover':
      // The player named is the one excluded from the game (docs/rules.md §13).
      if (!player) return needPlayer();
      return { ok: true, action: { type: 'rule', ruling: { kind, player, reason } } };
  }
}

/** The confirmation each ruling form asks for, named as the refusal says it. */
function irreversible(action: RulingAction): { readonly ro: string; readonly en: string; readonly pl: string } {
  if (action.type === 'exclusion') return IRREVERSIBLE.exclusion;
  if (action.type === 'rule' && action.ruling.kind === 'walkover') return IRREVERSIBLE.walkover;
  return IRREVERSIBLE.ruling;
}

/**
 * docs/rules.md §13 [P 4.7.13]: the arbiter's reversal of a check's verdict, its reason then its
 * ticked box; the challenges service checks the reason and the window again.
 */
export function parseChallengeOverrideForm(form: Form): { readonly ok: true; readonly reason: string } | Refused {
  const reason = field(form, 'reason');
  if (reason === '') return reasonRequired();
  if (!isConfirmed(form)) {
    const { code, messages } = notConfirmed(IRREVERSIBLE.challengeOverride);
    return { ok: false, code, message: messages };
  }
  return { ok: true, reason };
}

// ------------------------------------------------------------ which forms the game page shows

/** What the rulings' preconditions read of the arbiter's game page: the game's view and its open claim (time-notices.service.ts). */
export function pageSituation(
  view: Pick<GameView, 'status' | 'dispute' | 'lines' | 'outcome' | 'result'>,
  claim: Pick<ClaimNotice, 'open' | 'answers'> | null,
): RulingSituation {
  // claim-window.ts `ripe`: the accused answered, or the 5 days to answer are over.
  return rulingSituation(view, claim ? { ripe: claim.answers.length > 0 || !claim.open } : null);
}

/** Why a form cannot be used on the game now, or null. Exclusion is the competition's, not the game's: always open. */
export function formUnavailable(kind: RulingFormKind, s: RulingSituation): Bilingual | null {
  return kind === 'exclusion' ? null : unmetPrecondition(kind, s);
}

/** The ruling forms that apply to the game now, in the page's order. */
export function applicableRulings(s: RulingSituation): RulingFormKind[] {
  return RULING_FORMS.filter((kind) => formUnavailable(kind, s) === null);
}

/** Each form's name in the page's model and in its title key (`arbiter.ruling.<name>`). */
const FORM_NAMES: Readonly<Record<RulingFormKind, string>> = {
  word: 'word',
  claim: 'claim',
  'score-correction': 'scoreCorrection',
  'move-annulment': 'moveAnnulment',
  'thinking-days': 'thinkingDays',
  'coefficient-penalty': 'coefficientPenalty',
  warning: 'warning',
  outcome: 'outcome',
  exclusion: 'exclusion',
};

type Unavailable = { readonly title: string; readonly why: string };

/** docs/rules.md §13: the PFS forms of a PFS game's page. */
export interface PfsRulingForms {
  readonly pointPenalty: boolean;
  readonly walkover: boolean;
  /** The checks whose verdict the arbiter may still reverse [P 4.7.13], each its own form. */
  readonly checks: readonly { readonly id: string; readonly challenger: Color; readonly verdict: string }[];
}

export interface RulingForms {
  /** By form name (`scoreCorrection`…): the form is shown. */
  readonly show: Readonly<Record<string, boolean>>;
  readonly claim: ReturnType<typeof claimChoices>;
  /** Under PFS rules only (null for an FRSc game, which is offered none of them). */
  readonly pfs: PfsRulingForms | null;
  /** The forms left out, each with its title key and why, in the page's language. */
  readonly unavailable: readonly Unavailable[];
  readonly none: boolean;
}

/** What the PFS forms read of the game beyond the rulings' situation: its rule book and its checks. */
export type PfsFacts = Pick<GameView, 'rules'> & {
  readonly challenges: readonly Pick<ChallengeView, 'id' | 'challenger' | 'overridden' | 'verdict'>[];
};

/**
 * Why no check's verdict can be reversed now, or null. challenges.ts decideChallengeOverride
 * holds the same window (not homologated, not ended otherwise than by play, once per check)
 * and refuses a reversal posted outside it.
 */
export function overrideUnavailable(s: RulingSituation, reversible: number): Bilingual | null {
  if (s.homologated || s.endedByOutcome) {
    return {
      en: 'the game is homologated or ended otherwise than by play',
      ro: 'partida e omologată sau încheiată altfel decât prin joc',
      pl: 'partia jest zatwierdzona albo zakończyła się inaczej niż grą',
    };
  }
  if (reversible === 0) {
    return {
      en: 'no check has a verdict left to reverse',
      ro: 'nicio verificare nu mai are un verdict de inversat',
      pl: 'żadne sprawdzenie nie ma już wyniku do zmiany',
    };
  }
  return null;
}

function pfsForms(s: RulingSituation, game: PfsFacts, lang: 'ro' | 'en' | 'pl'): { forms: PfsRulingForms; unavailable: Unavailable[] } {
  const open = game.challenges.filter((c) => !c.overridden);
  const why: Record<'pointPenalty' | 'walkover' | 'challengeOverride', Bilingual | null> = {
    pointPenalty: unmetPrecondition('point-penalty', s),
    walkover: unmetPrecondition('walkover', s),
    challengeOverride: overrideUnavailable(s, open.length),
  };
  return {
    forms: {
      pointPenalty: why.pointPenalty === null,
      walkover: why.walkover === null,
      checks: why.challengeOverride ? [] : open.map((c) => ({ id: c.id, challenger: c.challenger, verdict: inLanguage(c.verdict, lang) })),
    },
    unavailable: Object.entries(why).flatMap(([name, w]) => (w ? [{ title: `arbiter.ruling.${name}`, why: inLanguage(w, lang) }] : [])),
  };
}

export function rulingForms(s: RulingSituation, lang: 'ro' | 'en' | 'pl', game?: PfsFacts): RulingForms {
  const shown = new Set(applicableRulings(s));
  const pfs = game?.rules === 'pfs' ? pfsForms(s, game, lang) : null;
  const pfsShown = pfs ? Number(pfs.forms.pointPenalty) + Number(pfs.forms.walkover) + pfs.forms.checks.length : 0;
  return {
    show: Object.fromEntries(RULING_FORMS.map((kind) => [FORM_NAMES[kind], shown.has(kind)])),
    claim: claimChoices(s),
    pfs: pfs?.forms ?? null,
    unavailable: [
      ...RULING_FORMS.flatMap((kind) => {
        const why = formUnavailable(kind, s);
        return why ? [{ title: `arbiter.ruling.${FORM_NAMES[kind]}`, why: inLanguage(why, lang) }] : [];
      }),
      ...(pfs?.unavailable ?? []),
    ],
    none: shown.size + pfsShown === 0,
  };
}
