import request from 'supertest';
import { IsNull, MoreThan } from 'typeorm';
import { normalizeEmail } from '../../src/auth/core/email-address';
import { hashLoginToken } from '../../src/auth/login-link';
import { LoginLinkRequests } from '../../src/auth/login-link-requests.service';
import { LoginLink } from '../../src/auth/login-link.entity';
import type { ManualClock } from '../../src/common/clock';
import type { Database } from '../../src/database/database';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import type { TestApp } from './test-app';
import { until } from './hang';

export type Agent = ReturnType<typeof request.agent>;

/** A logged-in client, through the real flow: the /login form, the mailed link, its confirmation button. */
export async function loginAgent(t: Pick<TestApp, 'app' | 'database' | 'clock'>, email: string): Promise<Agent> {
  const agent = request.agent(t.app.getHttpServer());
  const form = await agent.get('/login');
  const sent = await agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfOf(form.text), email });
  if (sent.status !== 303) throw new Error(`login form: HTTP ${sent.status}`);
  // Handled after the answer: wait for it, so an older unused link is not taken for the new one.
  await t.app.get(LoginLinkRequests).idle();
  const path = new URL(await mailedLoginLink(t, email)).pathname;
  const confirm = await agent.get(path);
  const done = await agent
    .post(path)
    .type('form')
    .send({ _csrf: csrfOf(confirm.text), next: '/' });
  if (done.status !== 303) throw new Error(`login link: HTTP ${done.status}`);
  return agent;
}

/** The CSRF token of the page's forms. */
export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSRF token on the page');
  return m[1];
}

/**
 * The newest unused login link mailed to this address, read from the outbox as a mail reader
 * would. Waited for a while: the form's request is handled after its answer (docs/web.md, Security model).
 */
export async function mailedLoginLink(web: { readonly database: Database; readonly clock: ManualClock }, email: string): Promise<string> {
  let url: string | undefined;
  await until(
    async () => (url = await newestMailedLoginLink(web, email)) !== undefined,
    `an unused login link mailed to ${normalizeEmail(email)}`,
    5_000,
  );
  return url!;
}

async function newestMailedLoginLink(
  web: { readonly database: Database; readonly clock: ManualClock },
  email: string,
): Promise<string | undefined> {
  const address = normalizeEmail(email);
  return web.database.run(async (m) => {
    const rows = await m.find(OutboundMail, { where: { template: 'magic-link', toAddress: address } });
    const urls = rows.map((r) => String(r.payload.url ?? ''));
    for (const url of urls.reverse()) {
      const token = url.split('/login/')[1] ?? '';
      const unused = await m.findOneBy(LoginLink, {
        tokenHash: hashLoginToken(token),
        usedAt: IsNull(),
        expiresAt: MoreThan(web.clock.now()),
      });
      if (unused) return url;
    }
    return undefined;
  });
}
