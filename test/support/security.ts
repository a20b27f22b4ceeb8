// Helpers of the security regression tests: the routes the application
// really serves, read from its router so a route added later is checked too, and logins
// through the real confirmation button with a link issued by the login-links service.
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { LoginLinks } from '../../src/auth/login-links.service';
import { Database } from '../../src/database/database';
import { csrfOf, type Agent } from './web';

export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every route the Nest router registered on Express, once each; not the middleware catch-alls nor Swagger's pages. */
export function routesOf(app: INestApplication): Route[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  const stack = (express.router ?? express._router)?.stack ?? [];
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const layer of stack) {
    const route = layer.route;
    if (!route || typeof route.path !== 'string') continue;
    if (route.path.includes('{*') || route.path.startsWith('/api/docs')) continue;
    const methods = METHODS.filter((m) => route.methods[m.toLowerCase()]);
    // A catch-all registers every method: not a route of ours.
    if (methods.length === METHODS.length) continue;
    for (const method of methods) {
      const key = `${method} ${route.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      routes.push({ method, path: route.path });
    }
  }
  return routes;
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

export const routeKey = (r: Route): string => `${r.method} ${r.path}`;

/** The path with its `:params` filled in; a parameter nobody gave a value for is a test to update. */
export function fill(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}: add it to the test's parameters`);
    return encodeURIComponent(value);
  });
}

/**
 * A browser logged in as this user: a link from the login-links service (as the CLI gets
 * one), its page, then the button with the page's CSRF token, exactly as a person does.
 */
export async function loginWithLink(
  app: INestApplication,
  userId: string,
  agent: Agent = request.agent(app.getHttpServer()),
): Promise<Agent> {
  const path = await issueLoginPath(app, userId);
  const confirm = await agent.get(path);
  if (confirm.status !== 200) throw new Error(`login page: HTTP ${confirm.status}`);
  const done = await agent
    .post(path)
    .type('form')
    .send({ _csrf: csrfOf(confirm.text), next: '/' });
  if (done.status !== 303) throw new Error(`login button: HTTP ${done.status}`);
  return agent;
}

/** The path of a fresh login link for this user. */
export async function issueLoginPath(app: INestApplication, userId: string): Promise<string> {
  const url = await app.get(Database).transaction(() => app.get(LoginLinks).issue(userId, null));
  return new URL(url).pathname;
}

/** The CSRF token of a page this agent may open. */
export async function tokenFor(agent: Agent, page = '/login/sent'): Promise<string> {
  return csrfOf((await agent.get(page)).text);
}
