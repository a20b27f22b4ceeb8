import { PlatformState1764400000000 } from './1764400000000-platform-state';

/** Every migration, in order. Reviewed code: generated with `npm run migration:generate`. */
export const migrations = [PlatformState1764400000000];
