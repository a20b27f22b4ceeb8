// What is wrong with a field, in Polish, for one class-validator constraint (validation-messages.ts
// makes the Romanian one the same way): made from the constraint's name and the bound its English
// message carries, never by quoting it. Pure.
import { polishForm } from './bilingual';

const NUMBER = String.raw`(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)`;
const bound = (text: string, pattern: string): string | undefined => new RegExp(pattern.replace('#', NUMBER), 'i').exec(text)?.[1];

const characters = (n: string) => `${n} ${polishForm(Number(n), ['znak', 'znaki', 'znaków'])}`;
const elements = (n: string) => `${n} ${polishForm(Number(n), ['element', 'elementy', 'elementów'])}`;

function lengthDetail(text: string): string {
  const least = bound(text, 'longer than or equal to #');
  const most = bound(text, 'shorter than or equal to #');
  if (least !== undefined && most !== undefined) return `od ${least} do ${most} znaków`;
  if (least !== undefined) return `co najmniej ${characters(least)}`;
  if (most !== undefined) return `najwyżej ${characters(most)}`;
  return 'niewłaściwa długość';
}

const FIXED: Readonly<Record<string, string>> = {
  isInt: 'wymagana liczba całkowita',
  isNumber: 'wymagana liczba',
  isString: 'wymagany tekst',
  isBoolean: 'wymagane tak albo nie (wartość logiczna)',
  isUuid: 'wymagany identyfikator UUID',
  isEmail: 'wymagany adres e-mail',
  isObject: 'wymagany obiekt',
  nestedValidation: 'wymagany obiekt',
  isArray: 'wymagana lista',
  isDefined: 'brak wartości',
  isNotEmpty: 'brak wartości',
  whitelistValidation: 'nieznane pole',
};

/** What is wrong, in Polish, for one constraint, as a phrase after the field's name and a colon; `text` is class-validator's English (read for its bound only). */
export function polishDetail(constraint: string, text: string): string {
  if (FIXED[constraint]) return FIXED[constraint];
  switch (constraint) {
    case 'min': {
      const n = bound(text, 'less than #');
      return n === undefined ? 'za mała wartość' : `co najmniej ${n}`;
    }
    case 'max': {
      const n = bound(text, 'greater than #');
      return n === undefined ? 'za duża wartość' : `najwyżej ${n}`;
    }
    case 'minLength':
    case 'maxLength':
    case 'isLength':
      return lengthDetail(text);
    case 'arrayMinSize': {
      const n = bound(text, 'at least #');
      return n === undefined ? 'za mało elementów' : `co najmniej ${elements(n)}`;
    }
    case 'arrayMaxSize': {
      const n = bound(text, 'no more than #');
      return n === undefined ? 'za dużo elementów' : `najwyżej ${elements(n)}`;
    }
    case 'isIn': {
      // The values are the API's codes, quoted as such: the client must send one of them.
      const values = /following values:\s*(.*)$/i.exec(text)?.[1]?.trim();
      if (!values) return 'niedopuszczalna wartość';
      return `jedna z wartości ${values
        .split(/,\s*/)
        .map((v) => `„${v}”`)
        .join(', ')}`;
    }
    case 'matches':
      return /YYYY-MM-DD/.test(text) ? 'wymagany dzień zapisany jako RRRR-MM-DD' : 'niewłaściwa postać';
    default:
      return 'niedopuszczalna wartość';
  }
}
