import type { Request } from 'express';
import type { UserActor } from '../auth/core/actor';
import 'express-session';

export type WebLanguage = 'ro' | 'en' | 'pl';
export const WEB_LANGUAGES: readonly WebLanguage[] = ['ro', 'en', 'pl'];

declare module 'express-session' {
  interface SessionData {
    /** The logged-in user; absent for a visitor. */
    userId?: string;
  }
}

/**
 * A request to the web pages (anything outside /api): the session, the user behind it
 * (resolved once per request by the web context middleware) and the page language.
 */
export interface WebRequest extends Request {
  actor?: UserActor;
  lang: WebLanguage;
  /** The CSRF token for this request's forms (views get it as `csrfToken`); set by the web context middleware. */
  csrf?: string;
}

export function isWebLanguage(value: unknown): value is WebLanguage {
  return value === 'ro' || value === 'en' || value === 'pl';
}
