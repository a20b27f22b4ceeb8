// Every mail template and its view model (docs/mail-rules.md 19): the game's mails of models.ts,
// the answers to a player's mail of reply-models.ts, the account's mails of account-models.ts and
// the sweep's notices of sweep-models.ts together; renderMail is typed by this map. It sits above
// those files, so that each imports models.ts one way only.
import type {
  ArbiterCasesModel,
  ArbiterRulingModel,
  ClaimAnsweredModel,
  DailyDigestModel,
  DisputeAdmittedModel,
  DisputeAppealedModel,
  DisputeContestModel,
  DisputeRuledModel,
  EscalationModel,
  GameEndModel,
  GameNoticeModel,
  GameStartModel,
  HolidayNoticeModel,
  LongThinkingNoticeModel,
  MoveConfirmationModel,
  MoveRejectionModel,
  ObjectionDecidedModel,
  OfferAnswerModel,
  OfferModel,
  ReminderModel,
  YourMoveModel,
} from '../../notifications/models/models';
import type {
  AccountChangedModel,
  AccountJoinModel,
  AddressAddedModel,
  AddressConfirmationModel,
  IdentityChangedModel,
  MagicLinkModel,
} from '../../notifications/models/account-models';
import type {
  CommandHelpModel,
  GameFinishedModel,
  MoveConfirmationRequestModel,
  NotYourTurnModel,
  StaleTokenModel,
  TooLargeModel,
  UnknownTokenModel,
  WrongSenderModel,
} from '../../notifications/models/reply-models';
import { SWEEP_MAIL_TEMPLATE_NAMES, type SweepMailModels } from '../../notifications/models/sweep-models';
import { ROUND_MAIL_TEMPLATE_NAMES, type RoundMailModels } from '../../notifications/models/rounds-models';

export interface MailModels extends SweepMailModels, RoundMailModels {
  'game-start': GameStartModel;
  'your-move': YourMoveModel;
  'move-confirmation': MoveConfirmationModel;
  'move-rejection': MoveRejectionModel;
  reminder: ReminderModel;
  escalation: EscalationModel;
  'holiday-notice': HolidayNoticeModel;
  'long-thinking-notice': LongThinkingNoticeModel;
  offer: OfferModel;
  'offer-answer': OfferAnswerModel;
  'dispute-contest': DisputeContestModel;
  'dispute-admitted': DisputeAdmittedModel;
  'dispute-appealed': DisputeAppealedModel;
  'dispute-ruled': DisputeRuledModel;
  'game-end': GameEndModel;
  'arbiter-ruling': ArbiterRulingModel;
  'magic-link': MagicLinkModel;
  'daily-digest': DailyDigestModel;
  'command-help': CommandHelpModel;
  'rejection-unknown-token': UnknownTokenModel;
  'rejection-stale-token': StaleTokenModel;
  'rejection-wrong-sender': WrongSenderModel;
  'rejection-not-your-turn': NotYourTurnModel;
  'rejection-game-finished': GameFinishedModel;
  'rejection-too-large': TooLargeModel;
  'game-notice': GameNoticeModel;
  'move-confirmation-request': MoveConfirmationRequestModel;
  'address-confirmation': AddressConfirmationModel;
  'address-added': AddressAddedModel;
  'account-join': AccountJoinModel;
  'account-changed': AccountChangedModel;
  'identity-changed': IdentityChangedModel;
  'claim-answered': ClaimAnsweredModel;
  'objection-decided': ObjectionDecidedModel;
  'arbiter-cases': ArbiterCasesModel;
}

export type MailTemplateName = keyof MailModels;

export const MAIL_TEMPLATE_NAMES: readonly MailTemplateName[] = [
  'game-start',
  'your-move',
  'move-confirmation',
  'move-rejection',
  'reminder',
  'escalation',
  'holiday-notice',
  'long-thinking-notice',
  'offer',
  'offer-answer',
  'dispute-contest',
  'dispute-admitted',
  'dispute-appealed',
  'dispute-ruled',
  'game-end',
  'arbiter-ruling',
  'magic-link',
  'daily-digest',
  'command-help',
  'rejection-unknown-token',
  'rejection-stale-token',
  'rejection-wrong-sender',
  'rejection-not-your-turn',
  'rejection-game-finished',
  'rejection-too-large',
  'game-notice',
  'move-confirmation-request',
  'address-confirmation',
  'address-added',
  'account-join',
  'account-changed',
  'identity-changed',
  'claim-answered',
  'objection-decided',
  'arbiter-cases',
  ...SWEEP_MAIL_TEMPLATE_NAMES,
  ...ROUND_MAIL_TEMPLATE_NAMES,
];
