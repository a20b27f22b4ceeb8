import { renderMail } from './render';
import { sampleModels } from './testing/sample-models';

const WORDS = {
  ro: { starts: 'Jocul începe la 10.01.2027.', refused: 'O mutare trimisă mai devreme este', reply: 'trimiteți prima mutare răspunzând la acest e-mail.', from: 'Începând cu 10.01.2027' },
  en: { starts: 'Play starts on 10 Jan 2027.', refused: 'A move sent earlier is refused', reply: 'send your first move by replying to this mail.', from: 'From 10 Jan 2027 on' },
} as const;

/** docs/mail-rules.md: no mail invites a reply the platform would refuse (a move before the start is NOT_STARTED). */
describe.each(['ro', 'en'] as const)('the start mail in %s', (language) => {
  const words = WORDS[language];
  const model = sampleModels(language)['game-start'];
  const flat = (s: string) => s.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

  it('written before the start day: says when play starts and from when to reply, never "reply now"', () => {
    const mail = renderMail('game-start', language, { ...model, playsFrom: model.startDate });
    for (const part of [flat(mail.text), flat(mail.html)]) {
      expect(part).toContain(words.starts);
      expect(part).toContain(words.refused);
      expect(part).toContain(words.from);
      expect(part).not.toContain(words.reply);
    }
  });

  it('written on the start day: invites the first move at once, with no word of a later start', () => {
    const mail = renderMail('game-start', language, model);
    for (const part of [flat(mail.text), flat(mail.html)]) {
      expect(part).toContain(words.reply);
      expect(part).not.toContain(words.starts);
      expect(part).not.toContain(words.from);
    }
  });
});
