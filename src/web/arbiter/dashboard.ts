// The arbiter's dashboard (docs/web.md, Arbiter's panel) as plain values: open cases grouped by what they are
// about, the most urgent group first, each case with its days left. Pure: cases in, model out.

import { closableByHand } from '../../arbiter/core/case-rules';
import type { JsonObject } from '../../common/json';
import { answersOf } from '../../games/actions/claim-answers.service';
import { CLAIM_ANSWER_DAYS, claimWindow } from '../../games/core/claim-window';
import { addDays, type LocalDate } from '../../common/calendar';
import { downtimeCaseView, type DowntimeCaseView } from '../../arbiter/core/downtime-case';
import { caseSummary, type CasePlayers } from '../../arbiter/core/case-summary';

export { caseSummary, roDays } from '../../arbiter/core/case-summary';

/** What the arbiter sees a case as. */
export type DashboardCategory = 'disputes' | 'claims' | 'closing' | 'silences' | 'mail' | 'homologation' | 'appeals' | 'other';

/**
 * Most urgent first: a dispute holds a game on two lines, a claim has 5 days (docs/rules.md §5,
 * §6), closing-date and silence cases end games; mail problems cost a player days; results
 * wait 5 days anyway; the commission's appeals are outside the games.
 */
export const CATEGORY_ORDER: readonly DashboardCategory[] = [
  'disputes',
  'claims',
  'closing',
  'silences',
  'mail',
  'homologation',
  'appeals',
  'other',
];

const CATEGORY_OF_KIND: Readonly<Record<string, DashboardCategory>> = {
  dispute: 'disputes',
  claim: 'claims',
  closing: 'closing',
  silence: 'silences',
  'mail-bounce': 'mail',
  'mail-failed': 'mail',
  'mail-undeliverable': 'mail',
  result: 'homologation',
  objection: 'homologation',
  'commission-appeal': 'appeals',
};

export function categoryOf(kind: string): DashboardCategory {
  return CATEGORY_OF_KIND[kind] ?? 'other';
}

export interface OpenCase {
  readonly id: string;
  readonly kind: string;
  readonly competitionId: string;
  readonly competitionName: string;
  readonly gameId: string | null;
  /** YYYY-MM-DD, when the rules give a deadline. */
  readonly dueOn: string | null;
  readonly openedAt: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /** The players of the case's game by colour (a row names them). */
  readonly players?: CasePlayers;
}

export interface DashboardCase extends OpenCase {
  readonly closable: boolean;
  /** Whole days from today to the due day: negative when overdue; null without a deadline. */
  readonly daysLeft: number | null;
  readonly overdue: boolean;
  readonly summary: { readonly ro: string; readonly en: string; readonly pl: string };
  /** A platform-outage case: its days and games, for the grant-or-refuse form (docs/sweep.md, Downtime credits). */
  readonly downtime?: DowntimeCaseView;
}

export interface DashboardGroup {
  readonly category: DashboardCategory;
  readonly count: number;
  readonly overdue: number;
  readonly cases: readonly DashboardCase[];
}

export interface Dashboard {
  readonly total: number;
  readonly overdue: number;
  /** Every category, in CATEGORY_ORDER, empty ones included (the counts read 0). */
  readonly groups: readonly DashboardGroup[];
}

/** Days from `from` to `to`, both YYYY-MM-DD (calendar days, no time zone involved). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function buildDashboard(cases: readonly OpenCase[], today: string): Dashboard {
  const decorated = cases.map((c): DashboardCase => {
    const daysLeft = c.dueOn ? daysBetween(today, c.dueOn) : null;
    return {
      ...c,
      daysLeft,
      overdue: daysLeft !== null && daysLeft < 0,
      closable: closableByHand(c.kind),
      summary: withClaimAnswer(caseSummary(c.kind, c.payload, c.players), claimLapsed(c, today)),
      ...(c.kind === 'downtime-credit' && { downtime: downtimeCaseView(c.payload) }),
    };
  });
  const groups = CATEGORY_ORDER.map((category): DashboardGroup => {
    const mine = decorated.filter((c) => categoryOf(c.kind) === category).sort(byUrgency);
    return { category, count: mine.length, overdue: mine.filter((c) => c.overdue).length, cases: mine };
  });
  return { total: decorated.length, overdue: decorated.filter((c) => c.overdue).length, groups };
}

/**
 * docs/rules.md §5: a time claim whose 5 days to answer passed with no answer (claim-window.ts, as
 * the game page says it). The claim's case is due on the window's last day (game-time.service.ts claimTime).
 */
export function claimLapsed(c: Pick<OpenCase, 'kind' | 'dueOn' | 'payload'>, today: string): boolean {
  if (c.kind !== 'claim' || !c.dueOn) return false;
  const toldOn = addDays(c.dueOn as LocalDate, -CLAIM_ANSWER_DAYS);
  return claimWindow({ toldOn, today: today as LocalDate, answered: answersOf({ payload: c.payload as JsonObject }).length > 0 }).lapsed;
}

function withClaimAnswer(summary: { ro: string; en: string; pl: string }, lapsed: boolean): { ro: string; en: string; pl: string } {
  return lapsed
    ? {
        ro: `${summary.ro} — fără răspuns în 5 zile`,
        en: `${summary.en} — no answer in 5 days`,
        pl: `${summary.pl} — brak odpowiedzi w ciągu 5 dni`,
      }
    : summary;
}

/** Due soonest first, cases without a deadline after them, oldest first among equals. */
function byUrgency(a: DashboardCase, b: DashboardCase): number {
  if (a.dueOn !== b.dueOn) {
    if (a.dueOn === null) return 1;
    if (b.dueOn === null) return -1;
    return a.dueOn < b.dueOn ? -1 : 1;
  }
  return a.openedAt < b.openedAt ? -1 : a.openedAt > b.openedAt ? 1 : 0;
}
