import { inLanguage } from '../../common/bilingual';
import type { Response } from 'express';
import { Refusal } from '../../common/refusal';
import type { WebViews } from '../views.service';
import type { WebRequest } from '../web-request';
import type { ArbiterPanelService } from './arbiter-panel.service';
import { CATEGORY_ORDER } from './dashboard';

/*
 * What the arbiter's panel controllers share (docs/web.md, Arbiter's panel): dashboard, competition
 * setup, games and rulings, homologation, standings, sheets, mail, lexicons, the commission's
 * appeals. Arbiters and admins only; an arbiter sees only their competitions (another's is 404).
 * Every change is one call of the platform's services, which check again who may act and write
 * the audit log; a refused form is shown again with the reason (422), a done one redirects (303).
 */

export type Form = Readonly<Record<string, unknown>>;
export const STYLES = { styles: ['arbiter.css'] };

export function str(form: Form, name: string): string {
  const v = form?.[name];
  return typeof v === 'string' ? v.trim() : '';
}

export function send(res: Response, status: number, html: string): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
}

/**
 * The one answer of every arbiter form: done, a 303 to the page `act` names (or nothing, when it
 * answered itself); refused for a reason the form can show, the page again with it (422);
 * anything else (403, 404, a fault) goes on to the error page.
 */
export async function answerForm(
  req: WebRequest,
  res: Response,
  act: () => Promise<string | void>,
  again: (message: string) => Promise<string>,
) {
  let location: string | void;
  try {
    location = await act();
  } catch (error) {
    const message = formError(error, req);
    if (message === undefined) throw error;
    send(res, 422, await again(message));
    return;
  }
  if (location !== undefined) res.redirect(303, location);
}

/** A refusal a form shows (bad input, wrong state); 403/404 are not form errors and go to the error page. */
export function formError(error: unknown, req: WebRequest): string | undefined {
  if (error instanceof Refusal && error.getStatus() !== 403 && error.getStatus() !== 404) return inLanguage(error.messages, req.lang);
  return undefined;
}

/** The dashboard's cases in the reader's language, as the dashboard, a competition's page and a game's page show them. */
export function localiseDashboard(dashboard: Awaited<ReturnType<ArbiterPanelService['dashboard']>>, req: WebRequest, views: WebViews) {
  return {
    ...dashboard,
    groups: dashboard.groups.map((g) => ({
      ...g,
      title: views.t(req, `arbiter.category.${g.category}`),
      cases: g.cases.map((c) => ({ ...c, summaryText: inLanguage(c.summary, req.lang) })),
    })),
    categories: CATEGORY_ORDER,
  };
}
