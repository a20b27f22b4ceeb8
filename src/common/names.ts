// Names people type (players, clubs, users, competitions) end up in mail bodies, subjects and
// sheets. A CR, LF, NEL (U+0085) or line/paragraph separator inside one could add lines to a
// mail, and other control or bidirectional-override characters can disguise it; so names are
// cleaned once, where they enter the platform.

/** C0 and C1 controls, DEL, line/paragraph separators and the bidi embedding/override/isolate marks. */
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A name as the platform keeps it: unwanted characters become spaces, runs of spaces one, trimmed. */
export function cleanName(text: string): string {
  return text.normalize('NFC').replace(UNWANTED, ' ').replace(/\s+/g, ' ').trim();
}
