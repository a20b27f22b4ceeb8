// The arbiter's dashboard (issue 7 §3) as plain values: open cases grouped by what they are
// about, the most urgent group first, each case with its days left. Pure: cases in, model out.

import { closableByHand } from '../../arbiter/core/case-rules';
import type { JsonObject } from '../../common/json';
import { answersOf } from '../../games/claim-answers.service';
import { CLAIM_ANSWER_DAYS, claimWindow } from '../../games/core/claim-window';
import { addDays, type LocalDate } from '../../thinking-time/core';
import { downtimeCaseView, downtimeSummary, type DowntimeCaseView } from './downtime-case';

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
  /** The players of the case's game by colour (issue 14 item 6: a row names them). */
  readonly players?: { readonly red: string; readonly blue: string };
}

export interface DashboardCase extends OpenCase {
  readonly closable: boolean;
  /** Whole days from today to the due day: negative when overdue; null without a deadline. */
  readonly daysLeft: number | null;
  readonly overdue: boolean;
  readonly summary: { readonly ro: string; readonly en: string };
  /** A platform-outage case: its days and games, for the grant-or-refuse form (issue 14 item 5). */
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

function withClaimAnswer(summary: { ro: string; en: string }, lapsed: boolean): { ro: string; en: string } {
  return lapsed ? { ro: `${summary.ro} — fără răspuns în 5 zile`, en: `${summary.en} — no answer in 5 days` } : summary;
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

const COLOR = { red: { ro: 'roșu', en: 'red' }, blue: { ro: 'albastru', en: 'blue' } } as const;

function colorName(value: unknown, players?: OpenCase['players']): { ro: string; en: string } {
  if (value !== 'red' && value !== 'blue') return { ro: '?', en: '?' };
  const name = players?.[value];
  return name ? { ro: `${name} (${COLOR[value].ro})`, en: `${name} (${COLOR[value].en})` } : COLOR[value];
}

/** ` (Popescu Ion – Ionescu Țuțea)`: the game a case is about, when known. */
function pairing(players?: OpenCase['players']): string {
  return players ? ` (${players.red} – ${players.blue})` : '';
}

/** `15.03.2027` / `2027-03-15` from a stored day. */
function dayText(value: unknown): { ro: string; en: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(value));
  return m ? { ro: `${m[3]}.${m[2]}.${m[1]}`, en: text(value) } : { ro: text(value), en: text(value) };
}

/** "5 zile", "30 de zile": Romanian puts "de" after numbers ending in 20–99 (and hundreds). */
export function roDays(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return `${text(value)} zile`;
  if (n === 1) return '1 zi';
  const rest = Math.abs(n) % 100;
  return `${n} ${rest >= 20 || (rest === 0 && n !== 0) ? 'de ' : ''}zile`;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** One line saying what the case is about, from its payload (whatever the raising service wrote). */
export function caseSummary(
  kind: string,
  payload: Readonly<Record<string, unknown>>,
  players?: OpenCase['players'],
): { ro: string; en: string } {
  const game = pairing(players);
  switch (kind) {
    case 'dispute': {
      const words = Array.isArray(payload.words) ? payload.words.join(', ') : '';
      return { ro: `Contestație la arbitru${game}: ${words}`, en: `Contest appealed${game}: ${words}` };
    }
    case 'claim': {
      const c = colorName(payload.claimant, players);
      return {
        ro: `Reclamație de timp ${players ? `de la ${c.ro}` : `(${c.ro})`}: partenerul a folosit ${roDays(payload.daysUsed)}`,
        en: `Time claim ${players ? `by ${c.en}` : `(${c.en})`}: the partner has used ${text(payload.daysUsed)} days`,
      };
    }
    case 'silence': {
      const c = colorName(payload.silent, players);
      const since = dayText(payload.since);
      return {
        ro: `Tăcere: ${c.ro} nu a răspuns de ${roDays(payload.silentDays)} (din ${since.ro})`,
        en: `Silence: ${c.en} has not answered for ${text(payload.silentDays)} days (since ${since.en})`,
      };
    }
    case 'closing':
      // docs/rules.md "The closing date": a proposal is homologated as it stands (the homologation page); none means a ruling first.
      if (payload.proposal)
        return {
          ro: `Partidă neterminată la data de închidere${game}: rezultatul propus așteaptă omologarea`,
          en: `Game unfinished at the closing date${game}: the proposed result waits for homologation`,
        };
      if (payload.proposal === null)
        return {
          ro: `Partidă neterminată la data de închidere${game}: niciun rezultat propus, decideți întâi reclamația sau cuvântul disputat`,
          en: `Game unfinished at the closing date${game}: no result proposed, rule first on the claim or the disputed word`,
        };
      return { ro: `Partidă neterminată la data de închidere${game}`, en: `Game unfinished at the closing date${game}` };
    case 'result':
      return { ro: `Rezultat de omologat${game}`, en: `Result to homologate${game}` };
    case 'objection': {
      const c = colorName(payload.color, players);
      return { ro: `Obiecție la fișă (${c.ro}): ${text(payload.text)}`, en: `Objection to the sheet (${c.en}): ${text(payload.text)}` };
    }
    case 'mail-bounce':
      return { ro: `Mesaj returnat: ${text(payload.address)}`, en: `Bounced mail: ${text(payload.address)}` };
    case 'mail-failed':
      return {
        ro: `Mesaj primit neprocesat: ${text(payload.from)} — ${text(payload.error)}`,
        en: `Incoming mail not processed: ${text(payload.from)} — ${text(payload.error)}`,
      };
    case 'mail-undeliverable':
      return {
        ro: `Mesaj nelivrat (${text(payload.template)}): ${text(payload.error)}`,
        en: `Mail not delivered (${text(payload.template)}): ${text(payload.error)}`,
      };
    case 'downtime-credit':
      return downtimeSummary(payload);
    case 'move-review': {
      const refusal = (payload.refusal ?? {}) as Record<string, unknown>;
      return {
        ro: `Cerere de revizuire a unei mutări refuzate (${text(payload.playerName)}): ${text(payload.notation)} — ${text(refusal.ro)}${payload.comment ? ` „${text(payload.comment)}”` : ''}`,
        en: `Review of a refused move asked (${text(payload.playerName)}): ${text(payload.notation)} — ${text(refusal.en)}${payload.comment ? ` "${text(payload.comment)}"` : ''}`,
      };
    }
    case 'commission-appeal':
      return {
        ro: `Apel la comisia federației: ${text(payload.decision)}`,
        en: `Appeal to the federation's commission: ${text(payload.decision)}`,
      };
    default:
      return { ro: `Alt caz${game}`, en: `Another case${game}` };
  }
}
