import { decodeMessage } from './decode';
import { DECODE_HERE_BYTES, MailParsingWorker } from './mail-parsing-worker';
import { htmlToReplyText } from './quotes';

describe('HTML replies made text, and large mails decoded, on a worker thread (docs/mail-rules.md 9, 13)', () => {
  const workers: MailParsingWorker[] = [];
  const worker = (limitMs?: number) => {
    const w = new MailParsingWorker(limitMs);
    workers.push(w);
    return w;
  };
  afterAll(async () => {
    for (const w of workers) await w.close();
  });

  it('gives the same text as the conversion on this thread, and records the time the worker spent', async () => {
    const html = '<div dir="ltr">h8 CASA<br></div><blockquote type="cite">PAS</blockquote>';
    const pool = worker();
    await expect(pool.convert(html)).resolves.toEqual({ ok: true, text: htmlToReplyText(html) });
    await expect(pool.convert('<p>PAS</p>')).resolves.toEqual({ ok: true, text: 'PAS' });
    expect(pool.jobs).toHaveLength(2);
    expect(pool.jobs.every((c) => c.ok && typeof c.workerMs === 'number')).toBe(true);
  });

  it('abandons a conversion over its time limit as TIMED_OUT, and the next mail gets a fresh worker', async () => {
    const pool = worker(1);
    // The first conversion of a fresh worker has a start-up allowance: this one starts the thread.
    await expect(pool.convert('<p>PAS</p>')).resolves.toEqual({ ok: true, text: 'PAS' });
    // Hundreds of milliseconds of work against a 1 ms limit.
    const heavy = '<div>x</div>'.repeat(20_000);
    await expect(pool.convert(heavy)).resolves.toEqual({ ok: false, reason: 'TIMED_OUT' });
    await expect(pool.convert('<p>h8 CASA</p>')).resolves.toEqual({ ok: true, text: 'h8 CASA' });
  });

  it('answers mails queued together in order, one conversion at a time', async () => {
    const pool = worker();
    const texts = await Promise.all(['A', 'B', 'C'].map((t) => pool.convert(`<p>${t}</p>`)));
    expect(texts).toEqual(['A', 'B', 'C'].map((text) => ({ ok: true, text })));
    const [a, b, c] = pool.jobs;
    expect(a.endedAt).toBeLessThanOrEqual(b.startedAt);
    expect(b.endedAt).toBeLessThanOrEqual(c.startedAt);
  });

  it('fails what is still asked once closed', async () => {
    const pool = worker();
    await pool.close();
    await expect(pool.convert('<p>PAS</p>')).resolves.toEqual({ ok: false, reason: 'WORKER_FAILED' });
  });

  /** A mail of about `bytes`, HTML only, as a client would send it. */
  const largeMail = (bytes: number) =>
    Buffer.from(
      [
        'From: Ana <ana@example.org>',
        'To: moves@example.org',
        'Subject: Re: your move',
        'Message-ID: <large@example.org>',
        'Date: Sun, 06 Dec 2026 08:00:00 +0000',
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        `<div>h8 CASA</div><blockquote>${'<b>ă'.repeat(Math.ceil(bytes / 5))}`,
      ].join('\r\n'),
    );

  it('decodes a large mail on the worker to exactly what decoding it here gives, and a small one here', async () => {
    const pool = worker();
    const large = largeMail(256 * 1024);
    await expect(pool.decode(large)).resolves.toEqual(await decodeMessage(large));
    expect(pool.jobs.map((j) => j.kind)).toEqual(['decode']);
    const small = largeMail(1024);
    expect(small.length).toBeLessThanOrEqual(DECODE_HERE_BYTES);
    await expect(pool.decode(small)).resolves.toEqual(await decodeMessage(small));
    expect(pool.jobs).toHaveLength(1);
  });

  it('answers a decoding over its time limit as a message that could not be read', async () => {
    const pool = worker(1);
    await pool.convert('<p>PAS</p>'); // starts the thread, within its start-up allowance
    await expect(pool.decode(largeMail(4 * 1024 * 1024))).resolves.toEqual({
      ok: false,
      code: 'MALFORMED',
      reason: 'unparseable',
      detail: 'TIMED_OUT',
    });
  });
});
