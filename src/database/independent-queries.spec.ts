import type { EntityManager } from 'typeorm';
import { independentQueries } from './independent-queries';

/** Two queries that record when they start and answer when the test says. */
function twoQueries() {
  const started: string[] = [];
  const answers: (() => void)[] = [];
  const query = (name: string, value: number) => () =>
    new Promise<number>((resolve) => {
      started.push(name);
      answers.push(() => resolve(value));
    });
  return { started, answers, queries: [query('a', 1), query('b', 2)] as const };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('independent queries (one query at a time on a transaction)', () => {
  it('on the pool, starts them all at once and answers them in order', async () => {
    const { started, answers, queries } = twoQueries();
    const result = independentQueries({ queryRunner: undefined } as EntityManager, queries);
    await settle();
    expect(started).toEqual(['a', 'b']);
    answers[1]();
    answers[0]();
    await expect(result).resolves.toEqual([1, 2]);
  });

  it("on a transaction's manager, starts the next only once the last has answered", async () => {
    const { started, answers, queries } = twoQueries();
    const result = independentQueries({ queryRunner: {} } as EntityManager, queries);
    await settle();
    expect(started).toEqual(['a']);
    answers[0]();
    await settle();
    expect(started).toEqual(['a', 'b']);
    answers[1]();
    await expect(result).resolves.toEqual([1, 2]);
  });
});
