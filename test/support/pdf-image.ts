import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A page rendered in shades of grey: one byte a pixel, 255 white. */
export interface GrayPage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Buffer;
}

const PDFTOPPM = '/usr/bin/pdftoppm';

/**
 * The PDF's pages as poppler draws them (`pdftoppm -gray`, PGM), at `dpi` dots per inch. The
 * machine needs poppler-utils (.ci/run installs it); without it the test fails and says so.
 */
export function renderPdfPages(pdf: Buffer, dpi = 72): GrayPage[] {
  const tool = existsSync(PDFTOPPM) ? PDFTOPPM : 'pdftoppm';
  const dir = mkdtempSync(join(tmpdir(), 'pdf-pages-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    try {
      execFileSync(tool, ['-gray', '-r', String(dpi), join(dir, 'in.pdf'), join(dir, 'page')], { stdio: 'pipe' });
    } catch (e) {
      const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
      throw new Error(
        missing
          ? 'pdftoppm is not installed: the PDF sheet test renders pages with poppler-utils (apt-get install poppler-utils, as .ci/run does)'
          : `pdftoppm failed: ${(e as Error).message}`,
      );
    }
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)![1]) - Number(/(\d+)\.pgm$/.exec(b)![1]))
      .map((f) => parsePgm(readFileSync(join(dir, f))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A binary PGM (P5, maxval 255): the header's four tokens, one white-space byte, then the pixels. */
function parsePgm(data: Buffer): GrayPage {
  const tokens: string[] = [];
  let at = 0;
  while (tokens.length < 4) {
    while (/\s/.test(String.fromCharCode(data[at]))) at++;
    if (data[at] === 0x23) {
      while (data[at] !== 0x0a) at++;
      continue;
    }
    let token = '';
    while (!/\s/.test(String.fromCharCode(data[at]))) token += String.fromCharCode(data[at++]);
    tokens.push(token);
  }
  const [magic, width, height, max] = [tokens[0], Number(tokens[1]), Number(tokens[2]), Number(tokens[3])];
  if (magic !== 'P5' || max !== 255) throw new Error(`not an 8-bit binary PGM: ${magic} ${max}`);
  return { width, height, pixels: data.subarray(at + 1, at + 1 + width * height) };
}

/**
 * Per page, the pixels drawn (darker than almost white) at or right of `fromX`: a page whose
 * right margin starts there has none.
 */
export function inkRightOf(page: GrayPage, fromX: number): number {
  let ink = 0;
  for (let y = 0; y < page.height; y++) {
    for (let x = Math.max(0, fromX); x < page.width; x++) if (page.pixels[y * page.width + x] < 250) ink++;
  }
  return ink;
}
