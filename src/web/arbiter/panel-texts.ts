// Numbers and codes of the arbiter's pages written for a person, in the page's language
// as a person writes them: coefficients with four decimals and the language's separator
// (formatCoefficient, as mails and the sheet), result statuses in words. Pure.
import { formatCoefficient, formatCoefficientValue } from '../../common/coefficient-format';
import type { WebLanguage } from '../web-request';

/** `0,4700 – 1,5300` (ro) / `0.4700 – 1.5300` (en), from ten-thousandths. */
export function coefficientPair(values: { readonly red: number; readonly blue: number }, lang: WebLanguage): string {
  return `${formatCoefficient(values.red, lang)} – ${formatCoefficient(values.blue, lang)}`;
}

/** The same from decimal values (a GameView's result). */
export function coefficientValuePair(values: { readonly red: number; readonly blue: number }, lang: WebLanguage): string {
  return `${formatCoefficientValue(values.red, lang)} – ${formatCoefficientValue(values.blue, lang)}`;
}

/** A game row's result with its coefficients in the page's language and its status in words. */
export function localisedResult<
  R extends { readonly status: string; readonly coefficientValues: { readonly red: number; readonly blue: number } },
>(result: R | null, lang: WebLanguage, t: (key: string) => string): (R & { coefficients: string; statusText: string }) | null {
  return (
    result && {
      ...result,
      coefficients: coefficientPair(result.coefficientValues, lang),
      statusText: t(`arbiter.resultStatus.${result.status}`),
    }
  );
}
