import { Body, Controller, Get, Header, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Response } from 'express';
import { normalizeEmail } from '../auth/core/email-address';
import type { LoginLinkState } from '../auth/login-link';
import { isLoginAddress, safeNextPath } from '../auth/login-link';
import { LoginLinkRequests } from '../auth/login-link-requests.service';
import { LoginLinks } from '../auth/login-links.service';
import { WebViews } from './views.service';
import { LANG_COOKIE, SESSION_COOKIE, WebContextMiddleware } from './web-context.middleware';
import { isWebLanguage, type WebRequest } from './web-request';

type Form = Record<string, unknown>;
const field = (form: Form, name: string): string => (typeof form?.[name] === 'string' ? (form[name] as string) : '');

/**
 * Login by magic link. The link opens a page with one button that POSTs:
 * mail scanners (Outlook Safe Links, corporate gateways) fetch every link in a mail, and a
 * link used up by a GET would be spent before its owner clicks it.
 */
@ApiExcludeController()
@Controller()
export class LoginController {
  constructor(
    private readonly views: WebViews,
    private readonly links: LoginLinks,
    private readonly requests: LoginLinkRequests,
    private readonly context: WebContextMiddleware,
  ) {}

  @Get('login')
  loginForm(@Req() req: WebRequest, @Res() res: Response, @Query('next') next?: string): void {
    // Already in (a bookmark, the back button): straight on.
    if (req.actor) return res.redirect(303, safeNextPath(next));
    const html = this.views.page(
      req,
      'auth/login',
      { next: safeNextPath(next), email: '' },
      { title: this.views.t(req, 'auth.login.title') },
    );
    res.status(200).type('html').send(html);
  }

  @Post('login')
  @UseGuards(ThrottlerGuard)
  requestLink(@Req() req: WebRequest, @Res() res: Response, @Body() form: Form): void {
    const email = normalizeEmail(field(form, 'email'));
    const next = safeNextPath(field(form, 'next'));
    if (!isLoginAddress(email)) {
      const html = this.views.page(
        req,
        'auth/login',
        { next, email: field(form, 'email'), error: this.views.t(req, 'auth.login.badEmail') },
        { title: this.views.t(req, 'auth.login.title') },
      );
      res.status(422).type('html').send(html);
      return;
    }
    // Known address or not, the same answer at the same moment (docs/web.md, Security model): the lookup and
    // the mail happen after it, so neither the page nor its timing tells who has an account.
    this.requests.submit(email);
    res.redirect(303, '/login/sent');
  }

  @Get('login/sent')
  @Header('Content-Type', 'text/html; charset=utf-8')
  linkSent(@Req() req: WebRequest): string {
    return this.views.page(req, 'auth/login-sent', {}, { title: this.views.t(req, 'auth.sent.title') });
  }

  @Get('login/:token')
  async confirmForm(
    @Req() req: WebRequest,
    @Res() res: Response,
    @Param('token') token: string,
    @Query('next') next?: string,
  ): Promise<void> {
    const state = await this.links.state(token);
    if (state !== 'valid') return this.refuseLink(req, res, state);
    const html = this.views.page(
      req,
      'auth/login-confirm',
      { token, next: safeNextPath(next) },
      { title: this.views.t(req, 'auth.confirm.title') },
    );
    res.status(200).type('html').send(html);
  }

  @Post('login/:token')
  async useLink(@Req() req: WebRequest, @Res() res: Response, @Param('token') token: string, @Body() form: Form): Promise<void> {
    const result = await this.links.consume(token);
    if (!result.ok) return this.refuseLink(req, res, result.state);
    // A new session id at login: a session id planted before (session fixation) is worth nothing.
    await new Promise<void>((resolve, reject) => req.session.regenerate((e: unknown) => (e ? reject(e) : resolve())));
    req.session.userId = result.user.actor.userId;
    await new Promise<void>((resolve, reject) => req.session.save((e: unknown) => (e ? reject(e) : resolve())));
    void this.context.store.prune().catch(() => undefined);
    res.redirect(303, safeNextPath(field(form, 'next')));
  }

  @Post('logout')
  async logout(@Req() req: WebRequest, @Res() res: Response): Promise<void> {
    if (req.session) await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.redirect(303, '/login');
  }

  /** The language switch in the layout: kept on the user when logged in, in a cookie for a visitor. */
  @Post('language')
  async setLanguage(@Req() req: WebRequest, @Res() res: Response, @Body() form: Form): Promise<void> {
    const lang = field(form, 'lang');
    if (isWebLanguage(lang)) {
      if (req.actor) await this.links.setLanguage(req.actor.userId, lang);
      res.cookie(LANG_COOKIE, lang, this.context.langCookie);
    }
    res.redirect(303, safeNextPath(field(form, 'next')));
  }

  private refuseLink(req: WebRequest, res: Response, state: LoginLinkState): void {
    const key = state === 'used' ? 'auth.link.used' : state === 'expired' ? 'auth.link.expired' : 'auth.link.unknown';
    const html = this.views.page(
      req,
      'auth/login-invalid',
      { reason: this.views.t(req, key) },
      { title: this.views.t(req, 'auth.link.title') },
    );
    // 410 Gone: the link existed (or never did) and will not work again.
    res.status(410).type('html').send(html);
  }
}
