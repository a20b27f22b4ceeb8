import { renderSheetPdf } from './sheet-pdf';

describe('renderSheetPdf', () => {
  const text =
    [
      'FIȘA DE CONCURS',
      'Roșu:   Ștefan Țuțuianu',
      'Albastru: Ana Pîrvu',
      '',
      ...Array.from({ length: 120 }, (_, i) => `${i + 1}. h8 CASĂ 12`),
    ].join('\n') + '\n';

  it('is a PDF embedding DejaVu Sans and DejaVu Sans Mono', async () => {
    const pdf = await renderSheetPdf({ text, title: 'Campionatul Național — Ștefan Țuțuianu' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    // Embedded TrueType subsets are named XXXXXX+FontName, with a FontFile2 stream.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansMono\b/);
    expect(raw).toContain('/FontFile2');
  });

  it('maps ș and ț to their code points, so they print and can be copied out', async () => {
    const raw = (await renderSheetPdf({ text, title: 'Ștefan', compress: false })).toString('latin1');
    // The fonts' ToUnicode maps carry U+0219 (ș) and U+021B (ț).
    expect(raw).toMatch(/<0219>/i);
    expect(raw).toMatch(/<021b>/i);
  });

  it('runs a long sheet onto further pages', async () => {
    const raw = (await renderSheetPdf({ text, title: 'x', compress: false })).toString('latin1');
    expect((raw.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
  });
});
