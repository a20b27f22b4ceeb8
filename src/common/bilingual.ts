/** The languages the platform speaks. */
export type Language = 'ro' | 'en';

/** A text in the two languages the platform speaks: Romanian first, English beside it. */
export interface Bilingual {
  readonly ro: string;
  readonly en: string;
}

/** A whole number as each language groups its thousands: `67.646` in Romanian, `67,646` in English. */
export function countIn(n: number): Bilingual {
  const en = String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return { ro: en.replace(/,/g, '.'), en };
}

/** Romanian puts "de" between a number and its noun from 20 up, but not after 101–119, 201–219, …: `20 de caractere`, `3 caractere`. */
export function takesDe(n: number): boolean {
  const value = Math.abs(n);
  const rest = value % 100;
  return Number.isInteger(value) && value >= 20 && (rest === 0 || rest >= 20);
}

/** `n` things in each language: `1 element`, `67.646 de elemente` / `1 item`, `67,646 items`. */
export function countOf(n: number, ro: readonly [one: string, other: string], en: readonly [one: string, other: string]): Bilingual {
  const count = countIn(n);
  if (n === 1) return { ro: `${count.ro} ${ro[0]}`, en: `${count.en} ${en[0]}` };
  return { ro: `${count.ro} ${takesDe(n) ? 'de ' : ''}${ro[1]}`, en: `${count.en} ${en[1]}` };
}
