// The game page's form frame (docs/web.md, Player pages): one service call a form, POST then 303 to
// the page; a refusal re-renders the page with its message, 422. Shared by game-pages.controller.ts and
// game-agreements.controller.ts.
import { inLanguage } from '../../common/bilingual';
import { analysisVariant } from './analysis-section';
import { randomUUID } from 'node:crypto';
import { HttpException, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import { isEngineRefusal } from '../../engine';
import type { PlayerMove } from '../../games/actions/game-actions.service';
import { WebViews } from '../views.service';
import type { WebRequest } from '../web-request';
import { MoveFormDto, WebFormDto } from './player-forms.dto';
import { PlayerGamesService } from './player-games.service';

export const GAME_ASSETS = { styles: ['board.css'], scripts: ['game.js'] };

/** What a form sent, shown again when the action is refused. */
export type Sent = Readonly<Record<string, unknown>>;

/** What the game page's two controllers share: the form frame and the page's rendering. */
@Injectable()
export class GameFormsService {
  constructor(
    private readonly pages: PlayerGamesService,
    private readonly views: WebViews,
  ) {}

  // ---------------------------------------------------------------- the action frame

  /**
   * One form: the service call, then 303 back to the game page; a refusal (bad move, not
   * now, bad dates…) re-renders the page with the message in the user's language, 422.
   * Not a player of the game (403) or no such game (404) is not a form error: it goes to
   * the web error page with its own status.
   */
  async act(
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
      return inLanguage(error.messages, req.lang);
    }
    if (error instanceof HttpException && error.getStatus() === 400) {
      const body = error.getResponse() as { error?: { message?: string } };
      return body?.error?.message ?? this.views.t(req, 'player.error.badInput');
    }
    return undefined;
  }

  missing(req: WebRequest, key: string): Refusal {
    return new Refusal(
      'BAD_INPUT',
      { ro: this.views.t({ lang: 'ro' }, key), en: this.views.t({ lang: 'en' }, key), pl: this.views.t({ lang: 'pl' }, key) },
      400,
    );
  }

  async render(
    actor: UserActor,
    id: string,
    req: WebRequest,
    extra: { error?: string; done?: string | null; sent?: Sent; review?: Reviewable | null },
  ): Promise<string | Buffer> {
    const { game, analysis } = await this.pages.gamePageWithAnalysis(actor, id, req.lang);
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

export function send(res: Response, status: number, html: string | Buffer): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
}

export function key(form: WebFormDto): { idempotencyKey?: string } {
  return form.idempotencyKey ? { idempotencyKey: form.idempotencyKey } : {};
}

export function submission(form: WebFormDto): { idempotencyKey?: string; expectedTurn?: number } {
  const turn = form.expectedTurn && /^\d{1,6}$/.test(form.expectedTurn) ? Number(form.expectedTurn) : undefined;
  return { ...key(form), ...(turn ? { expectedTurn: turn } : {}) };
}

/** `lines[A]`, `lines[B]` from a form: the filled ones, or undefined when none is. */
export function cleanLines(lines: Record<string, string> | undefined): Record<string, PlayerMove> | undefined {
  if (!lines || typeof lines !== 'object') return undefined;
  const out: Record<string, PlayerMove> = {};
  for (const [label, move] of Object.entries(lines)) {
    if ((label === 'A' || label === 'B') && typeof move === 'string' && move.trim() !== '') out[label] = move.trim().slice(0, 200);
  }
  return Object.keys(out).length ? out : undefined;
}

/** What the user typed, to fill the form again after a refusal (never the token). */
/** A move the engine refused: the page offers to have the arbiter review it (docs/rules.md §3). */
export interface Reviewable {
  readonly notation: string;
  readonly line?: string;
}

export function reviewable(done: string, form: object, error: unknown): Reviewable | null {
  const move = (form as MoveFormDto).move?.trim();
  if (done !== 'move' || !move || !(error instanceof Refusal) || !isEngineRefusal(error.code)) return null;
  const line = (form as { line?: unknown }).line;
  return { notation: move, ...(typeof line === 'string' && line ? { line } : {}) };
}

export function sentOf(form: object): Sent {
  const { _csrf: _token, idempotencyKey: _key, ...rest } = form as Record<string, unknown>;
  return rest;
}

/** The words ticked on a form: one checkbox arrives as a string, none as nothing; at most 8. */
export function checkedWords(words: string[] | string | undefined): string[] {
  return (Array.isArray(words) ? words : words ? [words] : []).filter((w) => typeof w === 'string' && w !== '').slice(0, 8);
}
