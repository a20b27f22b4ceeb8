/** The languages the platform speaks. */
export type Language = 'ro' | 'en' | 'pl';

/**
 * A text in the languages the platform speaks: Romanian first, English and Polish beside it.
 * Every language is required, so a text a Polish reader would get in English does not compile.
 */
export interface Bilingual {
  readonly ro: string;
  readonly en: string;
  readonly pl: string;
}

/** The text in `language`. */
export function inLanguage(text: Bilingual, language: Language): string {
  return text[language];
}

/**
 * A whole number as each language groups its thousands: `67.646` in Romanian, `67,646` in English,
 * `67 646` in Polish (a no-break space, as Polish typography groups digits).
 */
export function countIn(n: number): Required<Bilingual> {
  const en = String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return { ro: en.replace(/,/g, '.'), en, pl: en.replace(/,/g, '\u00a0') };
}

/** Romanian puts "de" between a number and its noun from 20 up, but not after 101–119, 201–219, …: `20 de caractere`, `3 caractere`. */
export function takesDe(n: number): boolean {
  const value = Math.abs(n);
  const rest = value % 100;
  return Number.isInteger(value) && value >= 20 && (rest === 0 || rest >= 20);
}

/** Polish's three forms of a noun after a number: `1 ruch`, `2 ruchy` (2–4 but 12–14), `5 ruchów`. */
export type PolishForms = readonly [one: string, few: string, many: string];

/** Which of Polish's three forms follows `n`. */
export function polishForm(n: number, forms: PolishForms): string {
  const value = Math.abs(Math.trunc(n));
  if (value === 1) return forms[0];
  const ten = value % 10;
  const hundred = value % 100;
  return ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? forms[1] : forms[2];
}

/** `n` things in each language: `1 element`, `67.646 de elemente` / `1 item`, `67,646 items` / `1 element`, `5 elementów`. */
export function countOf(
  n: number,
  ro: readonly [one: string, other: string],
  en: readonly [one: string, other: string],
  pl: PolishForms,
): Bilingual {
  const count = countIn(n);
  const polish = { pl: `${count.pl} ${polishForm(n, pl)}` };
  if (n === 1) return { ro: `${count.ro} ${ro[0]}`, en: `${count.en} ${en[0]}`, ...polish };
  return { ro: `${count.ro} ${takesDe(n) ? 'de ' : ''}${ro[1]}`, en: `${count.en} ${en[1]}`, ...polish };
}
