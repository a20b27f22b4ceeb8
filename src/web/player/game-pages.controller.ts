import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { ConditionalsService } from '../../games/actions/conditionals.service';
import { DisputesService } from '../../games/actions/disputes.service';
import { ChallengesService } from '../../games/actions/challenges.service';
import { MovesService } from '../../games/actions/moves.service';
import { MoveReviewsService } from '../../games/actions/move-reviews.service';
import { WebViews } from '../views.service';
import { WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import {
  AdmitFormDto,
  ConditionalFormDto,
  AppealFormDto,
  ChallengeFormDto,
  ContestFormDto,
  MoveFormDto,
  PassFormDto,
  WithdrawConditionalFormDto,
} from './player-forms.dto';
import { PlayerGamesService } from './player-games.service';
import { ReviewFormDto } from './review-form.dto';
import { IRREVERSIBLE, requireConfirmed } from '../confirm/confirmation';
import { GameFormsService, checkedWords, cleanLines, key, send, submission } from './game-forms.service';

/**
 * The players' pages (docs/web.md, Player pages): my games, the game page and its forms of play (moves, contests, conditional replies); game-agreements.controller.ts has the rest. Every action is
 * one games-service call, POST then redirect to the page (303); a refusal re-renders the
 * page with its message, status 422. Who may look or act is the games service's question:
 * another player's game is refused there (403 / 404), by URL and by POST alike.
 */
@Controller()
@UseGuards(WebSessionGuard)
export class GamePagesController {
  constructor(
    private readonly forms: GameFormsService,
    private readonly pages: PlayerGamesService,
    private readonly moves: MovesService,
    private readonly disputes: DisputesService,
    private readonly views: WebViews,
    private readonly reviews: MoveReviewsService,
    private readonly conditionals: ConditionalsService,
    private readonly challenges: ChallengesService,
  ) {}

  @Get()
  async myGames(@WebActor() actor: UserActor, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const games = await this.pages.myGames(actor, req.lang);
    send(
      res,
      200,
      this.views.page(
        req,
        'player/my-games',
        { games, empty: games.length === 0 },
        { title: this.views.t(req, 'player.myGames.title'), styles: ['board.css'] },
      ),
    );
  }

  @Get('games/:id')
  async game(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('done') done: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    // Only the confirmations we know: the query string never chooses what the page says.
    const key = typeof done === 'string' && /^[a-z-]{1,30}$/.test(done) ? `player.done.${done}` : null;
    send(res, 200, await this.forms.render(actor, id, req, { done: key && key in this.views.messages ? key : null }));
  }

  /** Live preview for game.js: the rules core's words and score, or its refusal, as JSON. */
  @Get('games/:id/preview')
  async preview(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Query('notation') notation: string | undefined,
    @Query('line') line: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const text = typeof notation === 'string' ? notation.slice(0, 200) : '';
    const answer = await this.pages.preview(
      actor,
      id,
      text,
      req.lang,
      typeof line === 'string' && line !== '' ? line.slice(0, 20) : undefined,
    );
    res.status(200).json(answer);
  }

  @Post('games/:id/move')
  move(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: MoveFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'move', form, () => {
      const lines = cleanLines(form.lines);
      const move = form.move?.trim();
      const note = form.note;
      if (lines) return this.moves.submitMove(actor, id, { lines, note, ...submission(form), source: 'web' });
      if (!move) throw this.forms.missing(req, 'player.error.noMove');
      return this.moves.submitMove(actor, id, { move, note, ...submission(form), source: 'web' });
    });
  }

  /** docs/rules.md §3: the mover asks the arbiter to review a refused move; the case keeps the move and the reason. */
  @Post('games/:id/review')
  review(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: ReviewFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'review', form, () =>
      this.reviews.request(actor, id, {
        notation: form.notation ?? '',
        ...(form.line ? { line: form.line } : {}),
        comment: form.comment ?? '',
      }),
    );
  }

  @Post('games/:id/pass')
  pass(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: PassFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'pass', form, async () => {
      requireConfirmed(form, IRREVERSIBLE.pass);
      return this.moves.pass(actor, id, { ...submission(form), source: 'web', ...(form.line ? { line: form.line } : {}) });
    });
  }

  @Post('games/:id/contest')
  contest(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: ContestFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'contest', form, () => {
      requireConfirmed(form, IRREVERSIBLE.contest);
      const words = checkedWords(form.words);
      if (words.length === 0) throw this.forms.missing(req, 'player.error.noWords');
      const reply = form.reply?.trim();
      if (!reply) throw this.forms.missing(req, 'player.error.noReply');
      return this.disputes.contestWord(actor, id, { words, reply, ...submission(form), source: 'web' });
    });
  }

  @Post('games/:id/challenge')
  challenge(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: ChallengeFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'challenge', form, () => {
      requireConfirmed(form, IRREVERSIBLE.challenge);
      const words = checkedWords(form.words);
      if (words.length === 0) throw this.forms.missing(req, 'player.error.noChallengeWords');
      return this.challenges.challenge(actor, id, { words, ...submission(form), source: 'web' });
    });
  }

  @Post('games/:id/contest/admit')
  admit(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: AdmitFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'admit', form, () => {
      requireConfirmed(form, IRREVERSIBLE.admit);
      const replacement = form.replacement?.trim();
      return this.disputes.admitContest(actor, id, { ...submission(form), source: 'web', ...(replacement ? { replacement } : {}) });
    });
  }

  @Post('games/:id/contest/appeal')
  appeal(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: AppealFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'appeal', form, () => {
      requireConfirmed(form, IRREVERSIBLE.appeal);
      const lines = cleanLines(form.lines);
      return this.disputes.appealContest(actor, id, { ...submission(form), source: 'web', ...(lines ? { lines } : {}) });
    });
  }

  /** Replies to the partner's exact moves, answered at once when one comes. */
  @Post('games/:id/conditionals')
  storeConditional(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: ConditionalFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'conditional', form, () =>
      this.conditionals.store(actor, id, {
        text: form.text ?? '',
        ...(form.line ? { line: form.line } : {}),
        ...key(form),
        channel: 'web',
      }),
    );
  }

  @Post('games/:id/conditionals/:conditionalId/withdraw')
  withdrawConditional(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Param('conditionalId') conditionalId: string,
    @Body() form: WithdrawConditionalFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    return this.forms.act(actor, id, req, res, 'conditional-withdrawn', form, async () => {
      requireConfirmed(form, IRREVERSIBLE.withdrawConditional);
      return this.conditionals.withdraw(actor, id, conditionalId, key(form));
    });
  }
}
