/** An address as the platform stores and compares it: trimmed, lower case (mail channels match senders on it). */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}

// Deliberately loose (one @, a dot in the domain, no spaces or angle brackets): the real
// test of an address is a mail that arrives; this only catches typing slips.
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

export function isEmailAddress(address: string): boolean {
  return ADDRESS.test(address);
}
