// How a coefficient is written (docs/rules.md §7): in the kernel because the game sheet of the
// engine writes one too, and the engine leans on nothing of the platform above the kernel.

/** A coefficient of 1, in the ten-thousandths every coefficient is counted in. */
export const COEFFICIENT_ONE = 10_000;

/**
 * `1.5219` from 15219; four decimals always, as homologated (docs/rules.md §7). The one way a
 * coefficient is written for a person: `1,5219` in Romanian and Polish, `1.5219` in English (and in
 * machine files, the default).
 */
export function formatCoefficient(tenThousandths: number, language: 'ro' | 'en' | 'pl' = 'en'): string {
  if (!Number.isSafeInteger(tenThousandths)) throw new RangeError(`not a coefficient in ten-thousandths: ${tenThousandths}`);
  const sign = tenThousandths < 0 ? '-' : '';
  const abs = Math.abs(tenThousandths);
  return `${sign}${Math.floor(abs / COEFFICIENT_ONE)}${language === 'en' ? '.' : ','}${String(abs % COEFFICIENT_ONE).padStart(4, '0')}`;
}

/** A coefficient given as its decimal value (JSON, toDecimal), written as formatCoefficient does. */
export function formatCoefficientValue(value: number, language: 'ro' | 'en' | 'pl' = 'en'): string {
  return formatCoefficient(Math.round(value * COEFFICIENT_ONE), language);
}
