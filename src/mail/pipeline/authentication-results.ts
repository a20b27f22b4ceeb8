// docs/mail-rules.md 4: Authentication-Results (RFC 8601) as written by the operator's own provider.
// Pure. Any other header of that name may have been written by the sender: it is ignored.

export type DmarcVerdict = 'pass' | 'fail' | 'none';

/**
 * The DMARC verdict of the topmost header whose authserv-id is `authservId` (the provider
 * adds its header on top; anything below it came with the message). `none` when our
 * provider said nothing about DMARC.
 */
export function dmarcVerdict(headers: readonly string[], authservId: string): DmarcVerdict {
  const wanted = authservId.trim().toLowerCase();
  for (const header of headers) {
    const unfolded = header.replace(/\r?\n[ \t]+/g, ' ').replace(/\([^()]*\)/g, ' ');
    const id = unfolded.split(';')[0].trim().split(/\s+/)[0]?.toLowerCase();
    if (id !== wanted) continue;
    const dmarc = /(?:^|;)\s*dmarc\s*=\s*([a-z]+)/i.exec(unfolded);
    if (!dmarc) return 'none';
    return dmarc[1].toLowerCase() === 'fail' ? 'fail' : dmarc[1].toLowerCase() === 'pass' ? 'pass' : 'none';
  }
  return 'none';
}
