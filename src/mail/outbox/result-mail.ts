// The models of a claim's answer and of the decision on an objection (mail/core/result-facts.ts),
// built from the event alone: the fact as the recipient hears it (`p`, event-mails.ts) and the
// game as the action left it. The result homologated is a game notice (game-mail.ts). The
// arbiter's copy of an answer names no player: it is built from the snapshot and their name.
import { toLocalDate } from '../../common/calendar';
import type { JsonObject } from '../../common/json';
import type { GameSnapshot } from '../core/game-events';
import type { MailModels } from '../templates';
import type { GameMail, GameMailContext } from './game-mail';
import { str } from './game-notice-words';

const day = (v: unknown) => toLocalDate(str(v));

/** docs/rules.md §5: the answer to a time claim, to `name` (the claimant, or the arbiter). */
function claimAnswered(snap: GameSnapshot, p: JsonObject, name: string, toArbiter: boolean): GameMail {
  const model: MailModels['claim-answered'] = {
    name,
    game: snap.game,
    accused: str(p.accused),
    claimant: str(p.claimant),
    text: str(p.text),
    answeredOn: day(p.answeredOn),
    answerBy: day(p.answerBy),
    toArbiter,
  };
  return { template: 'claim-answered', model };
}

/** A player's mail of a claim's or a result's fact, or undefined for any other template. */
export function resultMail(c: GameMailContext, template: string, p: JsonObject): GameMail | undefined {
  switch (template) {
    case 'claim-answered':
      return claimAnswered(c.snap, p, c.names[c.you], false);
    case 'objection-decided': {
      // Signed with the name of who decided when the mail goes out (OutboxComposer.signedNow).
      const model: MailModels['objection-decided'] = {
        game: c.game,
        you: c.you,
        objector: p.objector === 'blue' ? 'blue' : 'red',
        objection: str(p.objection),
        objectedOn: day(p.objectedOn),
        upheld: p.upheld === true,
        reason: str(p.reason),
        decidedOn: day(p.decidedOn),
        arbiter: c.snap.arbiter ?? '',
      };
      return { template: 'objection-decided', model };
    }
    default:
      return undefined;
  }
}

/** The arbiter's mail of a fact (`to: 'arbiter'`, event-mails.ts), greeting them by `name`, their name when it goes out. */
export function arbiterMail(snap: GameSnapshot, template: string, p: JsonObject, name: string): GameMail | undefined {
  return template === 'claim-answered' ? claimAnswered(snap, p, name, true) : undefined;
}
