// The models of the timeline's mails (mail/core/timeline-facts.ts): the sweep's reminders and
// notices and the declaration at the closing date, built from the event alone — the fact as the
// recipient hears it (`p`, event-mails.ts) and the game as the sweep held it (the snapshot).
import { toLocalDate } from '../../common/calendar';
import type { Color } from '../../common/color';
import type { JsonObject } from '../../common/json';
import { tourOf } from '../../engine/tour';
import type { LineView, MailModels, MailTemplateName, PositionView } from '../templates';
import type { ClosingProposalView } from '../../notifications/models/sweep-models';
import type { GameMail, GameMailContext } from './game-mail';
import { liveOf } from '../core/game-events';
import { num, str } from './game-notice-words';

const mail = <N extends MailTemplateName>(template: N, model: MailModels[N]): GameMail => ({
  template,
  model: model as MailModels[MailTemplateName],
});

const color = (v: unknown): Color => (v === 'blue' ? 'blue' : 'red');
const day = (v: unknown) => toLocalDate(str(v));

/** The mail of a timeline fact, or undefined for any other template. */
export function timelineMail(c: GameMailContext, template: string, p: JsonObject): GameMail | undefined {
  const { game, you } = c;
  switch (template) {
    case 'reminder': {
      // docs/rules.md §5 silence, day 15: "the move is sent again"; the reminder is this mail, what comes next the escalation.
      const { reminder: _sent, ...deadlines } = c.deadlines;
      const live = liveOf(c.snap, you) as { position?: PositionView; lines?: LineView[] };
      return mail('reminder', {
        game,
        you,
        tour: tourOf(c.snap.moveNumber),
        moveNumber: c.snap.moveNumber,
        ...(live.lines ? { lines: live.lines } : { position: live.position! }),
        clocks: c.clocks,
        deadlines,
        reply: c.reply,
        silentDays: num(p.silentDays),
      });
    }
    case 'reminder-copy':
      return mail('reminder-copy', {
        game,
        you,
        silent: color(p.silent),
        move: num(p.move),
        since: day(p.since),
        silentDays: num(p.silentDays),
        ...(typeof p.escalation === 'string' && { escalation: day(p.escalation) }),
      });
    case 'escalation':
      return mail('escalation', { game, you, silent: color(p.silent), silentDays: num(p.silentDays), since: day(p.since) });
    case 'holiday-end':
      return mail('holiday-end', { game, you, player: color(p.player), from: day(p.from), to: day(p.to), resumesOn: day(p.resumesOn) });
    case 'long-thinking-end':
      return mail('long-thinking-end', {
        game,
        you,
        player: color(p.player),
        from: day(p.from),
        days: num(p.days),
        resumesOn: day(p.resumesOn),
      });
    case 'time-exceeded':
      return mail('time-exceeded', { game, you, player: color(p.player), used: num(p.used), limit: num(p.limit) });
    case 'closing-date': {
      // Days used and left alone, as the closing date's notice shows them.
      const one = (k: Color) => ({ used: c.clocks[k].used, left: c.clocks[k].left });
      return mail('closing-date', {
        game,
        you,
        closingDate: day(p.closingDate),
        declareBy: day(p.declareBy),
        clocks: { red: one('red'), blue: one('blue'), limit: c.clocks.limit },
      });
    }
    case 'report-window-closed': {
      const proposal = p.proposal as ClosingProposalView | undefined;
      const declared = Array.isArray(p.declared) ? p.declared.map(color) : [];
      return mail('report-window-closed', { game, you, ...(proposal && { proposal }), declared });
    }
    case 'state-declared':
      return mail('state-declared', { game, you, player: color(p.player), text: str(p.text), declaredOn: day(p.declaredOn) });
    default:
      return undefined;
  }
}
