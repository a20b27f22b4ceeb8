// Browser tests: the whole platform on a real HTTP port and the machine's Chromium
// driven by playwright-core. Logins go through the real flow: the /login form, the outbox
// row the platform wrote, the link in it, the confirmation button.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createApp } from '../../../src/app.factory';
import { ManualClock } from '../../../src/common/clock';
import type { Settings } from '../../../src/config/settings';
import { Database } from '../../../src/database/database';
import { freePort } from '../../support/ports';
import { mailedLoginLink } from '../../support/web';
import { openTestDatabase, testSettings } from '../../support/test-app';
import { hangAfter } from '../../support/hang';

export { mailedLoginLink };

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(__dirname, '..', '..', '..', 'test-output', 'screenshots');

export interface WebApp {
  readonly baseUrl: string;
  readonly app: INestApplication;
  readonly clock: ManualClock;
  readonly database: Database;
  readonly settings: Settings;
  close(): Promise<void>;
}

export interface WebAppOptions {
  /** Where the clock stands (default 2027-01-10 09:00 UTC); tests move it. */
  readonly now?: string;
  /** More settings (environment variable names), e.g. `{ LOGIN_RATE_LIMIT: '5' }`. */
  readonly env?: Record<string, string>;
}

/**
 * The platform on this file's own database, listening on a free loopback port, PUBLIC_URL
 * pointing at it so mailed links work. The login rate limit is raised (a story logs in
 * several users from one address) unless the test sets it.
 */
export async function startWebApp(opts: WebAppOptions = {}): Promise<WebApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const clock = new ManualClock(opts.now ?? '2027-01-10T09:00:00Z');
  const { opened, testDb } = await openTestDatabase();
  const settings: Settings = {
    ...testSettings({ PUBLIC_URL: baseUrl, PORT: String(port), LOGIN_RATE_LIMIT: '1000', ...opts.env }),
    database: testDb.settings,
  };
  const app = await createApp({ settings, database: opened, clock });
  await app.listen(port, '127.0.0.1');
  return {
    baseUrl,
    app,
    clock,
    database: opened.database,
    settings,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

/**
 * The machine's Chromium, headless. Playwright gives every launch a new empty profile
 * (user-data-dir) of its own; the flags keep Chromium from calling home during a test.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: hangAfter(30_000),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // Playwright's own 30 s bounds on every action and navigation, scaled like every wait of the suite:
  // a hang detector, not a speed budget. browser.newPage() goes through newContext() too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(hangAfter(30_000));
    context.setDefaultNavigationTimeout(hangAfter(30_000));
    return context;
  };
  return browser;
}

/**
 * Logs in through the real flow: the /login form, the link from the outbox, the confirmation
 * button. A page already logged in (as anyone) logs out first.
 */
export async function loginAs(page: Page, web: Pick<WebApp, 'baseUrl' | 'database' | 'clock'>, email: string): Promise<void> {
  await page.goto(`${web.baseUrl}/login`);
  if (!new URL(page.url()).pathname.startsWith('/login')) {
    await Promise.all([page.waitForURL(`${web.baseUrl}/login`), page.click('form[action="/logout"] button')]);
  }
  await page.fill('#email', email);
  await Promise.all([page.waitForURL(`${web.baseUrl}/login/sent`), page.click('form[action="/login"] button[type=submit]')]);
  const url = await mailedLoginLink(web, email);
  await page.goto(url);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/login')), page.click('form[action^="/login/"] button[type=submit]')]);
}

/** Saves a full-page screenshot to test-output/screenshots/<name>.png for review. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
