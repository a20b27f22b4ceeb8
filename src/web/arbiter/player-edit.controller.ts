import { inLanguage } from '../../common/bilingual';
import { Body, Controller, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import { CompetitionReadsService } from '../../competitions/competition-reads.service';
import { PlayerIdentityService } from '../../competitions/player-identity.service';
import { RegistrationService } from '../../competitions/registration.service';
import { WebViews } from '../views.service';
import { Roles, WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import { type Form, send } from './arbiter-forms';

const str = (form: Form, name: string): string => (typeof form?.[name] === 'string' ? (form[name] as string) : '');

/**
 * A player's details in the arbiter's panel (with the identity rules of docs/web.md, Security model):
 * name, club and language for whoever may change the player's identity, and addresses added
 * unverified. Another arbiter's competition, or a player not registered in it, is 404.
 */
@ApiExcludeController()
@Controller('arbiter/competitions/:id/players/:playerId')
@UseGuards(WebSessionGuard)
@Roles('arbiter')
export class PlayerEditController {
  constructor(
    private readonly competitions: CompetitionReadsService,
    private readonly registration: RegistrationService,
    private readonly identity: PlayerIdentityService,
    private readonly views: WebViews,
  ) {}

  @Get()
  async form(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('playerId') playerId: string,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    send(res, 200, await this.page(actor, id, playerId, req, {}));
  }

  @Post()
  async save(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('playerId') playerId: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const input = { name: str(form, 'name'), club: str(form, 'club'), language: str(form, 'language') as 'ro' | 'en' | 'pl' };
    try {
      await this.identity.editPlayer(actor, id, playerId, input);
    } catch (error) {
      // 404 stays a 404 page; any other refusal is shown on the form with what was typed.
      if (!(error instanceof Refusal) || error.getStatus() === 404) throw error;
      send(res, 422, await this.page(actor, id, playerId, req, { error: inLanguage(error.messages, req.lang), typed: input }));
      return;
    }
    res.redirect(303, `/arbiter/competitions/${encodeURIComponent(id)}?done=player-saved`);
  }

  private async page(
    actor: UserActor,
    id: string,
    playerId: string,
    req: WebRequest,
    extra: { error?: string; typed?: { name: string; club: string; language: string } },
  ): Promise<string> {
    const competition = await this.competitions.get(actor, id);
    const player = (await this.registration.players(actor, id)).find((p) => p.playerId === playerId);
    if (!player || !player.emails)
      throw new Refusal(
        'NOT_FOUND',
        {
          ro: 'Jucătorul nu este înscris în această competiție.',
          en: 'The player is not registered in this competition.',
          pl: 'Gracz nie jest zapisany do tych rozgrywek.',
        },
        404,
      );
    const values = extra.typed ?? { name: player.name, club: player.club ?? '', language: player.language };
    return this.views.page(
      req,
      'arbiter/player-edit',
      {
        competition,
        player,
        values,
        ro: values.language === 'ro',
        en: values.language === 'en',
        pl: values.language === 'pl',
        error: extra.error,
      },
      { title: player.name, styles: ['arbiter.css'] },
    );
  }
}
