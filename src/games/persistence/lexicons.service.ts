import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Refusal } from '../../common/refusal';
import type { Competition } from '../../competitions/competition.entity';
import { SETTINGS, type Settings } from '../../config/settings';
import { getTileSet, type Lexicon, type TileSet } from '../../engine';
import { WordTrieBuilder, readWordListTrie, type WordTrie } from '../../engine/word-trie';
import { wordTrieFromImage, wordTrieImage } from '../../engine/word-trie-image';
import { checkLexiconUpload, lexiconExists } from '../core/lexicon-upload';

type LexiconOf = Pick<Competition, 'lexicon' | 'tileSet'>;

/**
 * A list is read a megabyte at a time into the trie builder: a list of millions of words (OSPS,
 * 60 MB) is never held whole, nor decoded into a string that would outweigh the trie
 * (docs/scale.md "Word lists").
 */
const CHUNK_BYTES = 1024 * 1024;

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

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
   * The trie built from `list` for `tileSet`, kept as a binary image (engine/word-trie-image.ts)
   * so that the next instance reads it back instead of building it again: a list of millions of
   * words builds in most of a second of CPU and reads back in a few hundredths (docs/scale.md
   * "Word lists"). An image older than its list is built again.
   */
  private imageOf(list: string, tileSet: TileSet): string {
    return join(this.dir, 'images', `${basename(list, '.txt')}.${tileSet.id}.trie`);
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
      this.remember(key, competition, file, this.readSync(file, getTileSet(competition.tileSet)));
    }
    return this.loaded.get(key);
  }

  /** The competition's list, read without blocking; the same cache as forCompetition. The trie is what the move generator walks. */
  async wordList(competition: LexiconOf): Promise<WordTrie | undefined> {
    if (!competition.lexicon) return undefined;
    const key = `${competition.tileSet}:${competition.lexicon}`;
    if (!this.loaded.has(key)) {
      const file = this.fileOf(competition.lexicon);
      const trie = await this.read(file, getTileSet(competition.tileSet));
      // Another read may have filled it while this one waited on the disk.
      if (!this.loaded.has(key)) this.remember(key, competition, file, trie);
    }
    return this.loaded.get(key);
  }

  private remember(key: string, competition: LexiconOf, file: string, trie: WordTrie | undefined): void {
    if (trie === undefined) this.logger.warn(`lexicon "${competition.lexicon}" not found at ${file}: its words are not flagged`);
    // The trie (engine/word-trie.ts) builds a list of 267k words in a fifth of a second and one of
    // 4.3 million in under a second of CPU, reads its image back in hundredths, and checks a word in
    // under a microsecond of CPU (npm run bench:lexicon, docs/scale.md "Word lists").
    this.loaded.set(key, trie);
  }

  /** The list in `file` as a trie: its image when one is current, else read a chunk at a time and imaged. */
  private readSync(file: string, tileSet: TileSet): WordTrie | undefined {
    const image = this.imageOf(file, tileSet);
    try {
      if (statSync(image).mtimeMs >= statSync(file).mtimeMs) {
        const trie = wordTrieFromImage(readFileSync(image), tileSet);
        if (trie) return trie;
      }
    } catch (error) {
      if (!missing(error)) throw error;
    }
    const trie = this.buildSync(file, tileSet);
    if (trie) {
      try {
        mkdirSync(join(this.dir, 'images'), { recursive: true });
        writeFileSync(`${image}.${process.pid}`, wordTrieImage(trie));
        renameSync(`${image}.${process.pid}`, image);
      } catch (error) {
        this.logger.warn(`lexicon image ${image} not written: ${(error as Error).message}`);
      }
    }
    return trie;
  }

  /** The list in `file` as a trie, read a chunk at a time; undefined when there is no such file. */
  private buildSync(file: string, tileSet: TileSet): WordTrie | undefined {
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
    try {
      return readWordListTrie(tileSet, (into) => readSync(fd, into), CHUNK_BYTES, fstatSync(fd).size);
    } finally {
      closeSync(fd);
    }
  }

  /** {@link readSync} without blocking on the disk. */
  private async read(file: string, tileSet: TileSet): Promise<WordTrie | undefined> {
    const image = this.imageOf(file, tileSet);
    try {
      if ((await stat(image)).mtimeMs >= (await stat(file)).mtimeMs) {
        const trie = wordTrieFromImage(await readFile(image), tileSet);
        if (trie) return trie;
      }
    } catch (error) {
      if (!missing(error)) throw error;
    }
    const trie = await this.build(file, tileSet);
    if (trie) {
      try {
        await mkdir(join(this.dir, 'images'), { recursive: true });
        await writeFile(`${image}.${process.pid}`, wordTrieImage(trie));
        await rename(`${image}.${process.pid}`, image);
      } catch (error) {
        this.logger.warn(`lexicon image ${image} not written: ${(error as Error).message}`);
      }
    }
    return trie;
  }

  /** {@link buildSync} without blocking on the disk. */
  private async build(file: string, tileSet: TileSet): Promise<WordTrie | undefined> {
    const handle = await open(file, 'r').catch((error: unknown) => {
      if (missing(error)) return undefined;
      throw error;
    });
    if (handle === undefined) return undefined;
    try {
      const trie = new WordTrieBuilder(tileSet, (await handle.stat()).size);
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      for (
        let n = (await handle.read(buffer, 0, CHUNK_BYTES)).bytesRead;
        n > 0;
        n = (await handle.read(buffer, 0, CHUNK_BYTES)).bytesRead
      ) {
        trie.addBytes(buffer.subarray(0, n));
      }
      return trie.finish();
    } finally {
      await handle.close();
    }
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
