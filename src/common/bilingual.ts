/** The languages the platform speaks. */
export type Language = 'ro' | 'en';

/** A text in the two languages the platform speaks: Romanian first, English beside it. */
export interface Bilingual {
  readonly ro: string;
  readonly en: string;
}
