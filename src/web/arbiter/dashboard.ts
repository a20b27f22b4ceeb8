// The arbiter's dashboard (issue 7 §3) as plain values: open cases grouped by what they are
// about, the most urgent group first, each case with its days left. Pure: cases in, model out.

/** What the arbiter sees a case as. */
export type DashboardCategory = 'disputes' | 'claims' | 'closing' | 'silences' | 'mail' | 'homologation' | 'appeals' | 'other';

/**
 * Most urgent first: a dispute holds a game on two lines, a claim has 5 days (RULES.md §5,
 * §6), closing-date and silence cases end games; mail problems cost a player days; results
 * wait 5 days anyway; the commission's appeals are outside the games.
 */
export const CATEGORY_ORDER: readonly DashboardCategory[] = ['disputes', 'claims', 'closing', 'silences', 'mail', 'homologation', 'appeals', 'other'];

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
}

/**
 * Cases a decision of their own settles (a ruling, homologation, the commission's outcome,
 * the downtime decision): not closed by hand. The others (silences, closing date, mail) the
 * arbiter closes with a reason once handled.
 */
const SETTLED_ELSEWHERE = new Set(['dispute', 'claim', 'result', 'objection', 'commission-appeal', 'downtime-credit']);

export function closableByHand(kind: string): boolean {
  return !SETTLED_ELSEWHERE.has(kind);
}

export interface DashboardCase extends OpenCase {
  readonly closable: boolean;
  /** Whole days from today to the due day: negative when overdue; null without a deadline. */
  readonly daysLeft: number | null;
  readonly overdue: boolean;
  readonly summary: { readonly ro: string; readonly en: string };
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
    return { ...c, daysLeft, overdue: daysLeft !== null && daysLeft < 0, closable: closableByHand(c.kind), summary: caseSummary(c.kind, c.payload) };
  });
  const groups = CATEGORY_ORDER.map((category): DashboardGroup => {
    const mine = decorated.filter((c) => categoryOf(c.kind) === category).sort(byUrgency);
    return { category, count: mine.length, overdue: mine.filter((c) => c.overdue).length, cases: mine };
  });
  return { total: decorated.length, overdue: decorated.filter((c) => c.overdue).length, groups };
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

function colorName(value: unknown): { ro: string; en: string } {
  return value === 'red' || value === 'blue' ? COLOR[value] : { ro: String(value ?? '?'), en: String(value ?? '?') };
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
export function caseSummary(kind: string, payload: Readonly<Record<string, unknown>>): { ro: string; en: string } {
  switch (kind) {
    case 'dispute': {
      const words = Array.isArray(payload.words) ? payload.words.join(', ') : '';
      return { ro: `Contestație la arbitru: ${words}`, en: `Contest appealed: ${words}` };
    }
    case 'claim': {
      const c = colorName(payload.claimant);
      return {
        ro: `Reclamație de timp (${c.ro}): partenerul a folosit ${roDays(payload.daysUsed)}`,
        en: `Time claim (${c.en}): the partner has used ${text(payload.daysUsed)} days`,
      };
    }
    case 'silence': {
      const c = colorName(payload.silent);
      return {
        ro: `Tăcere: ${c.ro} nu a răspuns de ${roDays(payload.silentDays)} (din ${text(payload.since)})`,
        en: `Silence: ${c.en} has not answered for ${text(payload.silentDays)} days (since ${text(payload.since)})`,
      };
    }
    case 'closing':
      return { ro: 'Partidă neterminată la data de închidere', en: 'Game unfinished at the closing date' };
    case 'result':
      return { ro: 'Rezultat de omologat', en: 'Result to homologate' };
    case 'objection': {
      const c = colorName(payload.color);
      return { ro: `Obiecție la fișă (${c.ro}): ${text(payload.text)}`, en: `Objection to the sheet (${c.en}): ${text(payload.text)}` };
    }
    case 'mail-bounce':
      return { ro: `Mesaj returnat: ${text(payload.address)}`, en: `Bounced mail: ${text(payload.address)}` };
    case 'mail-failed':
      return { ro: `Mesaj primit neprocesat: ${text(payload.from)} — ${text(payload.error)}`, en: `Incoming mail not processed: ${text(payload.from)} — ${text(payload.error)}` };
    case 'mail-undeliverable':
      return { ro: `Mesaj nelivrat (${text(payload.template)}): ${text(payload.error)}`, en: `Mail not delivered (${text(payload.template)}): ${text(payload.error)}` };
    case 'downtime-credit':
      return { ro: 'Zile de creditat după o întrerupere a platformei', en: 'Days to credit after a platform outage' };
    case 'commission-appeal':
      return {
        ro: `Apel la comisia federației: ${text(payload.decision)}`,
        en: `Appeal to the federation's commission: ${text(payload.decision)}`,
      };
    default:
      return { ro: kind, en: kind };
  }
}
