import { Refusal } from '../../auth/refusal';

/**
 * Issue 14 "Confirmations": an action that cannot be undone asks once. The form carries a
 * required checkbox `confirm=yes` (as the abandon and exclusion forms do); a POST without it
 * is refused here, before anything changes, with the reason in both languages.
 */
export function requireConfirmed(form: unknown, what: { readonly ro: string; readonly en: string }): void {
  const value = form && typeof form === 'object' ? (form as Record<string, unknown>).confirm : undefined;
  const confirmed = value === 'yes' || (Array.isArray(value) && value.includes('yes'));
  if (!confirmed) {
    throw new Refusal(
      'NOT_CONFIRMED',
      {
        ro: `Bifați căsuța de confirmare: ${what.ro} nu mai poate fi anulată.`,
        en: `Tick the confirmation box: ${what.en} cannot be undone.`,
      },
      400,
    );
  }
}

/** The actions that ask once, named as the refusal says them. */
export const IRREVERSIBLE = {
  start: { ro: 'pornirea competiției', en: 'starting the competition' },
  anonymise: { ro: 'anonimizarea jucătorului', en: 'anonymising the player' },
  pass: { ro: 'trecerea la mutare (PAS)', en: 'a pass' },
  closeCase: { ro: 'închiderea cazului', en: 'closing the case' },
} as const;
