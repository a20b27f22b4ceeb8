// View models of the answers to a player's mail (docs/mail-rules.md 2-4, 10, 13, 16): the
// rejections, the command help and the confirmation request of a held move, written by
// mail/mail-decisions.service.ts. Plain JSON, stored as the outbox payload; the game's own mails
// are in models.ts.
import type { SheetEndReason } from '../../engine/sheet';
import type { Color } from '../../engine/types';
import type { GameMailModel, GameView, MailWordCheck, PerColor, PositionView, ReplyView } from './models';

/** docs/mail-rules.md 10: a reply without a command the parser understood. */
export interface CommandHelpModel {
  readonly game?: GameView;
  /** describeCommandRefusal(): what was wrong. */
  readonly problem: string;
  /** The first lines read from the reply, so the player sees what we saw. */
  readonly received: readonly string[];
  readonly reply?: ReplyView;
}

/** docs/mail-rules.md 2: a token that does not verify; nothing about any game is revealed. */
export interface UnknownTokenModel {
  /** The subject of the mail refused, so the player knows which one. */
  readonly receivedSubject: string;
}

/** docs/mail-rules.md 2: the token names an older move; the current position is attached. */
export interface StaleTokenModel extends GameMailModel {
  readonly tokenMove: number;
  readonly currentMove: number;
  readonly yourTurn: boolean;
  readonly position: PositionView;
  readonly reply?: ReplyView;
}

/** docs/mail-rules.md 3: sent to the registered address, never to the unknown sender. */
export interface WrongSenderModel extends GameMailModel {
  readonly sender: string;
}

export interface NotYourTurnModel extends GameMailModel {
  readonly toMove: Color;
}

export interface GameFinishedModel extends GameMailModel {
  readonly scores: PerColor<number>;
  readonly reason: SheetEndReason;
  readonly by?: Color;
}

/** docs/mail-rules.md 13. */
export interface TooLargeModel {
  readonly game?: GameView;
  readonly sizeBytes: number;
  readonly limitBytes: number;
}

/** docs/mail-rules.md 4: a move held after a DMARC failure, confirmed by one click on the web. */
export interface MoveConfirmationRequestModel {
  readonly game?: GameView;
  /** The command as the player wrote it, the lines read. */
  readonly written: readonly string[];
  readonly confirmUrl: string;
  /** Each word of the held move against the competition's list, before it is played. */
  readonly wordCheck?: MailWordCheck;
}
