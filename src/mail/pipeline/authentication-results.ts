// docs/mail-rules.md 4: Authentication-Results (RFC 8601) as written by the operator's own provider.
// Pure. Any other header of that name may have been written by the sender: it is ignored.

/**
 * The DMARC result our provider wrote (RFC 7489 §11.2), or `missing` when it wrote none (no
 * header of ours, or ours without a `dmarc=` clause). A word outside RFC 7489 reads as
 * `permerror`: a result nobody can vouch for.
 */
export type DmarcVerdict = 'pass' | 'fail' | 'none' | 'temperror' | 'permerror' | 'missing';

const RESULTS: ReadonlySet<string> = new Set(['pass', 'fail', 'none', 'temperror', 'permerror']);

/**
 * The DMARC verdict of the topmost header whose authserv-id is `authservId` (the provider
 * adds its header on top; anything below it came with the message).
 */
export function dmarcVerdict(headers: readonly string[], authservId: string): DmarcVerdict {
  const wanted = authservId.trim().toLowerCase();
  for (const header of headers) {
    const unfolded = header.replace(/\r?\n[ \t]+/g, ' ').replace(/\([^()]*\)/g, ' ');
    const id = unfolded.split(';')[0].trim().split(/\s+/)[0]?.toLowerCase();
    if (id !== wanted) continue;
    const dmarc = /(?:^|;)\s*dmarc\s*=\s*([a-z]+)/i.exec(unfolded);
    if (!dmarc) return 'missing';
    const result = dmarc[1].toLowerCase();
    return RESULTS.has(result) ? (result as DmarcVerdict) : 'permerror';
  }
  return 'missing';
}

/**
 * docs/mail-rules.md 4: with the provider named, only its `pass` vouches for the sender; any
 * other verdict (a fail, an error, none, no verdict at all) holds the move for the player's
 * confirmation on the web. Without it, nothing is held.
 */
export function dmarcHoldsMove(headers: readonly string[], authservId: string | undefined): boolean {
  return authservId !== undefined && dmarcVerdict(headers, authservId) !== 'pass';
}
