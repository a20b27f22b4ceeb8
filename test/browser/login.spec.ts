// Logging in in a real browser: the /login form, the link from the
// mail the platform wrote, the confirmation button, the home page; then logout.
import type { Browser } from 'playwright-core';
import { createUser } from '../support/competitions';
import { launchBrowser, loginAs, mailedLoginLink, screenshot, startWebApp, type WebApp } from './support/browser';
import { hangAfter } from '../support/hang';

describe('login by magic link in Chromium', () => {
  let web: WebApp;
  let browser: Browser;

  beforeAll(async () => {
    web = await startWebApp();
    browser = await launchBrowser();
  }, hangAfter(120_000));

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('an arbiter asks for a link, opens it from the mail, confirms, and is in; logout ends it', async () => {
    await createUser(web.app, { email: 'arbitru@example.org', roles: ['arbiter'], name: 'Ioana Arbitru' });
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('response', (r) => r.status() === 404 && consoleErrors.push(`404 ${r.url()}`));

    await page.goto(`${web.baseUrl}/login`);
    expect(await page.locator('h1').textContent()).toBe('Intrare în cont');
    await screenshot(page, 'login-form');
    await loginAs(page, web, 'Arbitru@Example.org');
    expect(new URL(page.url()).pathname).not.toMatch(/^\/login/);
    // The layout now carries the arbiter's menu and the logout button.
    await page.goto(`${web.baseUrl}/login/sent`);
    expect(await page.locator('form[action="/logout"] button').count()).toBe(1);
    expect(await page.locator('a[href="/arbiter"]').count()).toBeGreaterThan(0);
    await page.goto(`${web.baseUrl}/`);
    await screenshot(page, 'home-after-login');

    // The cookie is out of reach of scripts.
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'cs_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // The stylesheet is served and applied (the CSP allows our own files).
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(243, 245, 248)');

    // The language switch in the header.
    await page.goto(`${web.baseUrl}/login/sent`);
    await Promise.all([
      page.waitForResponse((r) => r.url() === `${web.baseUrl}/login/sent` && r.request().method() === 'GET'),
      page.click('.language-switch button'),
    ]);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe('Check your mail');

    await Promise.all([page.waitForURL(`${web.baseUrl}/login`), page.click('form[action="/logout"] button')]);
    expect(await page.locator('form[action="/logout"]').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('logs in as someone else in the same browser: the first user is logged out', async () => {
    await createUser(web.app, { email: 'first@example.org', roles: ['player'] });
    await createUser(web.app, { email: 'second@example.org', roles: ['arbiter'] });
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginAs(page, web, 'first@example.org');
    await page.goto(`${web.baseUrl}/login/sent`);
    expect(await page.locator('a[href="/arbiter"]').count()).toBe(0);
    await loginAs(page, web, 'second@example.org');
    await page.goto(`${web.baseUrl}/login/sent`);
    expect(await page.locator('a[href="/arbiter"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a second click on a used link shows why it no longer works', async () => {
    await createUser(web.app, { email: 'twice@example.org', roles: ['arbiter'] });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${web.baseUrl}/login`);
    await page.fill('#email', 'twice@example.org');
    await Promise.all([page.waitForURL(`${web.baseUrl}/login/sent`), page.click('form[action="/login"] button[type=submit]')]);
    const url = await mailedLoginLink(web, 'twice@example.org');
    await page.goto(url);
    await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/login/')), page.click('form[action^="/login/"] button')]);
    const response = await page.goto(url);
    expect(response?.status()).toBe(410);
    expect(await page.locator('[role=alert]').textContent()).toContain('deja folosită');
    await screenshot(page, 'login-link-used');
    await context.close();
  });
});
