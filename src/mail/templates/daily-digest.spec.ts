import { REPLY_MARKER } from '../parsing/quotes';
import { renderEvent, renderMail } from './render';
import { sampleModels } from './testing/sample-models';
import { sweepSampleModels } from './testing/sweep-sample-models';

/** The text part is wrapped at 78 columns: compare words, not lines. */
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('the daily digest tells each event whole (docs/mail-rules.md 17)', () => {
  const GAME = sampleModels('ro')['your-move'].game;
  const sweep = sweepSampleModels(GAME, sampleModels('ro')['your-move'].clocks);

  it.each([
    ['ro', 'RECLAM TIMP', 'Dacă nu reclamați, nu se schimbă nimic.'],
    ['en', 'CLAIM TIME', 'If you do not claim, nothing changes.'],
  ] as const)('%s: a time-exceeded event keeps its instructions to the last sentence, without the reply line or the board', (language, command, last) => {
    const event = renderEvent('time-exceeded', language, sweep['time-exceeded']);
    expect(event).toContain(`    ${command}`);
    expect(flat(event).endsWith(last)).toBe(true);
    expect(event).not.toContain(REPLY_MARKER[language]);
    expect(event).not.toMatch(/^-- $/m);
  });

  it.each(['ro', 'en'] as const)('%s: the closing-date event keeps how to declare the state; its clocks stay out', (language) => {
    const event = renderEvent('closing-date', language, sweep['closing-date']);
    expect(event).toMatch(language === 'ro' ? /SITUATIE ROȘU 212/ : /POSITION RED 212/);
    expect(event).not.toMatch(language === 'ro' ? /ZILE DE GÂNDIRE/ : /THINKING DAYS/);
  });

  it.each(['ro', 'en'] as const)('%s: the rendered digest holds every event whole, each with its game’s reply address', (language) => {
    const model = sampleModels(language)['daily-digest'];
    const mail = renderMail('daily-digest', language, model);
    for (const event of model.events!) {
      expect(flat(mail.text)).toContain(flat(event.summary));
      expect(mail.text).toContain(event.reply!.address);
    }
  });

  it.each(['ro', 'en'] as const)('%s: no event of the digest asks for a reply to the digest itself, which reaches no game', (language) => {
    const models = { ...sampleModels(language), ...sweepSampleModels(sampleModels(language)['your-move'].game, sampleModels(language)['your-move'].clocks) };
    const here = language === 'ro' ? /acest e-mail/ : /this mail/;
    const there = language === 'ro' ? 'la adresa partidei de mai jos' : 'to the game’s address below'.replace('’', "'");
    const told = (['time-exceeded', 'closing-date', 'state-declared', 'move-rejection'] as const).map((name) =>
      renderEvent(name, language, models[name] as never),
    );
    for (const event of told) expect(event).not.toMatch(here);
    expect(told.filter((event) => event.includes(there)).length).toBeGreaterThanOrEqual(2);
    // A mail of its own still says "this mail".
    expect(renderMail('time-exceeded', language, models['time-exceeded'] as never).text).toMatch(here);
  });

  it('the subject says what the digest holds: games awaiting a move only when some do', () => {
    const ro = sampleModels('ro')['daily-digest'];
    const en = sampleModels('en')['daily-digest'];
    expect(renderMail('daily-digest', 'en', en).subject).toBe('Daily digest, 2 Mar 2027: 2 games await your move; 2 events in your games');
    expect(renderMail('daily-digest', 'en', { ...en, games: [] }).subject).toBe('Daily digest, 2 Mar 2027: 2 events in your games; no game awaits your move');
    expect(renderMail('daily-digest', 'ro', ro).subject).toBe('Rezumatul zilnic, 02.03.2027: 2 partide vă așteaptă mutarea; 2 evenimente în partidele dumneavoastră');
    expect(renderMail('daily-digest', 'ro', { ...ro, games: ro.games.slice(0, 1), events: [] }).subject).toBe(
      'Rezumatul zilnic, 02.03.2027: o partidă vă așteaptă mutarea',
    );
    expect(renderMail('daily-digest', 'ro', { ...ro, games: [] }).subject).not.toMatch(/așteaptă mutarea;|Partidele care vă așteaptă/);
  });
});
