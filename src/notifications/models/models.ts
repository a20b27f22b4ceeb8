// View models of the mail templates (docs/mail-rules.md 19): plain JSON data, stored as the outbox row's
// payload and rendered when the mail is sent. Build them with views.ts from engine data; the
// templates under templates/mail/{ro,en}/ only lay them out. Here the views and the game's
// mails; the answers to a player's mail are in reply-models.ts, the account's in account-models.ts.
import type { SheetEndReason } from '../../engine/sheet';
import type { Color } from '../../engine/types';
import type { Settings } from '../../config/settings';
import type { LocalDate } from '../../common/calendar';

/** What names the game in the thread subject (docs/mail-rules.md 18) and links to its page: read by games/model/game-mail-view.ts. */
/**
 * What names a game in each of its mails: the constant thread subject of docs/mail-rules.md 18
 * and the link to its page (games/model/game-mail-view.ts reads it from a stored game).
 */
export interface GameMailView {
  /** Competition as players know it: `CN 2027`. */
  readonly competition: string;
  /** The group's name without the word "group": `A`. */
  readonly group?: string;
  readonly red: string;
  readonly blue: string;
  readonly gameUrl: string;
}

export type GameView = GameMailView;

/** The settings a game's mail model reads: links and reply addresses. */
export type MailSettings = Pick<Settings, 'publicUrl' | 'secret' | 'mailReplyAddress'>;

/**
 * The board, compact: 15 rows of 15 characters, `.` for an empty square, upper case for a
 * tile, lower case for a blank (docs/rules.md §3). `fresh` names the squares of the last move.
 */
export interface BoardView {
  readonly rows: readonly string[];
  readonly fresh?: readonly string[];
}

/** The dealt sequence (docs/rules.md §2), one character a tile (`?` = blank), and who took each. */
export interface SequenceView {
  readonly tiles: string;
  /** One character a tile: `r` RED, `b` BLUE, `.` not taken yet. */
  readonly takenBy: string;
}

export interface WordView {
  /** `h8` across, `8h` down. */
  readonly coord: string;
  readonly word: string;
  readonly score: number;
}

/** A move as every mail shows it (docs/rules.md §3 "what every move carries"). */
export interface MoveView {
  readonly n: number;
  readonly tour: number;
  readonly player: Color;
  readonly playerName: string;
  /** `h8 CASA` or `PAS`. */
  readonly notation: string;
  readonly pass: boolean;
  /** Main word first, then the adjacent words, each with its position and score. */
  readonly words: readonly WordView[];
  readonly score: number;
  /** The score written to the total (docs/rules.md §2: capped in tours I–II); equals `score` otherwise. */
  readonly recorded: number;
  readonly bingo: boolean;
  /** Letters used, in sequence order, `?` = blank. */
  readonly tilesUsed: readonly string[];
  /** The mover's running total after the move. */
  readonly total: number;
}

export interface PerColor<T> {
  readonly red: T;
  readonly blue: T;
}

/** docs/rules.md §5: thinking days for the whole game. */
export interface ClockView {
  readonly used: number;
  readonly left: number;
  readonly onHoliday?: boolean;
  readonly longThinking?: boolean;
}

export interface ClocksView extends PerColor<ClockView> {
  /** Days allowed for the game (docs/rules.md §5: 50). */
  readonly limit: number;
}

/** The dates a player acts by (docs/rules.md §5 silence, §7 closing). Any may be absent. */
export interface DeadlinesView {
  /** Without an answer by then, the move is sent again (day 15). */
  readonly reminder?: LocalDate;
  /** Without an answer by then, the arbiter is told (day 30). */
  readonly escalation?: LocalDate;
  /** The competition's closing date. */
  readonly closing?: LocalDate;
  /** docs/rules.md §5: holiday rights are lost one month before the closing date. */
  readonly holidayRightsEnd?: LocalDate;
}

/** Everything a player needs to move (docs/mail-rules.md 19). */
export interface PositionView {
  readonly board: BoardView;
  /** The recipient's rack, in sequence order, `?` = blank. */
  readonly rack: string;
  readonly sequence: SequenceView;
  readonly lastMove?: MoveView;
  readonly totals: PerColor<number>;
  /** Tiles of the sequence nobody has taken yet. */
  readonly tilesLeft: number;
}

/** docs/rules.md §6: a live line of a disputed game. */
export interface LineView {
  readonly label: 'A' | 'B';
  readonly position: PositionView;
}

/** Where and how to answer (docs/mail-rules.md 1, 17). */
export interface ReplyView {
  /** Reply-To with the token. */
  readonly address: string;
  /** `mailto:` link with the thread subject, for the digest and the HTML part. */
  readonly mailto: string;
}

/** The parts every game mail has. */
export interface GameMailModel {
  readonly game: GameView;
  /** The recipient's colour in this game. */
  readonly you: Color;
}

export interface GameStartModel extends GameMailModel {
  readonly arbiter: string;
  readonly tileSet: string;
  readonly startDate: LocalDate;
  /**
   * The start day when the mail is written before it: a move sent earlier is refused
   * (NOT_STARTED, docs/rules.md §5), so the mail says from when to reply instead of inviting one now.
   */
  readonly playsFrom?: LocalDate;
  readonly closingDate: LocalDate;
  readonly thinkingDays: number;
  /** docs/rules.md §2: the tour I–II score caps apply. */
  readonly handicap: boolean;
  /** docs/rules.md §5: holidays declared on the sheet, both ends included. */
  readonly holidays?: PerColor<readonly { readonly from: LocalDate; readonly to: LocalDate }[]>;
  readonly sequence: SequenceView;
  readonly rack: string;
  readonly board: BoardView;
  readonly deadlines: DeadlinesView;
  readonly reply: ReplyView;
}

export interface YourMoveModel extends GameMailModel {
  readonly tour: number;
  /** The move asked for (1 = RED's first). */
  readonly moveNumber: number;
  /** One position, or (docs/rules.md §6) one per live line while a dispute is open. */
  readonly position?: PositionView;
  readonly lines?: readonly LineView[];
  readonly clocks: ClocksView;
  readonly deadlines: DeadlinesView;
  readonly reply: ReplyView;
  /** The notes the partner wrote with the moves just played. */
  readonly partnerNotes?: readonly { readonly notation: string; readonly note: string }[];
}

/** Day 15 of silence (docs/rules.md §5): the move is sent again. */
export interface ReminderModel extends YourMoveModel {
  readonly silentDays: number;
}

/** Each word of a move against the competition's list, as the mails print it. */
export type MailWordCheck = { readonly list: boolean; readonly words: readonly { readonly word: string; readonly inList: boolean }[] };

export interface MoveConfirmationModel extends GameMailModel {
  readonly move: MoveView;
  /** The recipient's rack after refilling. */
  readonly rack: string;
  readonly totals: PerColor<number>;
  readonly clocks: ClocksView;
  /** Thinking days this move cost (docs/rules.md §5). */
  readonly thinkingDays: number;
  /** docs/rules.md §3: the score the player wrote, when it differs from ours. */
  readonly declaredScore?: number;
  /** docs/rules.md §6: the line the move was played in, while two are live. */
  readonly line?: 'A' | 'B';
  /** Each word of the move against the competition's list (absent for a pass). */
  readonly wordCheck?: MailWordCheck;
}

/** A refused move (docs/rules.md §3 technical errors), with the engine's reason. */
export interface MoveRejectionModel extends GameMailModel {
  /** The move as the player wrote it. */
  readonly written: string;
  readonly reason: ReasonView;
  readonly position: PositionView;
  readonly reply: ReplyView;
}

export interface ReasonView {
  /** The engine's error code (EngineErrorCode) or the platform's refusal code. */
  readonly code: string;
  /** The explanation in the recipient's language. */
  readonly message: string;
}

/** Day 30 of silence (docs/rules.md §5): the arbiter is told. */
export interface EscalationModel extends GameMailModel {
  readonly silent: Color;
  readonly silentDays: number;
  /** The day the awaited move's clock started (the last move sent, or the start). */
  readonly since: LocalDate;
}

/** docs/rules.md §5: the partner is told of a holiday. */
export interface HolidayNoticeModel extends GameMailModel {
  readonly player: Color;
  readonly from: LocalDate;
  readonly to: LocalDate;
  readonly days: number;
  /** A declared holiday was changed. */
  readonly changed?: boolean;
}

/** docs/rules.md §5: more than 10 days of thinking on one move, announced to the partner. */
export interface LongThinkingNoticeModel extends GameMailModel {
  readonly player: Color;
  readonly from: LocalDate;
  readonly days: number;
}

export type OfferKind = 'draw' | 'interrupt';

export interface OfferModel extends GameMailModel {
  readonly offer: OfferKind;
  readonly reply: ReplyView;
}

export interface OfferAnswerModel extends GameMailModel {
  readonly offer: OfferKind;
  readonly accepted: boolean;
}

/** docs/rules.md §6, step 1: the recipient's move is contested, with the provisional reply. */
export interface DisputeContestModel extends GameMailModel {
  readonly contested: MoveView;
  readonly words: readonly string[];
  readonly provisionalReply: MoveView;
  /** A: the contested move stands (after the provisional reply); B: it is replaced. */
  readonly lines: readonly LineView[];
  readonly reply: ReplyView;
}

/** docs/rules.md §6: the author admitted; the provisional reply is void, the contester moves again. */
export interface DisputeAdmittedModel extends GameMailModel {
  readonly withdrawn: MoveView;
  readonly replacement: MoveView;
  readonly position: PositionView;
  readonly reply: ReplyView;
}

/** docs/rules.md §6: the arbiter is asked; play goes on in both lines. */
export interface DisputeAppealedModel extends GameMailModel {
  readonly words: readonly string[];
  readonly lines: readonly LineView[];
  readonly reply: ReplyView;
}

/** docs/rules.md §6: the arbiter ruled; one line is kept. */
export interface DisputeRuledModel extends GameMailModel {
  readonly words: readonly { readonly word: string; readonly valid: boolean }[];
  readonly kept: 'A' | 'B';
  readonly arbiter: string;
  readonly comment?: string;
  readonly totals: PerColor<number>;
  /** Only when the recipient has a move to make: then the marker and how to reply. */
  readonly reply?: ReplyView;
}

export interface GameEndModel extends GameMailModel {
  readonly reason: SheetEndReason;
  /** The player an abandonment, time forfeit or no-show is about. */
  readonly by?: Color;
  /** The last move of a game ended on the board, with its words and score. */
  readonly lastMove?: MoveView;
  /** The recipient played `lastMove`: this mail is its confirmation, no other is sent. */
  readonly yours?: boolean;
  readonly totals: PerColor<number>;
  /** docs/rules.md §4: rack points moved at the end. */
  readonly endAdjustment?: PerColor<number>;
  readonly scores: PerColor<number>;
  readonly thinkingDays: PerColor<number>;
  /** docs/rules.md §7, in ten-thousandths (coefficients.ts). */
  readonly coefficients?: PerColor<number>;
  /** docs/rules.md §8: CONFIRM or OBIECTIE by this day. */
  readonly confirmBy?: LocalDate;
  readonly reply: ReplyView;
}

export interface ArbiterRulingModel {
  readonly game?: GameView;
  /** What the case is about, in a few words: the mail's first line. */
  readonly title: string;
  readonly decision: string;
  readonly effects?: readonly string[];
  readonly arbiter: string;
  /** docs/rules.md §6: a decision that ends the game, or taken after it, may be appealed. */
  readonly appealable: boolean;
  readonly appealBy?: LocalDate;
  /** Only when the recipient has a move to make: then the marker and how to reply. */
  readonly reply?: ReplyView;
}

export interface DigestGameView extends GameMailModel {
  readonly tour: number;
  readonly position: PositionView;
  readonly clocks: ClocksView;
  readonly deadlines: DeadlinesView;
  readonly reply: ReplyView;
}

/** One notification folded into the digest: its game's thread subject and its first line. */
export interface DigestEventView {
  readonly subject: string;
  /** The event's whole text, what the player may do included (docs/mail-rules.md 17): never cut. */
  readonly summary: string;
  /** The game's reply address, for acting on the event (a claim, a declaration). */
  readonly reply?: ReplyView;
}

/** docs/mail-rules.md 17: one mail listing every game awaiting the player. */
export interface DailyDigestModel {
  readonly name: string;
  readonly day: LocalDate;
  readonly games: readonly DigestGameView[];
  /** What happened since the last digest, oldest first. */
  readonly events?: readonly DigestEventView[];
}

/** docs/mail-rules.md 20: one case for the arbiter, as their mail lists it (arbiter/core/case-notices.ts). */
export interface ArbiterCaseView {
  readonly caseId: string;
  /** `opened`: new to the arbiter; `overdue`: its deadline passed without a decision. */
  readonly notice: 'opened' | 'overdue';
  readonly competition: string;
  readonly summary: string;
  readonly deadline: string;
  readonly overdue: boolean;
  readonly url: string;
}

/**
 * docs/mail-rules.md 20: the arbiter told of their cases — one case at once, or the day's in a
 * digest. It needs no answer: no reply marker, no reply address.
 */
export interface ArbiterCasesModel {
  readonly name: string;
  readonly subject: string;
  /** The digest's day; absent for a case mailed at once. */
  readonly day?: LocalDate;
  readonly cases: readonly ArbiterCaseView[];
  readonly dashboardUrl: string;
  readonly settingsUrl: string;
}

/** An event about a game without a template of its own (a time claim, a declaration, …), with the game's state. */
export interface GameNoticeModel extends GameMailModel {
  /** What happened, in the recipient's language: the mail's first line. */
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly position?: PositionView;
  readonly lines?: readonly LineView[];
  readonly clocks: ClocksView;
  readonly deadlines?: DeadlinesView;
  /** Absent once the game is over. */
  readonly reply?: ReplyView;
  readonly yourTurn?: boolean;
}

/** docs/rules.md §5: the accused answered a time claim; to the claimant and to the arbiter (claim-answers.service.ts). */
export interface ClaimAnsweredModel {
  /** The recipient. */
  readonly name: string;
  readonly game: GameView;
  readonly accused: string;
  readonly claimant: string;
  readonly text: string;
  readonly answeredOn: LocalDate;
  /** The last day of the 5 the rules give to answer. */
  readonly answerBy: LocalDate;
  readonly toArbiter: boolean;
}

/** docs/rules.md §7: the arbiter decided an objection to the final sheet, with a reason; to both players (results.service.ts). */
export interface ObjectionDecidedModel extends GameMailModel {
  /** The player who objected. */
  readonly objector: Color;
  readonly objection: string;
  readonly objectedOn: LocalDate;
  readonly upheld: boolean;
  readonly reason: string;
  readonly decidedOn: LocalDate;
  readonly arbiter: string;
}
