import request from 'supertest';
import { mailedLoginLink } from '../browser/support/browser';
import type { TestApp } from './test-app';

export type Agent = ReturnType<typeof request.agent>;

/** A logged-in client, through the real flow: the /login form, the mailed link, its confirmation button. */
export async function loginAgent(t: Pick<TestApp, 'app' | 'database' | 'clock'>, email: string): Promise<Agent> {
  const agent = request.agent(t.app.getHttpServer());
  const form = await agent.get('/login');
  const sent = await agent.post('/login').type('form').send({ _csrf: csrfOf(form.text), email });
  if (sent.status !== 303) throw new Error(`login form: HTTP ${sent.status}`);
  const path = new URL(await mailedLoginLink(t, email)).pathname;
  const confirm = await agent.get(path);
  const done = await agent.post(path).type('form').send({ _csrf: csrfOf(confirm.text), next: '/' });
  if (done.status !== 303) throw new Error(`login link: HTTP ${done.status}`);
  return agent;
}

/** The CSRF token of the page's forms. */
export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSRF token on the page');
  return m[1];
}
