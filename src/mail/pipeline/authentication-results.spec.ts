import { dmarcHoldsMove, dmarcVerdict } from './authentication-results';

describe('the DMARC verdict of our own provider (docs/mail-rules.md 4)', () => {
  const ours = 'mx.example.org';

  it("reads only the operator's authserv-id, topmost first", () => {
    expect(dmarcVerdict([`${ours}; spf=pass; dmarc=fail (p=reject) header.from=a.org`], ours)).toBe('fail');
    expect(dmarcVerdict([`${ours};\r\n\tdkim=pass;\r\n\tdmarc=pass header.from=a.org`], ours)).toBe('pass');
    // A sender's forged header below ours, or under another authserv-id, counts for nothing.
    expect(dmarcVerdict([`${ours}; dmarc=fail`, `${ours}; dmarc=pass`], ours)).toBe('fail');
    expect(dmarcVerdict(['evil.example; dmarc=fail', `${ours}; dmarc=pass`], ours)).toBe('pass');
    expect(dmarcVerdict(['evil.example; dmarc=pass'], ours)).toBe('missing');
  });

  it('says missing when our provider has no DMARC result, and ignores comments and case', () => {
    expect(dmarcVerdict([`${ours}; spf=fail`], ours)).toBe('missing');
    expect(dmarcVerdict([`MX.Example.ORG (version 1); DMARC=FAIL`], ours)).toBe('fail');
    expect(dmarcVerdict([`${ours}; spf=pass (dmarc=pass in a comment)`], ours)).toBe('missing');
    expect(dmarcVerdict([], ours)).toBe('missing');
  });

  it('names the errors and none as written, and an unknown word as permerror', () => {
    expect(dmarcVerdict([`${ours}; dmarc=temperror`], ours)).toBe('temperror');
    expect(dmarcVerdict([`${ours}; dmarc=permerror`], ours)).toBe('permerror');
    expect(dmarcVerdict([`${ours}; dmarc=none header.from=a.org`], ours)).toBe('none');
    expect(dmarcVerdict([`${ours}; dmarc=bestguesspass`], ours)).toBe('permerror');
  });

  it('holds every verdict but pass when the provider is named, and nothing when it is not', () => {
    for (const verdict of ['fail', 'none', 'temperror', 'permerror', 'bestguesspass']) {
      expect(dmarcHoldsMove([`${ours}; dmarc=${verdict}`], ours)).toBe(true);
    }
    expect(dmarcHoldsMove([], ours)).toBe(true);
    expect(dmarcHoldsMove(['evil.example; dmarc=pass'], ours)).toBe(true);
    expect(dmarcHoldsMove([`${ours}; dmarc=pass`], ours)).toBe(false);
    expect(dmarcHoldsMove([`${ours}; dmarc=fail`], undefined)).toBe(false);
    expect(dmarcHoldsMove([], undefined)).toBe(false);
  });
});
