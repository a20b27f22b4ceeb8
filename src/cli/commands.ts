import type { Command } from './command';
import { migrateCommand, versionCommand } from './platform.commands';

/** Every CLI command; features add theirs here. */
export const commands: readonly Command[] = [versionCommand, migrateCommand];
