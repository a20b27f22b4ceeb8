import { mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileTransport } from './mail-transport';

describe('the file transport', () => {
  it('writes each mail 0600 in a 0700 folder, whatever the umask and the folder it found', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'corr-scrabble-files-')), 'outbox');
    mkdirSync(dir, { mode: 0o755 });
    const transport = fileTransport(dir);
    const umask = process.umask(0);
    try {
      const message = {
        from: 'a@example.org',
        to: 'b@example.org',
        subject: 'Link',
        text: 'https://x/login/secret',
        envelope: { from: 'a@example.org', to: 'b@example.org' },
      };
      await transport.send(message, 'one');
      await transport.send(message, 'one'); // a retry rewrites the same file
    } finally {
      process.umask(umask);
      transport.close();
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual(['one.eml']);
    expect(statSync(join(dir, 'one.eml')).mode & 0o777).toBe(0o600);
  });
});
