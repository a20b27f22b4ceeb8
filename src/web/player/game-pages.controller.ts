import { analysisVariant } from './analysis-section';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpException, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import { ResultsService } from '../../coefficients/results.service';
import { isEngineRefusal } from '../../engine';
import { ConditionalsService } from '../../games/conditionals.service';
import { DisputesService } from '../../games/disputes.service';
import { ChallengesService } from '../../games/challenges.service';
import type { PlayerMove } from '../../games/game-actions';
import { GameTimeService } from '../../games/game-time.service';
import { MovesService } from '../../games/moves.service';
import { OffersService } from '../../games/offers.service';
import { MoveReviewsService } from '../../games/move-reviews.service';
import { WebViews } from '../views.service';
import { WebActor, WebSessionGuard } from '../web-session.guard';
import type { WebRequest } from '../web-request';
import {
  AbandonFormDto,
  AcceptOfferFormDto,
  AdmitFormDto,
  ConditionalFormDto,
  AppealFormDto,
  ChallengeFormDto,
  ContestFormDto,
  ConfirmedFormDto,
  HolidayFormDto,
  LongThinkingFormDto,
  MoveFormDto,
  ObjectionFormDto,
  OfferFormDto,
  PassFormDto,
  WebFormDto,
  WithdrawConditionalFormDto,
} from './player-forms.dto';
import { PlayerGamesService } from './player-games.service';
import { ClaimAnswerFormDto } from './claim-answer-form.dto';
import { ClaimAnswersService } from '../../games/claim-answers.service';
import { ReviewFormDto } from './review-form.dto';
import { IRREVERSIBLE, requireConfirmed } from '../confirm/confirmation';

const GAME_ASSETS = { styles: ['board.css'], scripts: ['game.js'] };

/** What a form sent, shown again when the action is refused. */
type Sent = Readonly<Record<string, unknown>>;

/**
 * The players' pages (docs/web.md, Player pages): my games, the game page and its forms. Every action is
 * one games-service call, POST then redirect to the page (303); a refusal re-renders the
 * page with its message, status 422. Who may look or act is the games service's question:
 * another player's game is refused there (403 / 404), by URL and by POST alike.
 */
@Controller()
@UseGuards(WebSessionGuard)
export class GamePagesController {
  constructor(
    private readonly pages: PlayerGamesService,
    private readonly moves: MovesService,
    private readonly offers: OffersService,
    private readonly disputes: DisputesService,
    private readonly gameTime: GameTimeService,
    private readonly results: ResultsService,
    private readonly views: WebViews,
    private readonly reviews: MoveReviewsService,
    private readonly claimAnswers: ClaimAnswersService,
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
    send(res, 200, await this.render(actor, id, req, { done: key && key in this.views.messages ? key : null }));
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
    return this.act(actor, id, req, res, 'move', form, () => {
      const lines = cleanLines(form.lines);
      const move = form.move?.trim();
      const note = form.note;
      if (lines) return this.moves.submitMove(actor, id, { lines, note, ...submission(form), source: 'web' });
      if (!move) throw this.missing(req, 'player.error.noMove');
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
    return this.act(actor, id, req, res, 'review', form, () =>
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
    return this.act(actor, id, req, res, 'pass', form, async () => {
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
    return this.act(actor, id, req, res, 'contest', form, () => {
      requireConfirmed(form, IRREVERSIBLE.contest);
      const words = checkedWords(form.words);
      if (words.length === 0) throw this.missing(req, 'player.error.noWords');
      const reply = form.reply?.trim();
      if (!reply) throw this.missing(req, 'player.error.noReply');
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
    return this.act(actor, id, req, res, 'challenge', form, () => {
      requireConfirmed(form, IRREVERSIBLE.challenge);
      const words = checkedWords(form.words);
      if (words.length === 0) throw this.missing(req, 'player.error.noChallengeWords');
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
    return this.act(actor, id, req, res, 'admit', form, () => {
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
    return this.act(actor, id, req, res, 'appeal', form, () => {
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
    return this.act(actor, id, req, res, 'conditional', form, () =>
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
    return this.act(actor, id, req, res, 'conditional-withdrawn', form, async () => {
      requireConfirmed(form, IRREVERSIBLE.withdrawConditional);
      return this.conditionals.withdraw(actor, id, conditionalId, key(form));
    });
  }

  @Post('games/:id/holiday')
  holiday(
    @WebActor() actor: UserActor,
    @Param('id') id: string,
    @Body() form: HolidayFormDto,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    let done = 'holiday';
    return this.act(
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
    return this.act(actor, id, req, res, 'long-thinking', form, () => {
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
    return this.act(
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
    return this.act(actor, id, req, res, 'offer-accepted', form, async () => {
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
    return this.act(actor, id, req, res, 'offer-declined', form, () => this.offers.declineOffer(actor, id, { offerId, ...key(form) }));
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
    return this.act(actor, id, req, res, 'claim-answer', form, () =>
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
    return this.act(actor, id, req, res, 'claim', form, () => {
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
    return this.act(actor, id, req, res, 'abandon', form, () => this.offers.abandon(actor, id, key(form)));
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
    return this.act(actor, id, req, res, 'confirm', form, () => this.results.confirmResult(actor, id));
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
    return this.act(actor, id, req, res, 'objection', form, () => {
      requireConfirmed(form, IRREVERSIBLE.objection);
      return this.results.objectToResult(actor, id, form.text ?? '');
    });
  }

  // ---------------------------------------------------------------- the action frame

  /**
   * One form: the service call, then 303 back to the game page; a refusal (bad move, not
   * now, bad dates…) re-renders the page with the message in the user's language, 422.
   * Not a player of the game (403) or no such game (404) is not a form error: it goes to
   * the web error page with its own status.
   */
  private async act(
    actor: UserActor,
    id: string,
    req: WebRequest,
    res: Response,
    done: string,
    form: object,
    work: () => Promise<unknown>,
    doneAfter?: () => string,
  ): Promise<void> {
    try {
      await work();
    } catch (error) {
      const message = this.refusalMessage(req, error);
      if (message === undefined) throw error;
      send(res, 422, await this.render(actor, id, req, { error: message, sent: sentOf(form), review: reviewable(done, form, error) }));
      return;
    }
    res.redirect(303, `/games/${encodeURIComponent(id)}?done=${doneAfter?.() ?? done}`);
  }

  /** The message of a refusal shown on a form, or undefined for what is not a form error. */
  private refusalMessage(req: WebRequest, error: unknown): string | undefined {
    if (error instanceof Refusal) {
      if (error.getStatus() === 403 || error.getStatus() === 404) return undefined;
      return error.messages[req.lang] ?? error.messages.ro;
    }
    if (error instanceof HttpException && error.getStatus() === 400) {
      const body = error.getResponse() as { error?: { message?: string } };
      return body?.error?.message ?? this.views.t(req, 'player.error.badInput');
    }
    return undefined;
  }

  private missing(req: WebRequest, key: string): Refusal {
    return new Refusal('BAD_INPUT', { ro: this.views.t({ lang: 'ro' }, key), en: this.views.t({ lang: 'en' }, key) }, 400);
  }

  private async render(
    actor: UserActor,
    id: string,
    req: WebRequest,
    extra: { error?: string; done?: string | null; sent?: Sent; review?: Reviewable | null },
  ): Promise<string | Buffer> {
    const game = await this.pages.gamePage(actor, id, req.lang);
    const analysis = await this.pages.analysisOf(game);
    const title = `${game.red.name} – ${game.blue.name}`;
    // A fresh key per rendering: a form sent twice (back button, double click) acts once.
    const formKey = randomUUID();
    const model = { game, analysis, error: null, done: extra.done ?? null, sent: {}, review: null };
    if (extra.error === undefined && extra.sent === undefined && extra.review === undefined) {
      // The plain view: the same model object (kept under the game's mark) renders the same view; the analysis is in the variant.
      const variant = `${model.done ?? ''}|${analysisVariant(analysis)}`;
      return this.views.keptPage(req, 'player/game', game, variant, model, formKey, { title, ...GAME_ASSETS });
    }
    return this.views.page(
      req,
      'player/game',
      { ...model, error: extra.error ?? null, sent: extra.sent ?? {}, review: extra.review ?? null, formKey },
      { title, ...GAME_ASSETS },
    );
  }
}

function send(res: Response, status: number, html: string | Buffer): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
}

function key(form: WebFormDto): { idempotencyKey?: string } {
  return form.idempotencyKey ? { idempotencyKey: form.idempotencyKey } : {};
}

function submission(form: WebFormDto): { idempotencyKey?: string; expectedTurn?: number } {
  const turn = form.expectedTurn && /^\d{1,6}$/.test(form.expectedTurn) ? Number(form.expectedTurn) : undefined;
  return { ...key(form), ...(turn ? { expectedTurn: turn } : {}) };
}

/** `lines[A]`, `lines[B]` from a form: the filled ones, or undefined when none is. */
function cleanLines(lines: Record<string, string> | undefined): Record<string, PlayerMove> | undefined {
  if (!lines || typeof lines !== 'object') return undefined;
  const out: Record<string, PlayerMove> = {};
  for (const [label, move] of Object.entries(lines)) {
    if ((label === 'A' || label === 'B') && typeof move === 'string' && move.trim() !== '') out[label] = move.trim().slice(0, 200);
  }
  return Object.keys(out).length ? out : undefined;
}

/** What the user typed, to fill the form again after a refusal (never the token). */
/** A move the engine refused: the page offers to have the arbiter review it (docs/rules.md §3). */
interface Reviewable {
  readonly notation: string;
  readonly line?: string;
}

function reviewable(done: string, form: object, error: unknown): Reviewable | null {
  const move = (form as MoveFormDto).move?.trim();
  if (done !== 'move' || !move || !(error instanceof Refusal) || !isEngineRefusal(error.code)) return null;
  const line = (form as { line?: unknown }).line;
  return { notation: move, ...(typeof line === 'string' && line ? { line } : {}) };
}

function sentOf(form: object): Sent {
  const { _csrf: _token, idempotencyKey: _key, ...rest } = form as Record<string, unknown>;
  return rest;
}

/** The words ticked on a form: one checkbox arrives as a string, none as nothing; at most 8. */
function checkedWords(words: string[] | string | undefined): string[] {
  return (Array.isArray(words) ? words : words ? [words] : []).filter((w) => typeof w === 'string' && w !== '').slice(0, 8);
}
