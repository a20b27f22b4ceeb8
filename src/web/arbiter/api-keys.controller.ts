import { inLanguage } from '../../common/bilingual';
import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { hasRole, type UserActor } from '../../auth/core/actor';
import { ApiKeysService, type ApiKeySummary } from '../../auth/api-keys.service';
import { Refusal } from '../../common/refusal';
import { API_KEY_LIFETIME_DAYS } from '../../auth/users.service';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { type Form, STYLES, send, str } from './arbiter-forms';

/** 2027-01-10 09:00 UTC: the same for everybody reading the list, whatever their zone. */
const when = (d: Date | null): string => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—');

/**
 * API keys in the arbiter's panel (docs/web.md, Security model): a user lists, creates and revokes their own
 * keys; an admin may list everyone's (`?all=1`) and revoke any. A new key is shown once,
 * with its expiry; revoking goes through a confirmation page.
 */
@ApiExcludeController()
@Controller('arbiter/api-keys')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly views: WebViews,
  ) {}

  @Get()
  async list(
    @WebActor() actor: UserActor,
    @Query('all') all: string | undefined,
    @Query('done') done: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    send(res, 200, await this.page(actor, req, { all: all === '1', done: done === 'revoked' ? 'arbiter.apiKeys.revoked' : undefined }));
  }

  @Post()
  async create(@WebActor() actor: UserActor, @Body() form: Form, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const days = str(form, 'days') === '' ? API_KEY_LIFETIME_DAYS : Number(str(form, 'days'));
    try {
      const issued = await this.keys.issue(actor, str(form, 'label'), days);
      // Shown here once and never again: no redirect, and the page is not cached.
      send(res, 201, await this.page(actor, req, { issued: { key: issued.key, expiresAt: when(issued.expiresAt) } }));
    } catch (error) {
      if (!(error instanceof Refusal) || error.getStatus() !== 400) throw error;
      send(res, 422, await this.page(actor, req, { error: inLanguage(error.messages, req.lang), label: str(form, 'label') }));
    }
  }

  /** The confirmation step before revoking (the POST needs `confirm=yes`). */
  @Get(':id/revoke')
  async confirmRevoke(@WebActor() actor: UserActor, @Param('id') id: string, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    send(res, 200, await this.confirmPage(actor, id, req));
  }

  @Post(':id/revoke')
  async revoke(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    if (str(form, 'confirm') !== 'yes') {
      send(res, 422, await this.confirmPage(actor, id, req, this.views.t(req, 'arbiter.apiKeys.confirmNeeded')));
      return;
    }
    await this.keys.revoke(actor, id);
    res.redirect(303, '/arbiter/api-keys?done=revoked');
  }

  private async confirmPage(actor: UserActor, id: string, req: WebRequest, error?: string): Promise<string> {
    // An unknown key, or another user's (for a non-admin): 404, as the service says.
    const key = await this.keys.find(actor, id);
    return this.views.page(
      req,
      'arbiter/api-key-revoke',
      { key: this.row(key), error },
      { title: this.views.t(req, 'arbiter.apiKeys.revokeTitle'), ...STYLES },
    );
  }

  private async page(
    actor: UserActor,
    req: WebRequest,
    extra: { all?: boolean; done?: string; issued?: object; error?: string; label?: string },
  ): Promise<string> {
    const isAdmin = hasRole(actor, 'admin');
    const all = Boolean(extra.all && isAdmin);
    const keys = await this.keys.list(actor, { all });
    return this.views.page(
      req,
      'arbiter/api-keys',
      { keys: keys.map((k) => this.row(k)), all, isAdmin, defaultDays: API_KEY_LIFETIME_DAYS, ...extra },
      { title: this.views.t(req, 'arbiter.apiKeys.title'), ...STYLES },
    );
  }

  private row(k: ApiKeySummary) {
    return {
      id: k.id,
      label: k.label,
      owner: k.owner.email ?? k.owner.displayName,
      createdAt: when(k.createdAt),
      expiresAt: when(k.expiresAt),
      lastUsedAt: when(k.lastUsedAt),
      revokedAt: when(k.revokedAt),
      state: k.state,
      active: k.state === 'active',
    };
  }
}
