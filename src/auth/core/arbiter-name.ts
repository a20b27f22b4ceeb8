// The name an arbiter signs with (docs/web.md "The arbiter's name"): it stands on every sheet
// (docs/rules.md §8) and in the mails that carry a ruling, so it is a person's name, trimmed,
// one line, of a bounded length.
import { Refusal } from '../../common/refusal';

/** Long enough for "Popescu-Rădulescu Ștefania-Alexandra, arbitru național"; a sheet's header wraps it. */
export const ARBITER_NAME_MAX = 80;

/** The name as it will be stored, or BAD_INPUT in both languages. */
export function decideArbiterName(input: unknown): string | Refusal {
  const name = typeof input === 'string' ? input.normalize('NFC').replace(/\s+/g, ' ').trim() : '';
  if (typeof input === 'string' && /[\u0000-\u0008\u000e-\u001f\u007f]/.test(input)) {
    return new Refusal(
      'BAD_INPUT',
      { ro: 'Numele conține caractere de control.', en: 'The name contains control characters.', pl: 'Nazwisko zawiera znaki sterujące.' },
      400,
    );
  }
  if (name === '') return new Refusal('BAD_INPUT', { ro: 'Scrieți numele.', en: 'Write the name.', pl: 'Wpisz imię i nazwisko.' }, 400);
  if ([...name].length > ARBITER_NAME_MAX) {
    return new Refusal(
      'BAD_INPUT',
      {
        ro: `Numele are cel mult ${ARBITER_NAME_MAX} de caractere.`,
        en: `The name has at most ${ARBITER_NAME_MAX} characters.`,
        pl: `Imię i nazwisko może mieć najwyżej ${ARBITER_NAME_MAX} znaków.`,
      },
      400,
    );
  }
  if (name.includes('@')) {
    return new Refusal(
      'BAD_INPUT',
      {
        ro: 'Scrieți un nume, nu o adresă de e-mail.',
        en: 'Write a name, not an e-mail address.',
        pl: 'Wpisz imię i nazwisko, a nie adres e-mail.',
      },
      400,
    );
  }
  return name;
}
