// A note with a move: a short comment the partner sees with the move and the
// sheet keeps, as on paper. Stored as plain text; every view escapes it when it shows it.
// Who reads it is decided here alone (noteFor): every output that shows a move — the game's
// view, its page, its sheet, the mail — asks with its reader (docs/web.md "Security model").
import type { Color } from '../../common/color';
import { Refusal } from '../../common/refusal';

/**
 * Who an output of a game's moves is for: one of its two players; its arbiter (or an admin, or
 * the operator's CLI); or everyone — the copy published once the game has ended (rules §8).
 */
export type MoveReader = { readonly kind: 'player'; readonly color: Color } | { readonly kind: 'arbiter' } | { readonly kind: 'public' };

export const PUBLIC_READER: MoveReader = { kind: 'public' };
export const ARBITER_READER: MoveReader = { kind: 'arbiter' };

export function playerReader(color: Color): MoveReader {
  return { kind: 'player', color };
}

/**
 * The note of a move as `reader` may see it (docs/features.md, A note with a move): written for the
 * partner, it is read by its writer, the partner and the game's arbiter; a published copy, and
 * so everyone else, has none.
 */
export function noteFor(reader: MoveReader, move: { readonly color: Color; readonly note?: string | null }): string | null {
  if (!move.note) return null;
  return reader.kind === 'public' ? null : move.note;
}

/** Long enough for a sentence or two, short enough for a sheet's margin. */
export const MAX_NOTE_LENGTH = 500;

// Line breaks and tabs are text; any other control character (or a lone escape) is not.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** The note to keep (trimmed; null when empty or absent), or a typed refusal that changes nothing. */
export function decideNote(raw: string | null | undefined): string | null | Refusal {
  if (raw === undefined || raw === null) return null;
  const note = raw.replace(/\r\n?/g, '\n').trim();
  if (note === '') return null;
  if (CONTROL.test(note)) {
    return new Refusal(
      'BAD_NOTE',
      {
        ro: 'Nota conține caractere de control nepermise.',
        en: 'The note contains control characters, which are not allowed.',
        pl: 'Notatka zawiera niedozwolone znaki sterujące.',
      },
      400,
    );
  }
  if ([...note].length > MAX_NOTE_LENGTH) {
    return new Refusal(
      'BAD_NOTE',
      {
        ro: `Nota are mai mult de ${MAX_NOTE_LENGTH} de caractere.`,
        en: `The note is longer than ${MAX_NOTE_LENGTH} characters.`,
        pl: `Notatka jest dłuższa niż ${MAX_NOTE_LENGTH} znaków.`,
      },
      400,
    );
  }
  return note;
}
