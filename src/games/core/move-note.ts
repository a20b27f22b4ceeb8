// A note with a move (issue 16 item 4): a short comment the partner sees with the move and the
// sheet keeps, as on paper. Stored as plain text; every view escapes it when it shows it.
import { Refusal } from '../../common/refusal';

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
      { ro: 'Nota conține caractere de control nepermise.', en: 'The note contains control characters, which are not allowed.' },
      400,
    );
  }
  if ([...note].length > MAX_NOTE_LENGTH) {
    return new Refusal(
      'BAD_NOTE',
      { ro: `Nota are mai mult de ${MAX_NOTE_LENGTH} de caractere.`, en: `The note is longer than ${MAX_NOTE_LENGTH} characters.` },
      400,
    );
  }
  return note;
}
