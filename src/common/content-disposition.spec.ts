import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('names the file after the competition: ASCII for old clients, UTF-8 for the rest', () => {
    expect(attachmentDisposition('Cupa Iașiului 2027 - standings.csv')).toBe(
      `attachment; filename="Cupa Iasiului 2027 - standings.csv"; filename*=UTF-8''Cupa%20Ia%C8%99iului%202027%20-%20standings.csv`,
    );
  });

  it('keeps quotes, paths, line breaks and bidi tricks out of the header', () => {
    const header = attachmentDisposition('../"evil"\r\nSet-Cookie: x=1\u202Egpj.csv');
    expect(header).not.toMatch(/[\r\n\\/\u202E]/);
    expect(header.split('"')).toHaveLength(3);
    expect(header).toMatch(/^attachment; filename="[A-Za-z0-9 ._()-]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
  });

  it('falls back to a plain name when nothing printable is left', () => {
    expect(attachmentDisposition('\u0007', 'standings.csv')).toBe(`attachment; filename="standings.csv"; filename*=UTF-8''standings.csv`);
    expect(attachmentDisposition('Șțăî')).toMatch(/^attachment; filename="Stai"; /);
  });
});
