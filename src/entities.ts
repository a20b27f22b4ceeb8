import { AuditEntry } from './audit/audit.entity';
import { Case } from './arbiter/case.entity';
import { Penalty } from './arbiter/penalty.entity';
import { Ruling } from './arbiter/ruling.entity';
import { AccountJoin } from './auth/account-join.entity';
import { ApiKey } from './auth/api-key.entity';
import { LoginLink } from './auth/login-link.entity';
import { UserEmail } from './auth/user-email.entity';
import { User } from './auth/user.entity';
import { WebSession } from './auth/web-session.entity';
import { Result } from './games/entities/result.entity';
import { Competition } from './competitions/competition.entity';
import { Group } from './competitions/group.entity';
import { PlayerEmail } from './players/player-email.entity';
import { Player } from './players/player.entity';
import { Registration } from './competitions/registration.entity';
import { Sequence } from './competitions/sequence.entity';
import { ActionReceipt } from './games/entities/action-receipt.entity';
import { Claim } from './games/entities/claim.entity';
import { Challenge } from './games/entities/challenge.entity';
import { Dispute } from './games/entities/dispute.entity';
import { GameConditional } from './games/entities/game-conditional.entity';
import { GameLine } from './games/entities/game-line.entity';
import { Game } from './games/entities/game.entity';
import { GameAnalysis } from './games/entities/game-analysis.entity';
import { Holiday } from './games/entities/holiday.entity';
import { LongThinkingNotice } from './games/entities/long-thinking-notice.entity';
import { Move } from './games/entities/move.entity';
import { Offer } from './games/entities/offer.entity';
import { InboundMail } from './mail/inbound-mail.entity';
import { OutboundMail } from './notifications/outbound-mail.entity';
import { GameEventRow } from './notifications/game-event.entity';
import { PlatformState } from './database/platform-state.entity';
import { SpecialLeave } from './games/entities/special-leave.entity';
import { StateDeclaration } from './thinking-time/state-declaration.entity';
import { SweepCursor } from './thinking-time/sweep-cursor.entity';
import { SweepPlan } from './thinking-time/sweep-plan.entity';
import { TimelineAction } from './thinking-time/timeline-action.entity';
import { UptimeSpan } from './thinking-time/uptime-span.entity';
import { PlatformOutage } from './thinking-time/platform-outage.entity';
import { TournamentPlan } from './tournaments/tournament-plan.entity';
import { TournamentRound } from './tournaments/tournament-round.entity';
import { RankingGame } from './ranking/ranking-game.entity';
import { RankingPoint } from './ranking/ranking-point.entity';
import { RankingSetting } from './ranking/ranking-setting.entity';
import { RankingStanding } from './ranking/ranking-standing.entity';
import { RecordAttempt } from './records/record-attempt.entity';
import { RecordReceipt } from './records/record-receipt.entity';
import { RecordTurn } from './records/record-turn.entity';

/** Every entity of the platform; features add theirs here. */
export const entities = [
  PlatformState,
  // competitions and identity
  User,
  UserEmail,
  ApiKey,
  Player,
  PlayerEmail,
  AccountJoin,
  Competition,
  Group,
  Registration,
  Sequence,
  // tournaments in rounds (docs/rules.md §11.6)
  TournamentPlan,
  TournamentRound,
  // games, disputes, results and the arbiter
  Game,
  GameConditional,
  GameLine,
  Move,
  GameAnalysis,
  ActionReceipt,
  Holiday,
  LongThinkingNotice,
  Offer,
  Dispute,
  Challenge,
  Claim,
  Case,
  Ruling,
  Penalty,
  AuditEntry,
  OutboundMail,
  GameEventRow,
  Result,
  // mail transport
  InboundMail,
  // the thinking-time sweep, heartbeat and arbiter time controls (docs/sweep.md)
  TimelineAction,
  SweepCursor,
  SweepPlan,
  UptimeSpan,
  PlatformOutage,
  SpecialLeave,
  StateDeclaration,
  // the federations' rankings (docs/rules.md §12.1)
  RankingSetting,
  RankingStanding,
  RankingGame,
  RankingPoint,
  // the web: sessions and magic login links
  WebSession,
  LoginLink,
  // record attempts in a one-player game (docs/rules.md §14)
  RecordAttempt,
  RecordTurn,
  RecordReceipt,
];
