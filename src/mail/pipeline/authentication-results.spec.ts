import { dmarcVerdict } from './authentication-results';

describe('the DMARC verdict of our own provider (docs/mail-rules.md 4)', () => {
  const ours = 'mx.example.org';

  it("reads only the operator's authserv-id, topmost first", () => {
    expect(dmarcVerdict([`${ours}; spf=pass; dmarc=fail (p=reject) header.from=a.org`], ours)).toBe('fail');
    expect(dmarcVerdict([`${ours};\r\n\tdkim=pass;\r\n\tdmarc=pass header.from=a.org`], ours)).toBe('pass');
    // A sender's forged header below ours, or under another authserv-id, counts for nothing.
    expect(dmarcVerdict([`${ours}; dmarc=fail`, `${ours}; dmarc=pass`], ours)).toBe('fail');
    expect(dmarcVerdict(['evil.example; dmarc=fail', `${ours}; dmarc=pass`], ours)).toBe('pass');
    expect(dmarcVerdict(['evil.example; dmarc=fail'], ours)).toBe('none');
  });

  it('says none when our provider has no DMARC result, and ignores comments and case', () => {
    expect(dmarcVerdict([`${ours}; spf=fail`], ours)).toBe('none');
    expect(dmarcVerdict([`MX.Example.ORG (version 1); DMARC=FAIL`], ours)).toBe('fail');
    expect(dmarcVerdict([`${ours}; spf=pass (dmarc=fail in a comment)`], ours)).toBe('none');
    expect(dmarcVerdict([], ours)).toBe('none');
  });
});
