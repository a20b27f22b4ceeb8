// A mail that asks for a move, as a phone shows it (docs/mail.md, "Mail weight"): at 360 px nothing
// scrolls sideways and the reply instructions come before the first board; at 1280 px too. The mails
// are the rendered templates with the sample models, one line and two (a dispute), in both languages.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { MAIL_TEMPLATE_NAMES } from '../../src/mail/templates/all-models';
import { fileTransport } from '../../src/mail/outbox/mail-transport';
import { renderMail } from '../../src/mail/templates/render';
import { sampleModels } from '../../src/mail/templates/testing/sample-models';
import type { MailLanguage } from '../../src/mail/parsing/quotes';
import type { YourMoveModel } from '../../src/notifications/models/models';
import { launchBrowser, screenshot } from './support/browser';

const HOW_TO_REPLY: Readonly<Record<MailLanguage, string>> = { ro: 'Cum răspundeți', en: 'How to reply', pl: 'Jak odpowiedzieć' };

const MODELS = { ro: sampleModels('ro'), en: sampleModels('en'), pl: sampleModels('pl') };

function yourMove(language: MailLanguage, lines: 1 | 2): YourMoveModel {
  const models = MODELS[language];
  const model = models['your-move'];
  return lines === 1 ? model : { ...model, position: undefined, lines: models['dispute-appealed'].lines };
}

interface Layout {
  readonly scrollWidth: number;
  readonly boards: number;
  readonly boardTop: number;
  readonly boardWidth: number;
  readonly replyTop: number;
  readonly buttonTop: number;
}

// One Chromium for the file's three groups of mails.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a your-move mail in Chromium (docs/mail.md, "Mail weight")', () => {
  const cases = (['ro', 'en'] as const).flatMap((language) =>
    ([1, 2] as const).flatMap((lines) => ([360, 1280] as const).map((width) => [language, lines, width] as const)),
  );

  it.each(cases)(
    'in %s with %i board(s) at %i px: no sideways scroll, the reply instructions above the first board',
    async (language, lines, width) => {
      const { html } = renderMail('your-move', language, yourMove(language, lines));
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      try {
        await page.setContent(html);
        const layout = (await page.evaluate(`(() => {
        const boards = [...document.querySelectorAll('table[aria-label="Tabla"], table[aria-label="Board"]')];
        const reply = [...document.querySelectorAll('h2')].find((h) => h.textContent.trim() === ${JSON.stringify(HOW_TO_REPLY[language])});
        const button = document.querySelector('a[href^="mailto:"]');
        return {
          scrollWidth: document.documentElement.scrollWidth,
          boards: boards.length,
          boardTop: boards[0].getBoundingClientRect().top,
          boardWidth: boards[0].getBoundingClientRect().width,
          replyTop: reply ? reply.getBoundingClientRect().top : Infinity,
          buttonTop: button ? button.getBoundingClientRect().top : Infinity,
        };
      })()`)) as Layout;
        await screenshot(page, `mail-your-move-${language}-${lines}-${width}`);
        expect(layout.boards).toBe(lines);
        expect(layout.scrollWidth).toBeLessThanOrEqual(width);
        expect(layout.replyTop).toBeLessThan(layout.boardTop);
        expect(layout.buttonTop).toBeLessThan(layout.boardTop);
        // The board fills the phone's width, and keeps a readable size on a wide screen.
        expect(layout.boardWidth).toBeGreaterThanOrEqual(width === 360 ? 290 : 400);
      } finally {
        await page.close();
      }
    },
  );
});

describe("the arbiter's case mail and the players' digest on a phone (docs/mail-rules.md 17, 20)", () => {
  it.each(['ro', 'en'] as const)(
    'in %s at 360 px: no sideways scroll; every case has its link, every event its whole text',
    async (language) => {
      for (const name of ['arbiter-cases', 'daily-digest'] as const) {
        const { html } = renderMail(name, language, MODELS[language][name]);
        const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
        try {
          await page.setContent(html);
          const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
          const text = ((await page.evaluate('document.body.innerText')) as string).replace(/\s+/g, ' ');
          await screenshot(page, `mail-${name}-${language}-360`);
          expect([name, scrollWidth]).toEqual([name, 360]);
          if (name === 'arbiter-cases') {
            const links = (await page.evaluate(`[...document.querySelectorAll('a')].map((a) => a.href)`)) as string[];
            for (const c of MODELS[language]['arbiter-cases'].cases) expect(links).toContain(c.url);
          } else for (const e of MODELS[language]['daily-digest'].events!) expect(text).toContain(e.summary.replace(/\s+/g, ' '));
        } finally {
          await page.close();
        }
      }
    },
  );
});

describe('every mail as it goes on the wire (docs/mail.md, "On the wire")', () => {
  it.each(['ro', 'en', 'pl'] as const)(
    'in %s: each template, written by the file transport and read back by a mail parser, renders pixel for pixel as its HTML at 360 px',
    async (language) => {
      const dir = mkdtempSync(join(tmpdir(), 'corr-scrabble-wire-'));
      const transport = fileTransport(dir);
      const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
      try {
        for (const name of MAIL_TEMPLATE_NAMES) {
          const { html, text } = renderMail(name, language, MODELS[language][name] as never);
          const envelope = { from: 'moves@corr-scrabble.test', to: 'player@example.org' };
          await transport.send({ ...envelope, subject: name, text, html, envelope }, name);
          const raw = readFileSync(join(dir, `${name}.eml`));
          const sent = await simpleParser(raw);
          expect([name, raw.toString('utf8').includes('Content-Transfer-Encoding: 8bit')]).toEqual([name, true]);
          expect([name, sent.text?.trim()]).toEqual([name, text.trim()]);
          await page.setContent(html);
          const rendered = await page.screenshot({ fullPage: true });
          await page.setContent(String(sent.html));
          const received = await page.screenshot({ fullPage: true });
          expect([name, received.equals(rendered)]).toEqual([name, true]);
        }
      } finally {
        await page.close();
        transport.close();
      }
    },
  );
});
