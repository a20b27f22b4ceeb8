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
  if (least !== undefined && most !== undefined) return `musi mieć od ${least} do ${most} znaków`;
  if (least !== undefined) return `musi mieć co najmniej ${characters(least)}`;
  if (most !== undefined) return `może mieć najwyżej ${characters(most)}`;
  return 'nie ma wymaganej długości';
}

const FIXED: Readonly<Record<string, string>> = {
  isInt: 'musi być liczbą całkowitą',
  isNumber: 'musi być liczbą',
  isString: 'musi być tekstem',
  isBoolean: 'musi mieć wartość tak albo nie (wartość logiczną)',
  isUuid: 'musi być identyfikatorem UUID',
  isEmail: 'musi być adresem e-mail',
  isObject: 'musi być obiektem',
  nestedValidation: 'musi być obiektem',
  isArray: 'musi być listą',
  isDefined: 'jest wymagane',
  isNotEmpty: 'jest wymagane',
  whitelistValidation: 'nie jest znanym polem',
};

/** What is wrong, in Polish, for one constraint; `text` is class-validator's English (read for its bound only). */
export function polishDetail(constraint: string, text: string): string {
  if (FIXED[constraint]) return FIXED[constraint];
  switch (constraint) {
    case 'min': {
      const n = bound(text, 'less than #');
      return n === undefined ? 'ma za małą wartość' : `musi wynosić co najmniej ${n}`;
    }
    case 'max': {
      const n = bound(text, 'greater than #');
      return n === undefined ? 'ma za dużą wartość' : `może wynosić najwyżej ${n}`;
    }
    case 'minLength':
    case 'maxLength':
    case 'isLength':
      return lengthDetail(text);
    case 'arrayMinSize': {
      const n = bound(text, 'at least #');
      return n === undefined ? 'ma za mało elementów' : `musi mieć co najmniej ${elements(n)}`;
    }
    case 'arrayMaxSize': {
      const n = bound(text, 'no more than #');
      return n === undefined ? 'ma za dużo elementów' : `może mieć najwyżej ${elements(n)}`;
    }
    case 'isIn': {
      // The values are the API's codes, quoted as such: the client must send one of them.
      const values = /following values:\s*(.*)$/i.exec(text)?.[1]?.trim();
      if (!values) return 'nie ma dopuszczalnej wartości';
      return `musi mieć jedną z wartości ${values
        .split(/,\s*/)
        .map((v) => `„${v}”`)
        .join(', ')}`;
    }
    case 'matches':
      return /YYYY-MM-DD/.test(text) ? 'musi być dniem zapisanym jako RRRR-MM-DD' : 'nie ma wymaganej postaci';
    default:
      return 'nie ma dopuszczalnej wartości';
  }
}
