// Real-shaped raw mails (fixtures/*.eml, as Gmail, Outlook, Apple Mail and Thunderbird write
// them) for the parsing specs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeMessage, type InboundMessage } from '../decode';

export function rawFixture(name: string): Buffer {
  return readFileSync(join(__dirname, '..', 'fixtures', name));
}

/** A fixture decoded; the spec fails if it does not decode. */
export async function decodedFixture(name: string): Promise<InboundMessage> {
  const result = await decodeMessage(rawFixture(name));
  if (!result.ok) throw new Error(`${name} did not decode: ${JSON.stringify(result)}`);
  return result.message;
}

/** `lines` quoted as a mail client quotes a reply. */
export function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}
