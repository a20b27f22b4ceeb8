// No raw key or foreign word in any mail (docs/web.md "Texts a person reads"): every template
// rendered with its sample model, in Romanian, English and Polish, subject, text and HTML, read as a
// person reads it (src/common/testing/visible-text.ts).
import { htmlProblems, textProblems, withoutNames } from '../../common/testing/visible-text';
import type { MailLanguage } from '../parsing/quotes';
import { MAIL_TEMPLATE_NAMES } from './all-models';
import { renderMail } from './render';
import { sampleModel } from './testing/sample-models';

const LANGUAGES: readonly MailLanguage[] = ['ro', 'en', 'pl'];

/** Every string of a sample model that names a person, a club, a competition or an address. */
export function sampleNames(model: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string') {
      if (/^(red|blue|name|arbiter|competition|playerName|claimant|partner|from|address|to|club|url|competitionName)$/i.test(key)) out.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(model, '');
  return out;
}

describe('every mail template reads without a machine code or a foreign word', () => {
  it.each(LANGUAGES)('in %s', (language) => {
    const found: string[] = [];
    for (const name of MAIL_TEMPLATE_NAMES) {
      const model = sampleModel(name, language);
      const mail = renderMail(name, language, model);
      const names = sampleNames(model);
      found.push(...textProblems(`${name} (subject)`, language, withoutNames(mail.subject ?? '', names)));
      found.push(...textProblems(`${name} (text)`, language, withoutNames(mail.text, names)));
      found.push(...htmlProblems(`${name} (html)`, language, mail.html, names));
    }
    expect(found).toEqual([]);
  });
});
