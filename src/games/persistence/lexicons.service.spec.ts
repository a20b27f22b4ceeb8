import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Refusal } from '../../common/refusal';
import { getTileSet } from '../../engine/tile-sets';
import { buildWordTrie, type WordTrie } from '../../engine/word-trie';
import { wordTrieFromImage, wordTrieImage } from '../../engine/word-trie-image';
import { Lexicons } from './lexicons.service';

describe('Lexicons: the one owner of the word-list files', () => {
  let dataDir: string;
  let lexicons: Lexicons;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lexicons-'));
    lexicons = new Lexicons({ dataDir });
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('stores a list under its name, lists it, and never replaces it', async () => {
    expect(await lexicons.names()).toEqual([]);
    expect(await lexicons.upload('Test-RO', 'CASA\nMASĂ')).toEqual({ name: 'test-ro', words: 2 });
    expect(await lexicons.names()).toEqual(['test-ro']);
    const again = await lexicons.upload('test-ro', 'ALTA\n').catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Refusal);
    expect((again as Refusal).code).toBe('LEXICON_EXISTS');
    expect(await readFile(join(dataDir, 'lexicons', 'test-ro.txt'), 'utf8')).toBe('CASA\nMASĂ\n');
  });

  it('of two uploads of one name at once, one is stored and the other refused', async () => {
    const both = await Promise.allSettled([lexicons.upload('dublu', 'UNU\n'), lexicons.upload('dublu', 'DOI\n')]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await readFile(join(dataDir, 'lexicons', 'dublu.txt'), 'utf8')).toMatch(/^(UNU|DOI)\n$/);
  });

  it('writes nothing for a refused list', async () => {
    await expect(lexicons.upload('../evil', 'CASA\n')).rejects.toBeInstanceOf(Refusal);
    await expect(lexicons.upload('gol', '\n')).rejects.toBeInstanceOf(Refusal);
    expect(await lexicons.names()).toEqual([]);
  });

  it('reads the list a competition names, without blocking or synchronously, from one cache', async () => {
    await lexicons.upload('dex', 'CASA\nMASĂ\n');
    const competition = { lexicon: 'dex', tileSet: 'ro' } as const;
    const read = await lexicons.wordList(competition);
    expect([read?.has('casa'), read?.has('masa'), read?.has('ALTA')]).toEqual([true, true, false]);
    expect(lexicons.forCompetition(competition)).toBe(read);
    expect(await lexicons.wordList({ lexicon: 'lipsa', tileSet: 'ro' })).toBeUndefined();
    expect(await lexicons.wordList({ lexicon: null, tileSet: 'ro' })).toBeUndefined();
  });

  it('reads a Polish list past its first megabyte, a letter cut by the read in between, the same both ways', async () => {
    // 349,525 lines of "AB\n" fill 1 MiB less one byte: the read of a megabyte ends inside Ż (C5 BB).
    const text = `${'AB\n'.repeat(349_525)}ŻÓŁW\r\nźdźbło\nvan\n`;
    expect(Buffer.from(text).indexOf(Buffer.from('Ż'))).toBe(1024 * 1024 - 1);
    await mkdir(join(dataDir, 'lexicons'));
    await writeFile(join(dataDir, 'lexicons', 'osps.txt'), text);
    const read = await lexicons.wordList({ lexicon: 'osps', tileSet: 'pl' });
    // Without the image the first read left, so that the synchronous read builds from the list too.
    await rm(join(dataDir, 'lexicons', 'images'), { recursive: true });
    const sync = new Lexicons({ dataDir }).forCompetition({ lexicon: 'osps', tileSet: 'pl' }) as WordTrie | undefined;
    for (const list of [read, sync]) {
      expect([list?.has('żółw'), list?.has('ŹDŹBŁO'), list?.has('ab'), list?.has('zolw'), list?.has('van')]).toEqual([
        true,
        true,
        true,
        false,
        false,
      ]);
    }
    expect([read?.words, read?.unspellable]).toEqual([3, 1]);
    expect([sync?.words, sync?.unspellable]).toEqual([3, 1]);
  });

  it('keeps a list’s trie as an image the next instance reads back; a cut or stale image is built again', async () => {
    await lexicons.upload('dex', 'CASA\nMASĂ\n');
    const competition = { lexicon: 'dex', tileSet: 'ro' } as const;
    await lexicons.wordList(competition);
    const image = join(dataDir, 'lexicons', 'images', 'dex.ro.trie');
    const bytes = await readFile(image);
    expect(wordTrieFromImage(bytes, getTileSet('ro'))?.words).toBe(2);
    expect(new Lexicons({ dataDir }).forCompetition(competition)?.has('masă')).toBe(true);

    await writeFile(image, bytes.subarray(0, 10));
    expect(new Lexicons({ dataDir }).forCompetition(competition)?.has('masă')).toBe(true);
    expect(await readFile(image)).toEqual(bytes);

    // An image of another list, older than the list: not read.
    await writeFile(image, wordTrieImage(buildWordTrie(['ALTA'], getTileSet('ro'))));
    await utimes(image, new Date(2000, 0, 1), new Date(2000, 0, 1));
    const again = await new Lexicons({ dataDir }).wordList(competition);
    expect([again?.has('casa'), again?.has('alta')]).toEqual([true, false]);
    expect(await readFile(image)).toEqual(bytes);
  });
});
