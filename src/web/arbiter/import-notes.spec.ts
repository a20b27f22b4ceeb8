import type { PlayerEntryView } from '../../competitions/registration.service';
import { loadMessages, translate } from '../views.service';
import { importNoteLines } from './import-notes';

const messages = loadMessages();
const base: PlayerEntryView = {
  playerId: 'p',
  name: 'Ana Pop',
  club: null,
  language: 'ro',
  previousCoefficient: null,
  previousRank: null,
  listPosition: 1,
  group: null,
  seat: null,
  withdrawn: false,
};

describe('importNoteLines', () => {
  it('names the player, the fields left unchanged and the addresses waiting, in both languages', () => {
    const players = [
      { ...base, importNote: { unchanged: { name: 'Hijacked', language: 'en' as const }, pendingEmails: ['evil@attacker.example'] } },
      base,
    ];
    expect(importNoteLines(players, (k, p) => translate(messages, 'en', k, p))).toEqual([
      "Ana Pop: plays in another arbiter's competitions too, so these were left as they are: the name, the language (ask an admin to change them).",
      'Ana Pop: the address evil@attacker.example was added unconfirmed; it gets mail only once the player approves it (on their account page or from the link mailed to their confirmed addresses).',
    ]);
    const ro = importNoteLines(players, (k, p) => translate(messages, 'ro', k, p));
    expect(ro[0]).toContain('numele, limba');
    expect(ro.join(' ')).not.toMatch(/arbiter\.|\{\w+\}/);
  });
});
