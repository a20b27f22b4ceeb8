// What the sweep does with the days it looks at (docs/sweep.md). Normally that is one
// day, today, and everything the core says is due today is done. After downtime it is
// every day since the last sweep: doing each missed action would send a burst of stale
// mail, so per game only the latest action of each kind is done, and only if it still
// holds today; the others are recorded as superseded so they never fire. Pure.
import type { Color } from '../../common/color';
import type { TimelineAction, TimelineDay } from './timeline';

export interface SupersededAction {
  readonly action: TimelineAction;
  /** The key of the later action of its kind, or null when it no longer holds today. */
  readonly by: string | null;
}

export interface ActionChoice {
  /** To do now, in the core's order. */
  readonly due: readonly TimelineAction[];
  /** To record as superseded, never to do. */
  readonly superseded: readonly SupersededAction[];
}

/**
 * An action's kind: actions of one kind replace each other, so only the latest matters.
 * A reminder is replaced by the escalation of the same silence, or by the silence about a
 * later move; a holiday's start by its end; the 51st day by a later one. Each competition
 * deadline (holiday rights, closing date, report window) is a duty of its own.
 */
export function actionKind(action: TimelineAction): string {
  switch (action.stage) {
    case 'reminder':
    case 'escalation':
    case 'first-move-reminder':
    case 'first-move-escalation':
      return 'silence';
    case 'holiday-start':
    case 'holiday-end':
      return `holiday:${action.player}`;
    case 'long-thinking-start':
    case 'long-thinking-end':
      return `long-thinking:${action.player}`;
    case 'time-exceeded':
      return `time-exceeded:${action.player}`;
    default:
      return action.stage;
  }
}

/** Whether an action found late still says something true today (`today`: the last day looked at). */
function holdsToday(action: TimelineAction, today: TimelineDay): boolean {
  switch (action.stage) {
    case 'reminder':
    case 'escalation':
    case 'first-move-reminder':
    case 'first-move-escalation':
      // The awaited move came meanwhile (the arbiter recorded a posted move), or play is over.
      return today.awaiting?.move === action.move && today.awaiting.player === action.player;
    case 'time-exceeded':
      // A credit since has brought the clock back under the limit.
      return today.clocks[action.player as Color].exceeded;
    default:
      return true;
  }
}

/**
 * Chooses, from the days since the last sweep (timelineDays, oldest first, today last),
 * the actions to do now and those to record as superseded. With one day, every action
 * of that day is due. Actions of one kind on the latest day of that kind are all due.
 */
export function chooseActions(days: readonly TimelineDay[]): ActionChoice {
  if (days.length === 0) return { due: [], superseded: [] };
  const today = days[days.length - 1];
  const byKind = new Map<string, { day: string; actions: TimelineAction[] }[]>();
  for (const day of days) {
    for (const action of day.actions) {
      const kind = actionKind(action);
      const group = byKind.get(kind) ?? [];
      const last = group[group.length - 1];
      if (last?.day === day.day) last.actions.push(action);
      else group.push({ day: day.day, actions: [action] });
      byKind.set(kind, group);
    }
  }
  const due = new Set<TimelineAction>();
  const superseded: SupersededAction[] = [];
  for (const group of byKind.values()) {
    const latest = group[group.length - 1].actions;
    const current = latest.filter((a) => holdsToday(a, today));
    for (const a of latest) if (!current.includes(a)) superseded.push({ action: a, by: null });
    for (const a of current) due.add(a);
    const by = current[0]?.key ?? null;
    for (const earlier of group.slice(0, -1)) for (const a of earlier.actions) superseded.push({ action: a, by });
  }
  // Keep the core's order (by day, then its stage order) for what is done.
  const ordered = days.flatMap((d) => d.actions);
  return { due: ordered.filter((a) => due.has(a)), superseded: ordered.flatMap((a) => superseded.filter((s) => s.action === a)) };
}
