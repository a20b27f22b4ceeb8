// Every page text in every language the platform speaks (docs/web.md "Texts a person reads"):
// each key of each messages.json has a Romanian, an English and a Polish text, with the same
// placeholders in all three.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { WEB_TEMPLATE_ROOT } from './views.service';
import { WEB_LANGUAGES } from './web-request';

function messageFiles(): string[] {
  return readdirSync(WEB_TEMPLATE_ROOT, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('messages.json'))
    .map((e) => join(e.parentPath, e.name));
}

const entries = messageFiles().flatMap((file) =>
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>).map(
    ([key, texts]) => [`${key} (${relative(WEB_TEMPLATE_ROOT, file)})`, texts] as const,
  ),
);

const placeholders = (text: unknown): string =>
  typeof text === 'string'
    ? [...text.matchAll(/\{(\w+)\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',')
    : '';

describe('the web messages, in every language', () => {
  it('speaks Romanian, English and Polish', () => {
    expect(WEB_LANGUAGES).toEqual(['ro', 'en', 'pl']);
  });

  it.each(WEB_LANGUAGES)('every key has a %s text', (lang) => {
    const missing = entries
      .filter(([, texts]) => typeof texts[lang] !== 'string' || !(texts[lang] as string).trim())
      .map(([where]) => where);
    expect(missing).toEqual([]);
  });

  it('every language keeps the placeholders of the Romanian text', () => {
    const differ = entries
      .filter(([, texts]) => WEB_LANGUAGES.some((lang) => placeholders(texts[lang]) !== placeholders(texts.ro)))
      .map(([where]) => where);
    expect(differ).toEqual([]);
  });

  it('no entry holds a language the platform does not speak', () => {
    const stray = entries
      .filter(([, texts]) => Object.keys(texts).some((l) => !(WEB_LANGUAGES as readonly string[]).includes(l)))
      .map(([w]) => w);
    expect(stray).toEqual([]);
  });
});
