import { join } from 'node:path';
import { ForbiddenException, Inject, Injectable, NestMiddleware } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import { doubleCsrf } from 'csrf-csrf';
import express, { type CookieOptions, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import session from 'express-session';
import { LoginLinks } from '../auth/login-links.service';
import { DatabaseSessionStore, SESSION_TTL_MS } from '../auth/session-store';
import { Clock } from '../common/clock';
import { SETTINGS, type Settings } from '../config/settings';
import { bodyRefusal, isLexiconUpload, lexiconFormParser } from '../common/request-body';
import { Database } from '../database/database';
import { WEB_TEMPLATE_ROOT } from './views.service';
import { isWebLanguage, type WebRequest } from './web-request';
import { LoginRequired, mayEnter, notForYourAccount } from './web-session.guard';

/** Who may send a word list: the roles of its page (LexiconsController). */
const LEXICON_ROLES = ['arbiter'] as const;

export const SESSION_COOKIE = 'cs_session';
/** A visitor's language choice (a logged-in user's is stored on them). */
export const LANG_COOKIE = 'cs_lang';

/** The JSON API (and the health probe) keep their own auth (API keys), their own errors and no cookies. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/health';
}

/** Thrown for a form without a valid CSRF token; the web filter shows a "reload the page" page. */
export class CsrfRefused extends ForbiddenException {
  constructor() {
    super({ error: { code: 'CSRF', message: 'The form is stale or did not come from this site; reload the page and try again.' } });
  }
}

function run(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void handler(req, res, (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()));
  });
}

/**
 * Everything a web page needs before its controller runs, for every path outside /api:
 * static files under /assets/, the database session, the user and language behind it, and
 * the CSRF double-submit check of every request that is not a GET.
 */
@Injectable()
export class WebContextMiddleware implements NestMiddleware {
  /** The visitor's language cookie: `Secure` under https like the session's (docs/web.md, Security model). */
  readonly langCookie: CookieOptions;
  private readonly assets: RequestHandler;
  private readonly cookies: RequestHandler;
  private readonly session: RequestHandler;
  private readonly csrf: ReturnType<typeof doubleCsrf>;
  private readonly lexiconForm = lexiconFormParser();
  readonly store: DatabaseSessionStore;

  constructor(
    @Inject(SETTINGS) settings: Settings,
    db: Database,
    clock: Clock,
    private readonly links: LoginLinks,
  ) {
    const https = settings.publicUrl.startsWith('https:');
    // Security headers are sent for every path by createApp (src/common/security-headers.ts).
    this.langCookie = { httpOnly: true, sameSite: 'lax', secure: https, maxAge: 365 * 24 * 60 * 60_000, path: '/' };
    this.assets = express.static(join(WEB_TEMPLATE_ROOT, 'assets'), { index: false, fallthrough: true, maxAge: '1h' });
    this.cookies = cookieParser() as RequestHandler;
    this.store = new DatabaseSessionStore(db, clock);
    this.session = session({
      name: SESSION_COOKIE,
      secret: settings.secret,
      store: this.store,
      resave: false,
      // The cookie's expiry moves with every use, as the stored session's does (the store's touch).
      rolling: true,
      // A visitor gets no session row until they log in: bots do not fill the table.
      saveUninitialized: false,
      // Behind a TLS proxy, trust its X-Forwarded-Proto for the secure cookie.
      proxy: https,
      cookie: { httpOnly: true, sameSite: 'lax', secure: https, maxAge: SESSION_TTL_MS, path: '/' },
    }) as RequestHandler;
    this.csrf = doubleCsrf({
      getSecret: () => settings.secret,
      // Bound to the session once logged in; a visitor's forms (login, language) share one identity.
      getSessionIdentifier: (req) => ((req as WebRequest).session?.userId ? req.sessionID : 'visitor'),
      cookieName: https ? '__Host-cs_csrf' : 'cs_csrf',
      cookieOptions: { sameSite: 'strict', secure: https, httpOnly: true, path: '/' },
      getCsrfTokenFromRequest: (req) => {
        const header = req.headers['x-csrf-token'];
        if (typeof header === 'string' && header) return header;
        const body = (req.body ?? {}) as Record<string, unknown>;
        if (typeof body._csrf === 'string') return body._csrf;
        // multipart forms (file uploads) are parsed after this check: their token rides in the query.
        const query = (req.query ?? {}) as Record<string, unknown>;
        return typeof query._csrf === 'string' ? query._csrf : undefined;
      },
    });
  }

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const path = (req.originalUrl ?? req.url).split('?')[0];
    if (isApiPath(path)) return next();
    if (path.startsWith('/assets/')) {
      // express.static resolves the path under the assets folder and refuses `..`.
      const url = req.url;
      req.url = (req.originalUrl ?? req.url).slice('/assets'.length);
      this.assets(req, res, (error?: unknown) => {
        req.url = url;
        next(error);
      });
      return;
    }
    await run(this.cookies, req, res);
    await run(this.session, req, res);
    const web = req as WebRequest;
    const userId = web.session?.userId;
    // The session's read brought its user along; a session saved elsewhere meanwhile asks again.
    const user = userId ? (this.store.userReadWith(web.sessionID, userId) ?? (await this.links.webUser(userId))) : null;
    if (userId && !user) {
      // The user was deleted (anonymised): the session ends with them.
      await new Promise<void>((resolve) => web.session.destroy(() => resolve()));
    }
    if (user) web.actor = user.actor;
    const chosen = (req.cookies as Record<string, unknown> | undefined)?.[LANG_COOKIE];
    web.lang = user?.language ?? (isWebLanguage(chosen) ? chosen : 'ro');
    // Pages show the user's own games and data: never kept by a shared browser's cache or a proxy.
    res.setHeader('Cache-Control', 'no-store');
    if (isLexiconUpload(req)) await this.readUpload(web, res);
    if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method)) {
      if (!this.csrf.validateRequest(req)) throw new CsrfRefused();
      // Checked: the controllers' DTOs (whitelisting validation) never see it.
      if (req.body && typeof req.body === 'object') delete (req.body as Record<string, unknown>)._csrf;
    }
    // Made when a form is drawn (an HMAC and a cookie): a JSON answer such as the move preview needs none.
    let token: string | undefined;
    Object.defineProperty(web, 'csrf', {
      configurable: true,
      enumerable: true,
      get: () => (token ??= res.headersSent ? '' : this.csrf.generateCsrfToken(req, res)),
    });
    next();
  }

  /**
   * The word list's body is read only for a session that may upload it (docs/web.md, "What is
   * limited"): anyone else is answered from the headers, and Node discards the rest unread.
   */
  private async readUpload(req: WebRequest, res: Response): Promise<void> {
    if (!req.actor) throw new LoginRequired('/');
    if (!mayEnter(req.actor, LEXICON_ROLES)) throw notForYourAccount();
    await run(this.lexiconForm, req, res).catch((error: unknown) => {
      throw bodyRefusal(error);
    });
  }
}
