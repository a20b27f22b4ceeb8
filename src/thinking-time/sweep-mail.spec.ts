import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gameView } from '../games/model/game-mail-view';
import { renderMailContent } from '../mail/outbox/mail-content';
import { MAIL_TEMPLATE_NAMES } from '../mail/templates/all-models';
import { DEFAULT_TEMPLATE_ROOT } from '../mail/templates/render';
import { SWEEP_MAIL_TEMPLATE_NAMES } from '../notifications/models/sweep-models';
import type { Color } from '../common/color';
import type { JsonObject } from '../common/json';
import { mailsOf, rowPayload } from '../mail/core/event-mails';
import type { GameFact } from '../mail/core/game-events';
import type { GameMailContext } from '../mail/outbox/game-mail';
import { timelineMail } from '../mail/outbox/timeline-mail';
import { ROUND_MAIL_TEMPLATE_NAMES } from '../notifications/models/rounds-models';
import { competitionMail } from '../mail/outbox/competition-mail';
import { competitionMails } from '../mail/core/competition-facts';
import type { GameView } from '../notifications/models/models';
import type { DateRange } from '../common/calendar';

/**
 * The row's payload of special leave (docs/sweep.md) as the competition's fact gives it
 * (mail/core/competition-facts.ts): the player's own outside any game, or a partner's in one game.
 */
function specialLeavePayload(
  competition: { readonly shortName: string },
  playerName: string,
  range: DateRange,
  leaveId: string,
  inGame?: { readonly view: GameView; readonly you: Color; readonly game: { readonly id: string; readonly turn: number } },
): JsonObject {
  const [own, ...partners] = competitionMails({
    kind: 'special-leave-approved',
    competition: competition.shortName,
    leaveId,
    player: { id: 'p-on-leave', name: playerName },
    ...range,
    partners: inGame ? [{ player: 'p-partner', gameId: inGame.game.id, turn: inGame.game.turn, you: inGame.you, game: inGame.view }] : [],
  });
  return (inGame ? partners[0] : own).details as JsonObject;
}

const SRC = resolve(__dirname, '..');
const LANGUAGES = ['ro', 'en'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * The template names the services write into the outbox, read from the source: a
 * `template: '…'` field, `notify(s, color, '…', …)` (games service) or `tell(color, '…', …)`
 * (the sweep). A static reading, so a name built at run time would escape it: none is.
 */
function writtenTemplates(): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const pattern = /template: '([a-z-]+)'|\bnotify\([^,()]+, [^,()]+(?:\([^()]*\))?, '([a-z-]+)'|\btell\([^,()]+, '([a-z-]+)'/g;
  for (const file of sourceFiles(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(pattern)) {
      const name = m[1] ?? m[2] ?? m[3];
      names.set(name, new Set([...(names.get(name) ?? []), relative(SRC, file)]));
    }
  }
  return names;
}

const hasFiles = (name: string) =>
  LANGUAGES.every((l) => ['text', 'html'].every((part) => existsSync(join(DEFAULT_TEMPLATE_ROOT, l, `${name}.${part}.hbs`))));

describe('the mail the services write has its templates (docs/mail-rules.md 19)', () => {
  const written = writtenTemplates();

  it('finds the writers', () => {
    for (const name of ['reminder', 'reminder-copy', 'closing-date', 'special-leave', 'state-declared', 'your-move', 'game-end'])
      expect(written.has(name)).toBe(true);
  });

  it('every template the sweep and the time controls write exists in ro and en, text and HTML', () => {
    const ours = [...written]
      // The sweep's facts name their templates where mail maps them (mail/core/timeline-facts.ts, competition-facts.ts,
      // which maps the rounds' facts too: those are the rounds' templates).
      .filter(
        ([name, files]) =>
          name !== 'ruling' &&
          !(ROUND_MAIL_TEMPLATE_NAMES as readonly string[]).includes(name) &&
          [...files].some(
            (f) =>
              f.startsWith('thinking-time/') ||
              ['timeline-facts.ts', 'competition-facts.ts'].some((core) => f === join('mail', 'core', core)),
          ),
      )
      .map(([name]) => name);
    expect(ours.sort()).toEqual([
      'arbiter-cases',
      'closing-date',
      'escalation',
      'holiday-end',
      'holiday-notice',
      'holiday-rights-end',
      'long-thinking-end',
      'reminder',
      'reminder-copy',
      'report-window-closed',
      'special-leave',
      'state-declared',
      'time-exceeded',
    ]);
    for (const name of ours) {
      expect([name, hasFiles(name)]).toEqual([name, true]);
      expect(MAIL_TEMPLATE_NAMES).toContain(name);
    }
    for (const name of SWEEP_MAIL_TEMPLATE_NAMES) expect([name, hasFiles(name)]).toEqual([name, true]);
  });

  it('every other name written has its files, or the outbox maps it onto a template (src/mail/outbox/game-mail.ts, game-notice-words.ts)', () => {
    // The game mails and the words of the notices without a template of their own (game-notice-words.ts).
    const gameMail = ['mail/outbox/game-mail.ts', 'mail/outbox/game-notice-words.ts', 'mail/outbox/timeline-mail.ts']
      .map((f) => readFileSync(join(SRC, f), 'utf8'))
      .join('\n');
    const mapped = (name: string) => gameMail.includes(`case '${name}':`) || gameMail.includes(`'${name}': {`);
    const missing = [...written.keys()].filter((name) => !hasFiles(name) && !mapped(name));
    expect(missing).toEqual([]);
  });
});

describe("the sweep's payloads render in both languages", () => {
  const game = gameView(
    { publicUrl: 'https://scrabble.example' },
    { shortName: 'CN 2027' },
    'A',
    { red: { name: 'Popescu Ana' }, blue: { name: 'Ionescu Dan' } },
    'g-1',
  );
  // The mail of a timeline fact as the outbox builds it from its event (mail/outbox/timeline-mail.ts).
  const context = (you: Color) =>
    ({
      you,
      game,
      language: 'en',
      clocks: { red: { used: 12, left: 38 }, blue: { used: 51, left: 0, onHoliday: false }, limit: 50 },
      deadlines: { closing: '2027-03-31', holidayRightsEnd: '2027-02-27' },
      names: { red: game.red, blue: game.blue },
    }) as unknown as GameMailContext;
  const model = (fact: GameFact, you: Color = 'red') => {
    const mail = mailsOf(fact).find((m) => m.to === you)!;
    return timelineMail(context(you), mail.template, rowPayload('g-1', fact, mail))!.model as unknown as JsonObject;
  };
  const at = { turn: 7, action: 'a' };
  const reportWindowClosed = (proposal?: {
    outcome: string;
    scores: { red: number; blue: number };
    coefficients: { red: number; blue: number };
  }) => model({ kind: 'report-window-closed', ...at, ...(proposal && { proposal }), declared: proposal ? ['red'] : [] });
  const payloads = {
    'reminder-copy': model({
      kind: 'silence-reminded',
      ...at,
      silent: 'blue',
      move: 4,
      since: '2027-02-10',
      silentDays: 15,
      escalation: '2027-03-13',
    }),
    'holiday-end': model({ kind: 'holiday-ended', ...at, player: 'blue', from: '2027-02-10', to: '2027-02-19', resumesOn: '2027-02-20' }),
    'long-thinking-end': model({
      kind: 'long-thinking-ended',
      ...at,
      player: 'blue',
      from: '2027-02-05',
      days: 20,
      resumesOn: '2027-02-25',
    }),
    'time-exceeded': model({ kind: 'time-exceeded', ...at, player: 'blue', used: 51, limit: 50 }),
    'holiday-rights-end': competitionMail(
      {
        kind: 'holiday-rights-ended',
        action: 'holiday-rights-end',
        competition: 'CN 2027',
        player: { id: 'p-1', name: 'Popescu Ana' },
        closingDate: '2027-03-31',
        lastHolidayDay: '2027-02-27',
      },
      'p-1',
      'holiday-rights-end',
    )!.model as unknown as JsonObject,
    'closing-date': model({ kind: 'closing-date-reached', ...at, closingDate: '2027-03-31', declareBy: '2027-04-05' }),
    // The case's proposal (closing-date.ts) as the sweep's fact carries it: coefficients in ten-thousandths.
    'report-window-closed': reportWindowClosed({
      outcome: 'unfinished',
      scores: { red: 212, blue: 187 },
      coefficients: { red: 10_000, blue: 10_000 },
    }),
    'state-declared': model(
      { kind: 'state-declared', turn: 7, player: 'red', text: 'RED 212 – BLUE 187, 14 moves', declaredOn: '2027-04-02' },
      'blue',
    ),
    'special-leave': specialLeavePayload({ shortName: 'CN 2027' }, 'Ionescu Dan', { from: '2027-02-12', to: '2027-02-16' }, 'leave-1', {
      view: game,
      you: 'red',
      game: { id: 'g-1', turn: 7 },
    }),
  } as const;

  it.each(LANGUAGES.flatMap((language) => Object.keys(payloads).map((name) => [name, language] as const)))(
    '%s in %s: a text and an HTML part from its template',
    (name, language) => {
      const mail = renderMailContent(name, language, payloads[name as keyof typeof payloads]);
      expect(mail.html).toMatch(/^<!DOCTYPE html>/);
      for (const part of [mail.text, mail.html!]) expect(part).not.toMatch(/undefined|NaN|\[object Object\]|\{\{/);
      // Not the outbox's plain listing of a payload without a template.
      expect(mail.text).not.toMatch(/^(Notificare|Notification):/);
    },
  );

  it('says what each notice means for the player', () => {
    // Prose is wrapped at 78 columns: compared with its spaces and line ends made one.
    const flat = (mail: { subject: string; text: string; html?: string }) => ({
      ...mail,
      text: mail.text.replace(/[ \n]+/g, ' '),
      raw: mail.text,
    });
    const en = (name: keyof typeof payloads) => flat(renderMailContent(name, 'en', payloads[name]));
    const ro = (name: keyof typeof payloads) => flat(renderMailContent(name, 'ro', payloads[name]));
    expect(en('reminder-copy').text).toContain('Ionescu Dan (BLUE) has not answered for 15 days; we sent them the move again.');
    expect(en('reminder-copy').text).toContain('13 Mar 2027');
    expect(en('reminder-copy').subject).toBe(en('holiday-end').subject);
    expect(en('holiday-end').text).toContain('From 20 Feb 2027 the days without an answer count again');
    expect(ro('long-thinking-end').text).toContain('Din 25.02.2027 zilele fără răspuns se numără din nou');
    expect(en('time-exceeded').text).toContain('Ionescu Dan (BLUE) has used 51 days of thinking time, more than the 50 allowed.');
    expect(en('time-exceeded').raw).toContain('\n    CLAIM TIME\n');
    expect(ro('time-exceeded').raw).toContain('\n    RECLAM TIMP\n');
    expect(ro('time-exceeded').text).toContain('a folosit 51 de zile de gândire');
    expect(en('holiday-rights-end').subject).toBe('Holiday rights have ended — CN 2027');
    expect(ro('holiday-rights-end').text).toContain('Ultima zi în care se mai putea lua concediu a fost 27.02.2027');
    expect(en('closing-date').text).toContain('by replying to this mail by 5 Apr 2027');
    expect(en('closing-date').text).toContain('after this day no move, pass, offer or contest is accepted');
    expect(ro('closing-date').text).toContain('propune acest rezultat și fără o declarație');
    expect(en('closing-date').raw).toMatch(/Ionescu Dan\s+51\s+0\n/);
    expect(en('report-window-closed').text).toContain('the result proposed is 1 / 1');
    expect(ro('report-window-closed').text).toContain('coeficienți 1,0000 și 1,0000');
    expect(en('state-declared').raw).toContain('\n    RED 212 – BLUE 187, 14 moves\n');
    expect(en('special-leave').text).toContain('Ionescu Dan is on special leave from 12 Feb 2027 to 16 Feb 2027');
    const own = flat(
      renderMailContent(
        'special-leave',
        'ro',
        specialLeavePayload({ shortName: 'CN 2027' }, 'Ionescu Dan', { from: '2027-02-12', to: '2027-02-16' }, 'leave-1'),
      ),
    );
    expect(own.subject).toBe('Concediu special — CN 2027');
    expect(own.text).toContain('Arbitrul v-a aprobat concediul special: 12.02.2027 – 16.02.2027.');
    expect(own.text).toContain('Concediul are 5 zile');
    const nothing = flat(renderMailContent('report-window-closed', 'en', reportWindowClosed()));
    expect(nothing.text).toContain('no result is proposed yet');
  });
});
