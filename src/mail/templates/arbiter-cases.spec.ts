import { REPLY_MARKER } from '../parsing/quotes';
import { renderMail } from './render';
import { arbiterCasesSample } from './testing/arbiter-sample-models';

/** The text part is wrapped at 78 columns: compare words, not lines. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe("the arbiter's case mail (docs/mail-rules.md 20)", () => {
  it.each(['ro', 'en'] as const)('%s: every case whole, with its deadline and link; no reply line, since it needs no answer', (language) => {
    const model = arbiterCasesSample(language);
    const mail = renderMail('arbiter-cases', language, model);
    expect(mail.subject).toBe(model.subject);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain(REPLY_MARKER.ro);
      expect(part).not.toContain(REPLY_MARKER.en);
      for (const c of model.cases) expect(part).toContain(c.url);
    }
    for (const c of model.cases) {
      expect(flat(mail.text)).toContain(c.summary);
      expect(flat(mail.text)).toContain(c.deadline);
    }
    expect(mail.html).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
  });

  it('says it in the reader’s language', () => {
    const ro = renderMail('arbiter-cases', 'ro', arbiterCasesSample('ro'));
    const en = renderMail('arbiter-cases', 'en', arbiterCasesSample('en'));
    expect(ro.subject).toBe('Cazurile arbitrului, 02.03.2027: 1 caz nou, 1 caz cu termenul depășit');
    expect(flat(ro.text)).toContain('Aceste cazuri așteaptă decizia dumneavoastră (02.03.2027).');
    expect(flat(ro.text)).toContain('TERMEN DEPĂȘIT. CN 2027: Tăcere: Vasilescu Ana (roșu) nu a răspuns de 30 de zile');
    expect(flat(ro.text)).toContain('Acest e-mail nu cere un răspuns');
    expect(en.subject).toBe("Arbiter's cases, 2 Mar 2027: 1 new case, 1 overdue case");
    expect(flat(en.text)).toContain('these cases wait for your decision (2 Mar 2027).');
    expect(flat(en.text)).toContain('OVERDUE. CN 2027: Silence: Vasilescu Ana (red) has not answered for 30 days');
    expect(flat(en.text)).toContain('This mail needs no answer');
  });

  it('one case mailed at once says whether it is new', () => {
    const en = renderMail('arbiter-cases', 'en', arbiterCasesSample('en', false));
    expect(en.subject).toBe('[CN 2027] New case to decide');
    expect(en.text).toMatch(/^Hello Marinescu Dan, a new case waits for your decision\./);
    expect(flat(en.text)).toContain('one mail per case, as it comes');
  });
});
