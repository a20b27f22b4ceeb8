import { inLanguage } from '../../common/bilingual';
import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { RegistrationService } from '../../competitions/registration.service';
import { AUDIT_KINDS, isFiltered, parseAuditFilter } from './audit-filter';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { ArbiterPanelService } from './arbiter-panel.service';
import { STYLES, send } from './arbiter-forms';

/**
 * A competition's audit log in the arbiter's panel, in words and filtered by GET parameters (audit-filter.ts).
 */
@Controller('arbiter')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class AuditController {
  constructor(
    private readonly panel: ArbiterPanelService,
    private readonly registration: RegistrationService,
    private readonly views: WebViews,
  ) {}

  @Get('competitions/:id/audit')
  async audit(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const competition = await this.panel.competition(actor, id);
    const players = await this.registration.players(actor, id);
    // The filter by GET parameters (audit-filter.ts): a value naming nothing is refused with its reason, the log shown whole.
    const parsed = parseAuditFilter(
      { player: query.player, kind: query.kind, from: query.from, to: query.to },
      new Set(players.map((p) => p.playerId)),
    );
    const filter = 'refused' in parsed ? {} : parsed;
    const { entries, rulings } = await this.panel.readableAudit(actor, id, req.lang, { filter });
    const sent = (key: string) => (typeof query[key] === 'string' ? String(query[key]) : '');
    send(
      res,
      'refused' in parsed ? 400 : 200,
      this.views.page(
        req,
        'arbiter/audit',
        {
          competition,
          entries,
          rulings,
          error: 'refused' in parsed ? parsed.refused[req.lang] : undefined,
          filtered: isFiltered(filter),
          filter: {
            from: sent('from'),
            to: sent('to'),
            players: players.map((p) => ({ id: p.playerId, name: p.name, selected: p.playerId === sent('player') })),
            kinds: Object.entries(AUDIT_KINDS).map(([key, k]) => ({
              key,
              name: inLanguage(k.name, req.lang),
              selected: key === sent('kind'),
            })),
          },
        },
        { title: this.views.t(req, 'arbiter.audit.title'), ...STYLES },
      ),
    );
  }
}
