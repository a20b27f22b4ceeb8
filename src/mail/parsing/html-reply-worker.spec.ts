import { HtmlReplyWorker } from './html-reply-worker';
import { htmlToReplyText } from './quotes';

describe('HTML replies made text on a worker thread (docs/mail-rules.md 9)', () => {
  const workers: HtmlReplyWorker[] = [];
  const worker = (limitMs?: number) => {
    const w = new HtmlReplyWorker(limitMs);
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
    expect(pool.conversions).toHaveLength(2);
    expect(pool.conversions.every((c) => c.ok && typeof c.workerMs === 'number')).toBe(true);
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
    const [a, b, c] = pool.conversions;
    expect(a.endedAt).toBeLessThanOrEqual(b.startedAt);
    expect(b.endedAt).toBeLessThanOrEqual(c.startedAt);
  });

  it('fails what is still asked once closed', async () => {
    const pool = worker();
    await pool.close();
    await expect(pool.convert('<p>PAS</p>')).resolves.toEqual({ ok: false, reason: 'WORKER_FAILED' });
  });
});
