import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AddressConfirmationState } from '../competitions/core/player-identity';
import { PlayerIdentityService } from '../competitions/player-identity.service';
import { WebViews } from './views.service';
import type { WebRequest } from './web-request';

/**
 * The link mailed to an address added to a player (docs/web.md, Security model). As with login links, the
 * link opens a page whose button confirms: a mail scanner that fetches the link confirms nothing.
 */
@ApiExcludeController()
@Controller('addresses/confirm')
export class AddressConfirmationController {
  constructor(
    private readonly views: WebViews,
    private readonly identity: PlayerIdentityService,
  ) {}

  @Get(':token')
  async confirmForm(@Req() req: WebRequest, @Res() res: Response, @Param('token') token: string): Promise<void> {
    const link = await this.identity.linkState(token);
    if (link.state !== 'valid') return this.refuse(req, res, link.state);
    const html = this.views.page(
      req,
      'auth/address-confirm',
      { token, address: link.address },
      { title: this.views.t(req, 'address.confirm.title') },
    );
    res.status(200).type('html').send(html);
  }

  @Post(':token')
  async confirm(@Req() req: WebRequest, @Res() res: Response, @Param('token') token: string): Promise<void> {
    const result = await this.identity.confirm(token);
    if (!result.ok) return this.refuse(req, res, result.state);
    const html = this.views.page(
      req,
      'auth/address-confirmed',
      { address: result.address },
      { title: this.views.t(req, 'address.confirmed.title') },
    );
    res.status(200).type('html').send(html);
  }

  private refuse(req: WebRequest, res: Response, state: AddressConfirmationState): void {
    const key = state === 'expired' ? 'address.link.expired' : 'address.link.unknown';
    const html = this.views.page(
      req,
      'auth/login-invalid',
      { reason: this.views.t(req, key), hideAgain: true },
      { title: this.views.t(req, 'auth.link.title') },
    );
    res.status(410).type('html').send(html);
  }
}
