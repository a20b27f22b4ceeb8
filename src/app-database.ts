import type { DatabaseSettings } from './config/settings';
import { openDatabase, type OpenedDatabase } from './database/open-database';
import { entities } from './entities';

/** The platform's database with every feature's tables: `database/` itself knows no feature. */
export function openAppDatabase(settings: DatabaseSettings, options?: { migrate?: boolean }): Promise<OpenedDatabase> {
  return openDatabase(settings, entities, options);
}
