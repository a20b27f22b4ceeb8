import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../auth/core/actor';
import { getTileSet } from '../engine';
import { answerForm, send, str, type Form } from '../web/arbiter/arbiter-forms';
import { boardModel, rackModel } from '../web/player/game-board';
import { WebViews } from '../web/views.service';
import { Roles, WebActor, WebSessionGuard } from '../web/web-session.guard';
import type { WebRequest } from '../web/web-request';
import { COMMAND_KINDS } from './core/record-rules';
import { RecordAttemptActions } from './record-attempt-actions.service';
import type { AttemptView } from './record-attempt-view';
import { RecordAttemptsService } from './record-attempts.service';

const STYLES = { styles: ['arbiter.css', 'board.css', 'records.css'] };
const COLUMNS = Array.from({ length: 15 }, (_, i) => i + 1);

const minutes = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

/**
 * The pages of record attempts (docs/web.md, Record attempts): the public records page, the
 * attempt's live page (anyone watches; the player and the committee find their forms there) and
 * the arbiter's announcement form. Every form is one call of RecordAttemptActions.actOnAttempt.
 */
@Controller('records')
export class RecordPagesController {
  constructor(
    private readonly attempts: RecordAttemptsService,
    private readonly actions: RecordAttemptActions,
    private readonly views: WebViews,
  ) {}

  @Get()
  async records(@Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const model = await this.attempts.records(req.actor?.userId);
    send(res, 200, this.views.page(req, 'records/records', model, { title: this.views.t(req, 'records.list.title'), ...STYLES }));
  }

  @Get('announce')
  @UseGuards(WebSessionGuard)
  @Roles('arbiter')
  announceForm(@Req() req: WebRequest, @Res() res: Response): void {
    send(res, 200, this.announcePage(req, {}));
  }

  private announcePage(req: WebRequest, sent: Form, error?: string): string {
    return this.views.page(
      req,
      'records/announce',
      { sent, error: error ?? null },
      { title: this.views.t(req, 'records.announce.title'), ...STYLES },
    );
  }

  @Post('announce')
  @UseGuards(WebSessionGuard)
  @Roles('arbiter')
  async announce(@WebActor() actor: UserActor, @Body() form: Form, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    await answerForm(
      req,
      res,
      async () => `/records/attempts/${(await this.attempts.announce(actor, form)).id}?done=announced`,
      async (message) => this.announcePage(req, form, message),
    );
  }

  @Get('attempts/:attemptId')
  async attempt(
    @Param('attemptId') attemptId: string,
    @Query('done') done: string | undefined,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    send(res, 200, await this.attemptPage(req, attemptId, { done }));
  }

  private async attemptPage(req: WebRequest, attemptId: string, extra: { done?: string; error?: string }): Promise<string> {
    const view = await this.attempts.view(req.actor?.userId, attemptId);
    const known = extra.done === 'announced' || COMMAND_KINDS.includes(extra.done as never);
    return this.views.page(req, 'records/attempt', this.model(view, req, known ? extra.done : undefined, extra.error), {
      title: this.views.t(req, 'records.attempt.title', { player: view.player.name }),
      ...STYLES,
      scripts: ['records.js'],
    });
  }

  private model(view: AttemptView, req: WebRequest, done: string | undefined, error: string | undefined) {
    const tileSet = getTileSet(view.tileSet);
    const lang = req.lang;
    const playing = view.status === 'playing';
    const player = view.you === 'player';
    const committee = view.you === 'committee';
    const signed = view.signatures.some((s) => s.userId === req.actor?.userId);
    return {
      a: view,
      line: {
        label: null,
        field: null,
        columns: COLUMNS,
        board: boardModel({ board: view.board }, tileSet),
      },
      rack: rackModel(view.rack, tileSet),
      turns: view.turns.map((t) => ({
        ...t,
        verdictText: t.verdict ? t.verdict[lang] : null,
        words: t.words.map((w) => `${w.word} ${w.score}`).join(', '),
      })),
      used: minutes(view.usedMs),
      limit: minutes(view.timeLimitMs),
      formKey: randomUUID(),
      done: done ? `records.done.${done}` : null,
      error: error ?? null,
      may: {
        acceptRegulation: player && view.status === 'announced' && !view.regulationAccepted,
        start: committee && view.status === 'announced' && view.regulationAccepted,
        move: player && playing && view.clockRunning,
        release: committee && playing && view.pending !== null,
        challenge: committee && playing && view.pending?.kind === 'place' && view.pending.challengeWords === null,
        claimTime: committee && playing && view.clockRunning && view.timeOver,
        sign: committee && view.status === 'finished' && !signed,
      },
      pendingWords: view.pending?.words.map((w) => w.word) ?? [],
      ended: view.status === 'finished' || view.status === 'closed',
    };
  }

  @Post('attempts/:attemptId')
  @UseGuards(WebSessionGuard)
  async act(
    @WebActor() actor: UserActor,
    @Param('attemptId') attemptId: string,
    @Body() form: Form,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await answerForm(
      req,
      res,
      async () => {
        const done = await this.actions.actOnAttempt(actor, attemptId, form, { idempotencyKey: str(form, 'idempotencyKey') || undefined });
        return `/records/attempts/${encodeURIComponent(attemptId)}?done=${done.action}`;
      },
      (message) => this.attemptPage(req, attemptId, { error: message }),
    );
  }
}
