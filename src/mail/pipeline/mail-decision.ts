// What the pipeline decides about one stored mail (docs/mail-rules.md 2-16), and where each
// outcome's message goes once the decision is written.
import type { JsonObject } from '../../common/json';
import type { Bilingual } from '../../engine';
import type { InboundMailStatus, MailFolder } from '../inbound-mail.entity';
import type { CommandRefusal, MailCommand } from '../parsing/commands';

/** Typed reasons a mail is refused or dropped (docs/mail-rules.md 16 and 5-7). */
export type MailReason =
  | 'TOO_LARGE'
  | 'MALFORMED'
  | 'NO_FROM'
  | 'OWN_ADDRESS'
  | 'AUTO_REPLY'
  | 'BOUNCE'
  | 'FORGED_BOUNCE'
  | 'UNKNOWN_TOKEN'
  | 'WRONG_SENDER'
  | 'STALE_TOKEN'
  | 'GAME_FINISHED'
  | 'NO_COMMAND'
  | 'DMARC_HELD'
  /** docs/mail-rules.md 9: an HTML-only reply that could not be made text within its time limit. */
  | 'UNREADABLE_HTML'
  | (string & {});

/** Who a rejection is written to: a registered address of the player, or all of them. */
export interface RejectionTarget {
  readonly playerId: string;
  /** null: every registered address of the player (docs/mail-rules.md 3: never the unknown sender). */
  readonly address: string | null;
}

interface GameContext {
  readonly gameId: string;
  readonly playerId: string;
}

/** A command read from a mail of the token's owner, as the games service is asked to perform it. */
export interface MailAction extends GameContext {
  readonly command: MailCommand;
  /** The turn the reply token named (docs/mail-rules.md 2). */
  readonly turn: number;
}

export type Decision =
  | ({
      readonly status: 'applied';
      readonly result: JsonObject;
      /** The mail's row was marked applied inside the action's frame (docs/mail-rules.md 11): nothing is left to record. */
      readonly recorded?: boolean;
    } & GameContext)
  /** docs/mail-rules.md 4: the parsed command waits for the player's click; `turn` is the token's. */
  | ({
      readonly status: 'held';
      readonly reason: 'DMARC_HELD';
      readonly target: RejectionTarget;
      readonly command: JsonObject;
      readonly turn: number;
      /** The player's lines as read, shown back in the confirmation request. */
      readonly written: readonly string[];
    } & GameContext)
  | {
      readonly status: 'dropped';
      readonly reason: MailReason;
      readonly bounce?: { readonly playerId: string | null; readonly gameId: string | null; readonly address: string | null };
    }
  | {
      readonly status: 'rejected';
      readonly reason: MailReason;
      readonly messages?: Bilingual;
      readonly gameId?: string;
      readonly playerId?: string;
      /** Nobody is answered without one: an unknown sender never hears back (docs/mail-rules.md 3). */
      readonly target?: RejectionTarget;
      /** What the player wrote, for the rejection-content key (docs/mail-rules.md 16). */
      readonly content?: string;
      readonly commandRefusal?: CommandRefusal;
      /** The turn the reply token named. */
      readonly tokenTurn?: number;
      /** A sender the token's owner never registered (docs/mail-rules.md 3). */
      readonly sender?: string;
    };

export type Rejection = Extract<Decision, { status: 'rejected' }>;

/** Where each outcome's message goes once decided (docs/mail-rules.md 14). */
export const FOLDER: Record<Exclude<InboundMailStatus, 'received'>, MailFolder> = {
  applied: 'Processed',
  held: 'Processed',
  duplicate: 'Processed',
  dropped: 'Rejected',
  rejected: 'Rejected',
  failed: 'Failed',
};
