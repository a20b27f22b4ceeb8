import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Refusal } from '../common/refusal';
import type { Competition } from '../competitions/competition.entity';
import { SETTINGS, type Settings } from '../config/settings';
import { getTileSet, type Lexicon } from './engine';
import { wordListTrie, type WordTrie } from './engine/word-trie';
import { checkLexiconUpload, lexiconExists } from './core/lexicon-upload';

type LexiconOf = Pick<Competition, 'lexicon' | 'tileSet'>;

/**
 * The word lists, one owner for their files: `DATA_DIR/lexicons/<name>.txt`, one word per
 * line, uploaded once and never replaced, read once per instance. The list a competition names
 * is fixed for its whole duration (docs/rules.md §3); words missing from it are flagged to the
 * opponent as contestable, never refused (docs/rules.md §6).
 */
@Injectable()
export class Lexicons {
  private readonly logger = new Logger('Lexicons');
  private readonly loaded = new Map<string, WordTrie | undefined>();

  constructor(@Inject(SETTINGS) private readonly settings: Pick<Settings, 'dataDir'>) {}

  private get dir(): string {
    return join(this.settings.dataDir, 'lexicons');
  }

  /** basename: a lexicon name never reaches outside the lexicon folder. */
  private fileOf(name: string): string {
    return join(this.dir, `${basename(name)}.txt`);
  }

  /**
   * The competition's list, read with sync fs on first use: the game session's loader asks for
   * it synchronously (game-session.ts); elsewhere read it with `wordList`.
   */
  forCompetition(competition: LexiconOf): Lexicon | undefined {
    if (!competition.lexicon) return undefined;
    const key = `${competition.tileSet}:${competition.lexicon}`;
    if (!this.loaded.has(key)) {
      const file = this.fileOf(competition.lexicon);
      this.remember(key, competition, file, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return this.loaded.get(key);
  }

  /** The competition's list, read without blocking; the same cache as forCompetition. The trie is what the move generator walks. */
  async wordList(competition: LexiconOf): Promise<WordTrie | undefined> {
    if (!competition.lexicon) return undefined;
    const key = `${competition.tileSet}:${competition.lexicon}`;
    if (!this.loaded.has(key)) {
      const file = this.fileOf(competition.lexicon);
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      // Another read may have filled it while this one waited on the disk.
      if (!this.loaded.has(key)) this.remember(key, competition, file, text);
    }
    return this.loaded.get(key);
  }

  private remember(key: string, competition: LexiconOf, file: string, text: string | undefined): void {
    if (text === undefined) this.logger.warn(`lexicon "${competition.lexicon}" not found at ${file}: its words are not flagged`);
    // The trie (engine/word-trie.ts) loads a list of 267k words in about a fifth of a second and
    // checks a word in about a microsecond (npm run bench:lexicon); a set of keys took three times longer to load.
    this.loaded.set(key, text === undefined ? undefined : wordListTrie(text, getTileSet(competition.tileSet)));
  }

  /** The lists on disk, by name: the competition forms and the upload page offer them. */
  async names(): Promise<string[]> {
    const files = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    return files
      .filter((f) => f.endsWith('.txt'))
      .map((f) => f.slice(0, -4))
      .sort();
  }

  /**
   * Stores a word list under its name (lexicon-upload.ts checks it first). Never over an existing
   * one: the file is created exclusively, so two uploads of one name cannot both win.
   */
  async upload(name: string, text: string): Promise<{ name: string; words: number }> {
    const upload = checkLexiconUpload(name, text);
    if (upload instanceof Refusal) throw upload;
    await mkdir(this.dir, { recursive: true });
    try {
      await writeFile(this.fileOf(upload.name), upload.text, { encoding: 'utf8', flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw lexiconExists(upload.name);
      throw error;
    }
    return { name: upload.name, words: upload.words };
  }
}
