import fc from 'fast-check';
import { memoizedReads } from './read-memo';

class Source {
  calls: string[] = [];
  constructor(private readonly prefix: string) {}
  async name(id: string, options: { upper: boolean }): Promise<string> {
    this.calls.push(`name ${id}`);
    await Promise.resolve();
    return options.upper ? `${this.prefix}${id}`.toUpperCase() : `${this.prefix}${id}`;
  }
  async failing(id: string): Promise<string> {
    this.calls.push(`failing ${id}`);
    if (this.calls.filter((c) => c === `failing ${id}`).length === 1) throw new Error('once');
    return id;
  }
  async fresh(id: string): Promise<string> {
    this.calls.push(`fresh ${id}`);
    return id;
  }
  get label(): string {
    return `source ${this.prefix}`;
  }
}

describe('memoizedReads', () => {
  it('runs a chosen read once for the same arguments, however many callers ask at once', async () => {
    const source = new Source('p-');
    const view = memoizedReads(source, ['name']);
    const answers = await Promise.all([
      view.name('a', { upper: false }),
      view.name('a', { upper: false }),
      view.name('a', { upper: true }),
    ]);
    expect(answers).toEqual(['p-a', 'p-a', 'P-A']);
    expect(source.calls).toEqual(['name a', 'name a']);
  });

  it('leaves the other members to the target: unchosen reads run every time, getters answer', async () => {
    const source = new Source('q-');
    const view = memoizedReads(source, ['name']);
    await view.fresh('x');
    await view.fresh('x');
    expect(source.calls).toEqual(['fresh x', 'fresh x']);
    expect(view.label).toBe('source q-');
  });

  it('forgets a failed read, so the next caller asks again', async () => {
    const source = new Source('r-');
    const view = memoizedReads(source, ['failing']);
    await expect(view.failing('k')).rejects.toThrow('once');
    await expect(view.failing('k')).resolves.toBe('k');
    await expect(view.failing('k')).resolves.toBe('k');
    expect(source.calls).toEqual(['failing k', 'failing k']);
  });

  it('keeps each view apart: a new view reads again', async () => {
    const source = new Source('s-');
    await memoizedReads(source, ['name']).name('a', { upper: false });
    await memoizedReads(source, ['name']).name('a', { upper: false });
    expect(source.calls).toEqual(['name a', 'name a']);
  });

  it('answers what the target answers, calling it once per distinct argument list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.boolean()), { maxLength: 20 }), async (asks) => {
        const source = new Source('t-');
        const view = memoizedReads(source, ['name']);
        const direct = new Source('t-');
        for (const [id, upper] of asks) expect(await view.name(id, { upper })).toBe(await direct.name(id, { upper }));
        expect(source.calls.length).toBe(new Set(asks.map(([id, upper]) => `${id} ${upper}`)).size);
      }),
    );
  });
});
