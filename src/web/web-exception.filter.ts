import { inLanguage } from '../common/bilingual';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { Refusal } from '../common/refusal';
import { ApiExceptionFilter } from '../common/api-exception.filter';
import { WebViews } from './views.service';
import { CsrfRefused, isApiPath } from './web-context.middleware';
import type { WebRequest } from './web-request';
import { LoginRequired } from './web-session.guard';

/**
 * Errors as pages: a page needing a login redirects to /login, anything else is shown in
 * the layout in the user's language, never a stack trace. The API (under /api) and
 * requests asking for JSON (the game page's fetch calls) keep the API's JSON errors.
 */
@Catch()
@Injectable()
export class WebExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Web');
  private readonly api = new ApiExceptionFilter();

  constructor(private readonly views: WebViews) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<WebRequest>();
    const res = http.getResponse<Response>();
    const path = (req.originalUrl ?? req.url ?? '/').split('?')[0];
    if (isApiPath(path) || wantsJson(req)) {
      // A script's call after the session ended: a status it can act on, not a redirect to follow.
      if (exception instanceof LoginRequired) {
        res.status(401).json({
          error: {
            code: 'LOGIN_REQUIRED',
            message: 'Log in again.',
            messages: {
              ro: this.views.t({ lang: 'ro' }, 'error.loginAgain'),
              en: this.views.t({ lang: 'en' }, 'error.loginAgain'),
              pl: this.views.t({ lang: 'pl' }, 'error.loginAgain'),
            },
          },
        });
        return;
      }
      return this.api.catch(exception, host);
    }
    if (res.headersSent) return;
    if (exception instanceof LoginRequired) {
      res.redirect(303, `/login?next=${encodeURIComponent(exception.next)}`);
      return;
    }
    const known = exception instanceof HttpException || exception instanceof Refusal;
    const status = known ? exception.getStatus() : HttpStatus.INTERNAL_SERVER_ERROR;
    if (!known) this.logger.error({ err: exception }, 'unexpected error on a page');
    req.lang ??= 'ro';
    const lang = req.lang;
    let message: string;
    if (exception instanceof Refusal) message = inLanguage(exception.messages, lang);
    else if (exception instanceof CsrfRefused) message = this.views.t(req, 'error.csrf');
    else if (status === 404) message = this.views.t(req, 'error.notFound');
    else if (status === 403) message = this.views.t(req, 'error.forbidden');
    else if (status === 429) message = this.views.t(req, 'error.tooMany');
    else if (status >= 500) message = this.views.t(req, 'error.internal');
    else message = this.views.t(req, 'error.badRequest');
    let html: string;
    try {
      html = this.views.page(req, 'auth/error', { status, message }, { title: this.views.t(req, 'error.title') });
    } catch (error) {
      this.logger.error({ err: error }, 'the error page itself failed');
      html = `<!doctype html><title>Error</title><p>${status}</p>`;
    }
    res.status(status).type('html').send(html);
  }
}

function wantsJson(req: WebRequest): boolean {
  const accept = req.headers?.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}
