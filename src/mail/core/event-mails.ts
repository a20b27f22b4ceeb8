// Who hears of a game fact, by which template, with what (docs/mail-rules.md 17): the one place
// that turns the facts of game-events.ts into the outbox's delivery rows, one a recipient.
import { COLORS, otherColor, type Color } from '../../common/color';
import type { JsonObject } from '../../common/json';
import type { GameFact } from './game-events';
import { isResultFact, resultMails, type ResultRecipient } from './result-facts';
import { timelineMails } from './timeline-facts';

/** One recipient's mail of a fact: the player's colour (or the competition's arbiter), the template and the row's payload. */
export interface EventMail {
  readonly to: ResultRecipient;
  readonly template: string;
  /** What the delivery row lists (the arbiter's outbox, the digest's rules): the fact as this recipient hears it. */
  readonly details: { readonly [key: string]: unknown };
}

/** The mails of one fact, in the order they are written. */
export function mailsOf(fact: GameFact): EventMail[] {
  switch (fact.kind) {
    case 'game-started': {
      const { sequence, startedOn, closingDate } = fact;
      return COLORS.map((to) => ({
        to,
        template: 'game-start',
        details: { opponent: fact.names[otherColor(to)], yourMove: to === 'red', sequence, startedOn, closingDate, rack: fact.racks[to] },
      }));
    }
    case 'move-played':
      return [
        {
          to: fact.by,
          template: 'move-confirmation',
          details: fact.contested
            ? { moves: fact.moves, contested: fact.contested }
            : { moves: fact.moves, turnComplete: fact.turnComplete ?? false },
        },
      ];
    case 'turn-passed':
      return [
        {
          to: fact.to,
          template: 'your-move',
          details: {
            ...(fact.owed && { owed: fact.owed }),
            ...(fact.lines && { lines: fact.lines }),
            lastMoves: fact.lastMoves,
            contestable: fact.contestable,
          },
        },
      ];
    case 'conditional-stored':
    case 'conditional-applied':
    case 'conditional-dropped':
      return [{ to: fact.owner, template: fact.kind, details: fact.details }];
    case 'challenge-verdict':
    case 'challenge-overridden': {
      const { challengeId, words, successful, move, overridden } = fact;
      const template = fact.kind === 'challenge-verdict' ? 'challenge-verdict' : 'challenge-override';
      return COLORS.map((to) => ({ to, template, details: { challengeId, words, successful, move, overridden } }));
    }
    case 'long-thinking-announced':
      return [
        { to: otherColor(fact.by), template: 'long-thinking-notice', details: { player: fact.player, from: fact.from, days: fact.days } },
      ];
    case 'time-claimed':
      return [
        {
          to: otherColor(fact.by),
          template: 'time-claim',
          details: { claimant: fact.claimant, daysUsed: fact.daysUsed, answerBy: fact.answerBy },
        },
        { to: fact.by, template: 'time-claim-confirmation', details: { daysUsed: fact.daysUsed } },
      ];
    case 'holiday-declared': {
      const { player, from, to, holidayKind: kind, replaced } = fact;
      return [
        ...(fact.partnerTold
          ? [{ to: otherColor(fact.by), template: 'holiday-notice', details: { player, from, to, kind, replaced } }]
          : []),
        ...(fact.confirmation ? [{ to: fact.by, template: 'holiday-confirmation', details: fact.confirmation }] : []),
      ];
    }
    case 'dispute-opened':
      return [{ to: otherColor(fact.by), template: 'contest', details: fact.details }];
    case 'dispute-admitted':
      return [{ to: otherColor(fact.by), template: 'contest-admitted', details: { words: fact.words, withdrawn: fact.withdrawn } }];
    case 'dispute-appealed':
      return [{ to: otherColor(fact.by), template: 'contest-appealed', details: { words: fact.words, lines: fact.lines } }];
    case 'ruling-made':
      return COLORS.map((to) => ({ to, template: 'ruling', details: fact.details }));
    case 'offer-made':
      return [{ to: otherColor(fact.by), template: 'offer', details: { offerId: fact.offerId, kind: fact.offer, by: fact.byName } }];
    case 'offer-answered':
      return [
        { to: fact.offerer, template: 'offer-answer', details: { offerId: fact.offerId, kind: fact.offer, accepted: fact.accepted } },
      ];
    case 'game-ended':
      // The move that ended the game is confirmed by its mover's game-end mail, never by a confirmation of its own.
      return COLORS.map((to) => ({
        to,
        template: 'game-end',
        details: {
          endReason: fact.endReason,
          ...fact.result,
          ...(fact.confirms?.color === to && { moves: fact.confirms.moves }),
        },
      }));
    default:
      // A claim's answer and the result's facts (result-facts.ts); the sweep's and the declaration at the closing date (timeline-facts.ts).
      return isResultFact(fact) ? resultMails(fact) : timelineMails(fact);
  }
}

/**
 * The facts that tell `color` what they may send now (docs/rules.md §6): the contested mover's
 * (admit or appeal), the contester's after an admission or an appeal; a "your move" beside them
 * would be a second voice.
 */
export function asksWhatToSend(fact: GameFact, color: Color): boolean {
  return (
    (fact.kind === 'dispute-opened' || fact.kind === 'dispute-admitted' || fact.kind === 'dispute-appealed') &&
    otherColor(fact.by) === color
  );
}

/**
 * The payload of a delivery row as the platform has always listed it: the game, the turn a reply
 * answers (its token's), the recipient's colour (a player's), then the fact as they hear it.
 */
export function rowPayload(gameId: string, fact: GameFact, mail: EventMail): JsonObject {
  return { gameId, turn: fact.turn, ...(mail.to !== 'arbiter' && { color: mail.to }), ...mail.details } as JsonObject;
}

/**
 * Who signs a fact's mails when it is not the competition's arbiter (docs/web.md "The arbiter's
 * name"): the user who decided an objection; null when the platform did, undefined when none signs.
 */
export function signerOf(fact: GameFact): string | null | undefined {
  return fact.kind === 'objection-decided' ? fact.decidedBy : undefined;
}
