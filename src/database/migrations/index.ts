import { PlatformState1764400000000 } from './1764400000000-platform-state';
import { CompetitionsAndIdentity1764500000000 } from './1764500000000-competitions-and-identity';
import { Games1764600000000 } from './1764600000000-games';
import { Mail1764700000000 } from './1764700000000-mail';
import { ThinkingTime1764800000000 } from './1764800000000-thinking-time';

/** Every migration, in order. Reviewed code: generated with `npm run migration:generate`. */
export const migrations = [PlatformState1764400000000, CompetitionsAndIdentity1764500000000, Games1764600000000, Mail1764700000000, ThinkingTime1764800000000];
