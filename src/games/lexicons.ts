import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Competition } from '../competitions/competition.entity';
import { SETTINGS, type Settings } from '../config/settings';
import { getTileSet, loadWordList, type Lexicon } from './engine';

/**
 * The word list a competition names (RULES.md §3: fixed for its whole duration), read once
 * from `DATA_DIR/lexicons/<name>.txt`, one word per line. Words missing from it are flagged
 * to the opponent as contestable, never refused (RULES.md §6).
 */
@Injectable()
export class Lexicons {
  private readonly logger = new Logger('Lexicons');
  private readonly loaded = new Map<string, Lexicon | undefined>();

  constructor(@Inject(SETTINGS) private readonly settings: Pick<Settings, 'dataDir'>) {}

  forCompetition(competition: Pick<Competition, 'lexicon' | 'tileSet'>): Lexicon | undefined {
    if (!competition.lexicon) return undefined;
    const key = `${competition.tileSet}:${competition.lexicon}`;
    if (!this.loaded.has(key)) {
      // basename: a lexicon name never reaches outside the lexicon folder.
      const file = join(this.settings.dataDir, 'lexicons', `${basename(competition.lexicon)}.txt`);
      if (existsSync(file)) {
        this.loaded.set(key, loadWordList(readFileSync(file, 'utf8'), getTileSet(competition.tileSet)));
      } else {
        this.logger.warn(`lexicon "${competition.lexicon}" not found at ${file}: its words are not flagged`);
        this.loaded.set(key, undefined);
      }
    }
    return this.loaded.get(key);
  }
}
