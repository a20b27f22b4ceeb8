import { inflateSync } from 'node:zlib';

interface PdfObject {
  readonly dict: string;
  readonly stream?: Buffer;
}

/** The numbered objects of a PDF, each stream inflated when it is FlateDecode (what pdfkit writes). */
function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const head = /(\d+) 0 obj\b/g;
  let m: RegExpExecArray | null;
  while ((m = head.exec(raw))) {
    const from = head.lastIndex;
    const end = raw.indexOf('endobj', from);
    const streamAt = raw.indexOf('stream', from);
    if (streamAt === -1 || streamAt > end) {
      objects.set(Number(m[1]), { dict: raw.slice(from, end) });
      head.lastIndex = end;
      continue;
    }
    const dict = raw.slice(from, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    let start = streamAt + 'stream'.length;
    if (raw[start] === '\r') start++;
    if (raw[start] === '\n') start++;
    const data = pdf.subarray(start, start + length);
    objects.set(Number(m[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(data) : data });
    head.lastIndex = raw.indexOf('endobj', start + length);
  }
  return objects;
}

/** A ToUnicode CMap as pdfkit writes it (`<0000> <00ff> [<0041> …]` ranges): glyph code → text. */
function toUnicode(cmap: string): Map<number, string> {
  const codes = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi)) {
    let code = parseInt(range[1], 16);
    for (const entry of range[2].matchAll(/<([0-9a-f ]+)>/gi)) {
      const units = entry[1]
        .trim()
        .split(/\s+/)
        .map((h) => parseInt(h, 16));
      codes.set(code++, String.fromCharCode(...units));
    }
  }
  return codes;
}

/**
 * The text of a pdfkit PDF, one entry per text block (a line of the sheet), read back through
 * its fonts' ToUnicode maps: what a reader copies out of the document.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const objects = objectsOf(pdf);
  const fontCodes = new Map<number, Map<number, string>>();
  for (const [id, o] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(o.dict)?.[1];
    const cmap = ref && objects.get(Number(ref))?.stream;
    if (cmap) fontCodes.set(id, toUnicode(cmap.toString('latin1')));
  }
  // The pages' font resources: /F1 12 0 R.
  const byName = new Map<string, Map<number, string>>();
  for (const o of objects.values()) {
    for (const f of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const codes = fontCodes.get(Number(f[2]));
      if (codes) byName.set(f[1], codes);
    }
  }
  const lines: string[] = [];
  for (const o of objects.values()) {
    if (!o.stream || o.dict.includes('/Type')) continue;
    const content = o.stream.toString('latin1');
    if (!/\bTf\b/.test(content)) continue;
    let codes: Map<number, string> | undefined;
    for (const block of content.split(/\bBT\b/).slice(1)) {
      const text = block.split(/\bET\b/)[0];
      let line = '';
      for (const op of text.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-f]*)>\s*Tj/gi)) {
        if (op[1]) codes = byName.get(op[1]);
        const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]) : op[3] !== undefined ? [op[3]] : [];
        for (const hex of hexes) for (let i = 0; i + 4 <= hex.length; i += 4) line += codes?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      }
      lines.push(line);
    }
  }
  return lines;
}

/**
 * The PDF's text as one flow, the blocks joined by a space and every run of white space made one:
 * a paragraph wrapped over several lines (or pages) reads back as it was written.
 */
export function pdfText(pdf: Buffer): string {
  return pdfTextLines(pdf).join(' ').replace(/\s+/g, ' ');
}
