// What an arbiter's ruling changes, as sentences in the reader's language:
// the ruling mail's "Consequences" list, the audit's and the game sheet's (docs/rules.md §8),
// built from the ruling's details or the notification's payload (the ruling and what applying
// it wrote: disputes.service.ts rule(), the downtime credits). Never a payload key or a raw
// value: a key this module does not know is left out. Pure, in games so that mail, web and the
// sheet read one text.
import { formatDayFor } from '../../common/day-format';
import { formatCoefficient, formatCoefficientValue } from '../../common/coefficient-format';
import { polishForm, type Language, type PolishForms } from '../../common/bilingual';
import type { Color } from '../../engine/types';
import { polishRulingEffects } from './ruling-effects-pl';

type Payload = Readonly<Record<string, unknown>>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const color = (v: unknown): Color | undefined => (v === 'red' || v === 'blue' ? v : undefined);
const record = (v: unknown): Payload => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Payload) : {});

function day(language: Language, v: unknown): string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDayFor(language, v) : '';
}

/** `n` of a unit in words: `1 zi` / `14 zile` / `20 de zile` (Romanian counts from 20 take "de"); `5 dni` in Polish. */
function counted(language: Language, n: number, unit: { ro: [string, string]; en: [string, string]; pl: PolishForms }): string {
  if (language === 'pl') return `${n} ${polishForm(n, unit.pl)}`;
  const [one, many] = unit[language];
  if (n === 1) return `1 ${one}`;
  if (language === 'en') return `${n} ${many}`;
  const rest = n % 100;
  return `${n} ${n === 0 || (rest >= 1 && rest <= 19) ? '' : 'de '}${many}`;
}
export function days(language: Language, n: number): string {
  return counted(language, n, { ro: ['zi', 'zile'], en: ['day', 'days'], pl: ['dzień', 'dni', 'dni'] });
}
export function points(language: Language, n: number): string {
  return counted(language, n, { ro: ['punct', 'puncte'], en: ['point', 'points'], pl: ['punkt', 'punkty', 'punktów'] });
}

const COLOR_WORD: Record<Language, Record<Color, string>> = {
  ro: { red: 'ROȘU', blue: 'ALBASTRU' },
  en: { red: 'RED', blue: 'BLUE' },
  pl: { red: 'CZERWONY', blue: 'NIEBIESKI' },
};

/** `Popescu Ion (ROȘU)`: a player as rulings and the sheet name them. */
export function playerNamed(names: Readonly<Record<Color, string>>, c: Color, language: Language): string {
  return `${names[c]} (${COLOR_WORD[language][c]})`;
}

const OUTCOME: Record<Language, Record<string, string>> = {
  ro: {
    abandon: 'abandon',
    timeout: 'depășirea timpului de gândire',
    'no-show': 'neprezentare',
    interrupted: 'întrerupere convenită',
    'draw-agreement': 'remiză convenită',
    unfinished: 'neterminată la data de închidere',
    'no-information': 'fără informații la data de închidere',
    walkover: 'walkover (400:1)',
  },
  en: {
    abandon: 'abandonment',
    timeout: 'thinking time exceeded',
    'no-show': 'no-show',
    interrupted: 'interruption agreed',
    'draw-agreement': 'draw agreed',
    unfinished: 'unfinished at the closing date',
    'no-information': 'no information at the closing date',
    walkover: 'walkover (400:1)',
  },
  pl: {
    abandon: 'poddanie partii',
    timeout: 'przekroczenie czasu na namysł',
    'no-show': 'niestawienie się',
    interrupted: 'przerwanie za zgodą obu graczy',
    'draw-agreement': 'remis za zgodą obu graczy',
    unfinished: 'niedokończona w dniu zamknięcia rozgrywek',
    'no-information': 'brak informacji w dniu zamknięcia rozgrywek',
    walkover: 'walkower (400:1)',
  },
};

const KIND_NAME: Record<string, Record<Language, string>> = {
  word: { ro: 'cuvânt contestat', en: 'contested word', pl: 'kwestionowany wyraz' },
  claim: { ro: 'reclamație de timp', en: 'time claim', pl: 'zgłoszenie przekroczenia czasu' },
  'score-correction': { ro: 'corectarea scorului', en: 'score correction', pl: 'korekta wyniku' },
  'move-annulment': { ro: 'anularea unei mutări', en: 'move annulled', pl: 'unieważnienie ruchu' },
  'thinking-days': { ro: 'zile de gândire', en: 'thinking days', pl: 'dni na namysł' },
  'coefficient-penalty': { ro: 'penalizare de coeficient', en: 'coefficient penalty', pl: 'kara we współczynniku' },
  warning: { ro: 'avertisment', en: 'warning', pl: 'upomnienie' },
  outcome: { ro: 'rezultatul partidei', en: "the game's outcome", pl: 'wynik partii' },
  exclusion: { ro: 'excludere', en: 'exclusion', pl: 'wykluczenie' },
  'point-penalty': { ro: 'penalizare în puncte', en: 'penalty in points', pl: 'kara punktowa' },
  walkover: { ro: 'walkover (excludere din partidă)', en: 'walkover (exclusion from the game)', pl: 'walkower (wykluczenie z partii)' },
};

/** The kind of a ruling, in words (the audit's and the sheet's); a kind it does not know is "another decision". */
export function rulingKindName(kind: string, language: Language): string {
  return KIND_NAME[kind]?.[language] ?? ({ ro: 'altă decizie', en: 'another decision', pl: 'inna decyzja' } as const)[language];
}

const CASE_NAME: Record<string, Record<Language, string>> = {
  silence: { ro: 'tăcere', en: 'silence', pl: 'brak odpowiedzi' },
  dispute: { ro: 'contestație', en: 'contest', pl: 'zakwestionowanie wyrazu' },
  claim: { ro: 'reclamație de timp', en: 'time claim', pl: 'zgłoszenie przekroczenia czasu' },
  result: { ro: 'rezultat de omologat', en: 'result to homologate', pl: 'wynik do zatwierdzenia' },
  objection: { ro: 'obiecție', en: 'objection', pl: 'zastrzeżenie' },
  closing: { ro: 'data de închidere', en: 'closing date', pl: 'dzień zamknięcia rozgrywek' },
  'closing-date': { ro: 'data de închidere', en: 'closing date', pl: 'dzień zamknięcia rozgrywek' },
  'downtime-credit': { ro: 'zile de recuperat după o oprire', en: 'days to credit after an outage', pl: 'dni do zwrotu po awarii' },
  'commission-appeal': { ro: 'apel la comisie', en: 'appeal to the commission', pl: 'odwołanie do komisji' },
  'move-review': { ro: 'mutare de revăzut', en: 'move to review', pl: 'ruch do przejrzenia' },
};

/** What an arbiter's case is about, in words; a kind it does not know is just "case". */
export function caseKindName(kind: string, language: Language): string {
  return CASE_NAME[kind]?.[language] ?? ({ ro: 'caz', en: 'case', pl: 'sprawa' } as const)[language];
}

/**
 * The consequences of a ruling of `kind` with `payload`, one sentence each, naming players
 * by name (with their colour). An empty list when the decision's text says it all.
 */
export function rulingEffects(kind: string, payload: Payload, language: Language, names: Readonly<Record<Color, string>>): string[] {
  const who = (c: Color) => playerNamed(names, c, language);
  if (language === 'pl') {
    const type = record(payload.outcome).type;
    return polishRulingEffects(kind, payload, who, names, typeof type === 'string' ? OUTCOME.pl[type] : undefined);
  }
  const ro = language === 'ro';
  const player = color(payload.player);
  const out: string[] = [];
  switch (kind) {
    case 'word':
      if (payload.valid === true)
        out.push(
          ro ? 'Cuvântul contestat este valid: mutarea rămâne (varianta A).' : 'The contested word is valid: the move stands (line A).',
        );
      else if (payload.valid === false)
        out.push(
          ro
            ? 'Cuvântul contestat nu este valid: mutarea este înlocuită (varianta B).'
            : 'The contested word is not valid: the move is replaced (line B).',
        );
      break;
    case 'claim': {
      const voided = num(payload.voidedMoves) ?? 0;
      if (payload.upheld === true) {
        out.push(
          ro
            ? 'Reclamația este admisă: partida se încheie prin depășirea timpului de gândire.'
            : 'The claim is upheld: the game ends on thinking time exceeded.',
        );
        if (voided > 0)
          out.push(
            ro ? `Mutări anulate, trimise după expirarea timpului: ${voided}.` : `Moves void, sent after the time ran out: ${voided}.`,
          );
      } else if (payload.upheld === false) {
        out.push(ro ? 'Reclamația este respinsă: partida continuă.' : 'The claim is rejected: the game goes on.');
      }
      break;
    }
    case 'score-correction': {
      const n = num(payload.points);
      if (player && n !== undefined) {
        out.push(
          n > 0
            ? ro
              ? `Scorul lui ${who(player)} crește cu ${points(language, n)}.`
              : `${who(player)}'s score goes up by ${points(language, n)}.`
            : ro
              ? `Scorul lui ${who(player)} scade cu ${points(language, -n)}.`
              : `${who(player)}'s score goes down by ${points(language, -n)}.`,
        );
      }
      break;
    }
    case 'move-annulment': {
      const n = num(payload.number);
      if (n !== undefined)
        out.push(
          ro
            ? `Mutarea ${n} și cele de după ea sunt anulate; jocul se reia dinaintea ei.`
            : `Move ${n} and every move after it are annulled; play resumes before it.`,
        );
      break;
    }
    case 'thinking-days': {
      const n = num(payload.days);
      if (player && n !== undefined) {
        out.push(
          n > 0
            ? ro
              ? `${who(player)}: se adaugă ${days(language, n)} la timpul de gândire folosit.`
              : `${who(player)}: ${days(language, n)} added to the thinking time used.`
            : ro
              ? `${who(player)}: se scad ${days(language, -n)} din timpul de gândire folosit.`
              : `${who(player)}: ${days(language, -n)} taken off the thinking time used.`,
        );
      }
      const outage = record(payload.outage);
      const credits = Array.isArray(payload.credits) ? payload.credits.map(record) : [];
      for (const credit of credits) {
        const c = color(credit.color);
        const d = num(credit.days);
        if (!c || d === undefined) continue;
        const when =
          day(language, outage.from) && day(language, outage.to)
            ? ro
              ? ` (platforma a fost oprită ${day(language, outage.from)} – ${day(language, outage.to)})`
              : ` (the platform was down ${day(language, outage.from)} – ${day(language, outage.to)})`
            : '';
        out.push(
          ro
            ? `${who(c)}: se scad ${days(language, d)} din timpul de gândire folosit${when}.`
            : `${who(c)}: ${days(language, d)} taken off the thinking time used${when}.`,
        );
      }
      break;
    }
    case 'coefficient-penalty': {
      const amount = num(payload.amount);
      if (player && amount !== undefined && Number.isSafeInteger(amount)) {
        out.push(
          ro
            ? `Coeficientul lui ${who(player)} în această partidă scade cu ${formatCoefficient(amount, 'ro')}.`
            : `${who(player)}'s coefficient in this game goes down by ${formatCoefficient(amount, 'en')}.`,
        );
      }
      break;
    }
    case 'warning':
      if (player) out.push(ro ? `${who(player)} primește un avertisment.` : `${who(player)} is given a warning.`);
      break;
    case 'outcome': {
      const outcome = record(payload.outcome);
      const type = typeof outcome.type === 'string' ? OUTCOME[language][outcome.type] : undefined;
      const by = color(outcome.by);
      if (type)
        out.push(ro ? `Partida se încheie: ${type}${by ? ` (${who(by)})` : ''}.` : `The game ends: ${type}${by ? ` (${who(by)})` : ''}.`);
      break;
    }
    default:
      break;
  }
  const coefficients = record(payload.coefficients);
  const red = num(coefficients.red);
  const blue = num(coefficients.blue);
  if (red !== undefined && blue !== undefined) {
    out.push(
      ro
        ? `Coeficienții partidei devin ${names.red} ${formatCoefficientValue(red, 'ro')}, ${names.blue} ${formatCoefficientValue(blue, 'ro')}.`
        : `The game's coefficients become ${names.red} ${formatCoefficientValue(red, 'en')}, ${names.blue} ${formatCoefficientValue(blue, 'en')}.`,
    );
  }
  return out;
}
