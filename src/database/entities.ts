import { PlatformState } from './platform-state.entity';

/** Every entity of the platform; features add theirs here. */
export const entities = [PlatformState];
