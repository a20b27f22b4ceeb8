// Class-validator's findings as the refusal a person reads: each field named — in
// words when its label is known (a competition's settings, setting-names.ts), else by its
// path — and what is wrong said in each language. Class-validator writes English only: the
// Romanian sentence is made here from the constraint's name and the bound its message
// carries, never by quoting it. Pure: no Nest, no database.
import type { ValidationError } from 'class-validator';
import { countOf, takesDe, type Bilingual } from './bilingual';
import { polishDetail } from './validation-messages-pl';

/** A field's name in words, for the object it was found in (its DTO instance), when it has one. */
export type FieldLabeler = (target: object | undefined, property: string) => Bilingual | undefined;

export interface ValidationProblem {
  /** The field's path as the client sent it: `outcome.type`, `series.0.tiles`. */
  readonly path: string;
  readonly message: Bilingual;
}

const NUMBER = String.raw`(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)`;
const bound = (text: string, pattern: string): string | undefined => new RegExp(pattern.replace('#', NUMBER), 'i').exec(text)?.[1];

/** What is wrong, in Romanian, for one constraint; `text` is class-validator's English (read for its bound only). */
function romanianDetail(constraint: string, text: string): string {
  switch (constraint) {
    case 'isInt':
      return 'trebuie să fie un număr întreg';
    case 'isNumber':
      return 'trebuie să fie un număr';
    case 'isString':
      return 'trebuie să fie un text';
    case 'isBoolean':
      return 'trebuie să fie da sau nu (o valoare logică)';
    case 'isUuid':
      return 'trebuie să fie un identificator UUID';
    case 'isEmail':
      return 'trebuie să fie o adresă de e-mail';
    case 'isObject':
    case 'nestedValidation':
      return 'trebuie să fie un obiect';
    case 'isArray':
      return 'trebuie să fie o listă';
    case 'isDefined':
    case 'isNotEmpty':
      return 'lipsește';
    case 'whitelistValidation':
      return 'nu este un câmp cunoscut';
    case 'min': {
      const n = bound(text, 'less than #');
      return n === undefined ? 'este prea mic' : `trebuie să fie cel puțin ${n}`;
    }
    case 'max': {
      const n = bound(text, 'greater than #');
      return n === undefined ? 'este prea mare' : `trebuie să fie cel mult ${n}`;
    }
    case 'minLength':
    case 'maxLength':
    case 'isLength': {
      const at = { least: bound(text, 'longer than or equal to #'), most: bound(text, 'shorter than or equal to #') };
      if (at.least !== undefined && at.most !== undefined) return `trebuie să aibă între ${at.least} și ${at.most} caractere`;
      if (at.least !== undefined) return `trebuie să aibă cel puțin ${characters(at.least)}`;
      if (at.most !== undefined) return `poate avea cel mult ${characters(at.most)}`;
      return 'nu are lungimea cerută';
    }
    case 'arrayMinSize': {
      const n = bound(text, 'at least #');
      return n === undefined ? 'are prea puține elemente' : `trebuie să aibă cel puțin ${elements(n)}`;
    }
    case 'arrayMaxSize': {
      const n = bound(text, 'no more than #');
      return n === undefined ? 'are prea multe elemente' : `poate avea cel mult ${elements(n)}`;
    }
    case 'isIn': {
      // The values are the API's codes, quoted as such (`„double”`): the client must send one of them.
      const values = /following values:\s*(.*)$/i.exec(text)?.[1]?.trim();
      if (!values) return 'nu are o valoare acceptată';
      return `trebuie să fie una dintre valorile ${values
        .split(/,\s*/)
        .map((v) => `„${v}”`)
        .join(', ')}`;
    }
    case 'matches':
      return /YYYY-MM-DD/.test(text) ? 'trebuie să fie o zi scrisă AAAA-LL-ZZ' : 'nu are forma cerută';
    default:
      return 'nu are o valoare acceptată';
  }
}

/** `20 de caractere`, `3 caractere`, `1 caracter`: the bound as class-validator wrote it. */
function counted(n: string, one: string, other: string): string {
  const value = Math.abs(Number(n));
  if (value === 1) return `${n} ${one}`;
  return `${n} ${takesDe(value) ? 'de ' : ''}${other}`;
}
const characters = (n: string) => counted(n, 'caracter', 'caractere');
const elements = (n: string) => counted(n, 'element', 'elemente');

/** The English sentence: class-validator's own, the field's code name replaced by its label when there is one. */
function englishDetail(text: string, property: string, subject: string): string {
  const each = text.startsWith('each value in ') ? 'each value in ' : '';
  const rest = text.slice(each.length);
  if (rest.startsWith(`${property} `)) return `${each}${subject}${rest.slice(property.length)}`;
  return `${subject}: ${text}`;
}

/**
 * Each failed constraint as a problem of its field, nested ones by their path (`outcome.type`,
 * `tiles.0.row`). `label` names a field in words; a field without a label is named by its path.
 */
export function validationProblems(
  errors: readonly ValidationError[],
  label: FieldLabeler = () => undefined,
  prefix = '',
): ValidationProblem[] {
  return errors.flatMap((e) => {
    const path = `${prefix}${e.property}`;
    const words = label(e.target, e.property);
    const subject: Bilingual = words ?? { ro: `câmpul „${path}”`, en: path, pl: `pole „${path}”` };
    const polishSubject = subject.pl ?? `pole „${path}”`;
    const own = Object.entries(e.constraints ?? {}).map(([constraint, text]) => {
      const each = text.startsWith('each value in ') ? 'fiecare valoare din ' : '';
      const ro = `${each}${subject.ro} ${romanianDetail(constraint, text)}`;
      const pl = `${each ? 'każda wartość w: ' : ''}${polishSubject}: ${polishDetail(constraint, text)}`;
      return { path, message: { ro, en: englishDetail(text, e.property, subject.en), pl } };
    });
    const nested = validationProblems(e.children ?? [], label, `${path}.`);
    if (own.length || nested.length) return [...own, ...nested];
    return [
      { path, message: { ro: `${subject.ro} nu este valid`, en: `${subject.en} is invalid`, pl: `${polishSubject}: błędna wartość` } },
    ];
  });
}

export interface ValidationRefusal {
  readonly message: Bilingual;
  readonly fields: readonly string[];
}

/** Problems a refusal lists: a body with thousands of bad items is told so in a few lines, not megabytes. */
export const LISTED_PROBLEMS = 20;

/**
 * The refusal's words: `Date greșite: …; ….` / `Bad input: …; ….`, and the fields' paths for
 * the client; past LISTED_PROBLEMS, the first ones and how many more.
 */
export function validationMessage(problems: readonly ValidationProblem[]): ValidationRefusal {
  const listed = problems.slice(0, LISTED_PROBLEMS);
  const more = problems.length - listed.length;
  const rest =
    more > 0 ? countOf(more, ['problemă', 'probleme'], ['more problem', 'more problems'], ['problem', 'problemy', 'problemów']) : undefined;
  const join = (lang: keyof Bilingual) => listed.map((p) => p.message[lang]).join('; ');
  const fields = [...new Set(listed.map((p) => p.path))];
  const tail = { ro: rest ? `; și încă ${rest.ro}` : '', en: rest ? `; and ${rest.en}` : '', pl: rest ? `; i jeszcze ${rest.pl}` : '' };
  return {
    message: {
      ro: `Date greșite: ${join('ro')}${tail.ro}.`,
      en: `Bad input: ${join('en')}${tail.en}.`,
      pl: `Błędne dane: ${join('pl')}${tail.pl}.`,
    },
    fields,
  };
}
