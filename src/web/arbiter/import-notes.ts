// What the arbiter reads after importing players already known (docs/web.md, Security model). Pure.
import type { PlayerEntryView } from '../../competitions/registration.service';

type Translate = (key: string, params?: Readonly<Record<string, unknown>>) => string;

/** One line per thing an import did not do: fields left unchanged, addresses waiting for confirmation. */
export function importNoteLines(players: readonly PlayerEntryView[], t: Translate): string[] {
  return players.flatMap((p) => {
    const note = p.importNote;
    if (!note) return [];
    const lines: string[] = [];
    const fields = Object.keys(note.unchanged).map((f) => t(`arbiter.import.field.${f}`));
    if (fields.length) lines.push(t('arbiter.import.unchanged', { player: p.name, fields: fields.join(', ') }));
    if (note.pendingEmails.length) lines.push(t('arbiter.import.pending', { player: p.name, addresses: note.pendingEmails.join(', ') }));
    return lines;
  });
}
