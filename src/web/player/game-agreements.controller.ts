import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { ResultsService } from '../../coefficients/results.service';
import { GameTimeService } from '../../games/actions/game-time.service';
import { OffersService } from '../../games/actions/offers.service';
import { WebViews } from '../views.service';
import { WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import {
  AbandonFormDto,
  AcceptOfferFormDto,
  ConfirmedFormDto,
  HolidayFormDto,
  LongThinkingFormDto,
  ObjectionFormDto,
  OfferFormDto,
  WebFormDto,
} from './player-forms.dto';
import { PlayerGamesService } from './player-games.service';
import { ClaimAnswerFormDto } from './claim-answer-form.dto';
import { ClaimAnswersService } from '../../games/actions/claim-answers.service';
import { IRREVERSIBLE, requireConfirmed } from '../confirm/confirmation';
import { GameFormsService, key, send } from './game-forms.service';

/**
 * The game page's forms about time and agreements (docs/web.md, Player pages): holidays, long thinking,
 * offers, claims, abandoning and the result's confirmation, through the same form frame as the moves.
 */
@Controller()
@UseGuards(WebSessionGuard)
export class GameAgreementsController {
  constructor(
    private readonly forms: GameFormsService,
    private readonly pages: PlayerGamesService,
    private readonly offers: OffersService,
    private readonly gameTime: GameTimeService,
    private readonly results: ResultsService,
    private readonly views: WebViews,
    private readonly claimAnswers: ClaimAnswersService,
  ) {}

  @Post('games/:id/holiday')
  holiday(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: HolidayFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    let done = 'holiday';
    return this.forms.act(
      actor,
      id,
      req,
      res,
      'holiday',
      form,
      async () => {
        // docs/rules.md §5: one holiday per competition, so a declaration may replace the earlier one; it asks once.
        requireConfirmed(form, IRREVERSIBLE.holiday);
        const holiday = await this.gameTime.declareHoliday(actor, id, { from: form.from ?? '', to: form.to ?? '', ...key(form) });
        // Cut at the line a month before the closing date (seed 003): the player is told, the dates are in the list.
        done = ['holiday', holiday.replaced && 'replaced', holiday.shortened && 'shortened'].filter(Boolean).join('-');
      },
      () => done,
    );
  }

  @Post('games/:id/long-thinking')
  longThinking(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: LongThinkingFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'long-thinking', form, () => {
      const days = /^\d{1,4}$/.test(form.days?.trim() ?? '') ? Number(form.days) : NaN;
      return this.gameTime.announceLongThinking(actor, id, { days, ...key(form) });
    });
  }

  @Post('games/:id/offers')
  offer(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: OfferFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    let done = 'offer';
    return this.forms.act(
      actor,
      id,
      req,
      res,
      'offer',
      form,
      async () => {
        // docs/rules.md §7: the partner's own offer, offered back, is accepted and ends the game; that asks once.
        const result = await this.offers.offer(actor, id, { kind: form.kind ?? 'draw', ...key(form) }, () =>
          requireConfirmed(form, IRREVERSIBLE.agreement),
        );
        if (result.offer?.status === 'accepted') done = result.offer.kind === 'draw' ? 'offer-agreed-draw' : 'offer-agreed-interruption';
      },
      () => done,
    );
  }

  @Post('games/:id/offers/:offerId/accept')
  accept(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('offerId') offerId: string,
    @Body() form: AcceptOfferFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'offer-accepted', form, async () => {
      requireConfirmed(form, IRREVERSIBLE.acceptOffer);
      return this.offers.acceptOffer(actor, id, { offerId, ...key(form) });
    });
  }

  @Post('games/:id/offers/:offerId/decline')
  decline(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('offerId') offerId: string,
    @Body() form: WebFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'offer-declined', form, () =>
      this.offers.declineOffer(actor, id, { offerId, ...key(form) }),
    );
  }

  /** docs/rules.md §5: the accused answers the open time claim, within 5 days (claim-answers.service.ts). */
  @Post('games/:id/claim/answer')
  answerClaim(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: ClaimAnswerFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'claim-answer', form, () =>
      this.claimAnswers.answer(actor, id, { text: form.text ?? '', source: 'web', ...key(form) }),
    );
  }

  @Post('games/:id/claim')
  claim(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: ConfirmedFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'claim', form, () => {
      requireConfirmed(form, IRREVERSIBLE.claim);
      return this.gameTime.claimTime(actor, id, key(form));
    });
  }

  /** Abandoning asks first: this page, then the POST with `confirm=yes`. */
  @Get('games/:id/abandon')
  async abandonPage(@WebActor() actor: UserActor, @Param('id') id: string, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const game = await this.pages.gamePage(actor, id, req.lang);
    send(
      res,
      200,
      this.views.page(
        req,
        'player/abandon',
        { game, formKey: randomUUID() },
        { title: this.views.t(req, 'player.abandon.title'), styles: ['board.css'] },
      ),
    );
  }

  @Post('games/:id/abandon')
  async abandon(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: AbandonFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    if (form.confirm !== 'yes') {
      const game = await this.pages.gamePage(actor, id, req.lang);
      const error = this.views.t(req, 'player.abandon.notConfirmed');
      send(
        res,
        422,
        this.views.page(
          req,
          'player/abandon',
          { game, formKey: randomUUID(), error },
          { title: this.views.t(req, 'player.abandon.title'), styles: ['board.css'] },
        ),
      );
      return;
    }
    return this.forms.act(actor, id, req, res, 'abandon', form, () => this.offers.abandon(actor, id, key(form)));
  }

  /** docs/rules.md §7: the player confirms the final sheet… */
  @Post('games/:id/result/confirm')
  confirm(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: WebFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'confirm', form, () => this.results.confirmResult(actor, id));
  }

  /** …or objects to it: the result then waits for the arbiter. */
  @Post('games/:id/result/objection')
  object(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: ObjectionFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'objection', form, () => {
      requireConfirmed(form, IRREVERSIBLE.objection);
      return this.results.objectToResult(actor, id, form.text ?? '');
    });
  }
}
