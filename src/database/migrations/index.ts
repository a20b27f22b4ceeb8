import { PlatformState1764400000000 } from './1764400000000-platform-state';
import { CompetitionsAndIdentity1764500000000 } from './1764500000000-competitions-and-identity';
import { Games1764600000000 } from './1764600000000-games';
import { Mail1764700000000 } from './1764700000000-mail';
import { ThinkingTime1764800000000 } from './1764800000000-thinking-time';
import { Web1764900000000 } from './1764900000000-web';
import { PlayerMailDigest1764950000000 } from './1764950000000-player-mail-digest';
import { MailDigest1765000000000 } from './1765000000000-mail-digest';
import { PlayerAddressConfirmation1765100000000 } from './1765100000000-player-address-confirmation';
import { ApiKeyExpiry1765300000000 } from './1765300000000-api-key-expiry';
import { PlatformOutage1765800000000 } from './1765800000000-platform-outage';
import { OfferCooldown1765900000000 } from './1765900000000-offer-cooldown';
import { SweepPlan1766200000000 } from './1766200000000-sweep-plan';
import { MoveNote1766320000000 } from './1766320000000-move-note';
import { GameConditionals1766400000000 } from './1766400000000-game-conditionals';
import { GameAnalysis1766450000000 } from './1766450000000-game-analysis';
import { ReceiptActor1766500000000 } from './1766500000000-receipt-actor';
import { AccountConsent1766510000000 } from './1766510000000-account-consent';
import { ArbiterCaseMail1766520000000 } from './1766520000000-arbiter-case-mail';
import { PfsRules1766590000000 } from './1766590000000-pfs-rules';
import { GameEvents1766640000000 } from './1766640000000-game-events';
import { TournamentRounds1766650000000 } from './1766650000000-tournament-rounds';
import { RoundEliminations1766655000000 } from './1766655000000-round-eliminations';
import { PolishLanguage1766660000000 } from './1766660000000-polish-language';
import { FederationRanking1766670000000 } from './1766670000000-federation-ranking';
import { RecordAttempts1766680000000 } from './1766680000000-record-attempts';
import { CompetitionEvents1766700000000 } from './1766700000000-competition-events';

/** Every migration, in order. Reviewed code: generated with `npm run migration:generate`. */
export const migrations = [
  PlatformState1764400000000,
  CompetitionsAndIdentity1764500000000,
  Games1764600000000,
  Mail1764700000000,
  ThinkingTime1764800000000,
  Web1764900000000,
  PlayerMailDigest1764950000000,
  MailDigest1765000000000,
  PlayerAddressConfirmation1765100000000,
  ApiKeyExpiry1765300000000,
  PlatformOutage1765800000000,
  OfferCooldown1765900000000,
  SweepPlan1766200000000,
  MoveNote1766320000000,
  GameConditionals1766400000000,
  GameAnalysis1766450000000,
  ReceiptActor1766500000000,
  AccountConsent1766510000000,
  ArbiterCaseMail1766520000000,
  PfsRules1766590000000,
  GameEvents1766640000000,
  TournamentRounds1766650000000,
  RoundEliminations1766655000000,
  PolishLanguage1766660000000,
  FederationRanking1766670000000,
  RecordAttempts1766680000000,
  CompetitionEvents1766700000000,
];
