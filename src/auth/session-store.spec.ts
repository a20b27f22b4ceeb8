import type { EntityManager } from 'typeorm';
import { ManualClock } from '../common/clock';
import type { Database } from '../database/database';
import { DatabaseSessionStore, SESSION_TTL_MS } from './session-store';

const HOUR = 60 * 60_000;

/** A store over a fake database that keeps one session row and counts the UPDATEs touch sends. */
function storeWith(clock: ManualClock, expiresAt: Date, affected = 1) {
  const row = { sidHash: 'h', data: { userId: 'u' }, expiresAt };
  const updates: unknown[] = [];
  const manager = {
    query: async () => [{ data: row.data, expires_at: row.expiresAt }],
    update: async (_entity: unknown, where: unknown, values: { expiresAt: Date }) => {
      updates.push(where);
      if (affected) row.expiresAt = values.expiresAt;
      return { affected };
    },
  } as unknown as EntityManager;
  const db = { run: <T>(work: (m: EntityManager) => Promise<T>) => work(manager), manager } as unknown as Database;
  return { store: new DatabaseSessionStore(db, clock), updates, row };
}

const get = (store: DatabaseSessionStore, sid: string) =>
  new Promise<unknown>((resolve, reject) => store.get(sid, (error, data) => (error ? reject(error) : resolve(data))));
const touch = (store: DatabaseSessionStore, sid: string) =>
  new Promise<void>((resolve, reject) => store.touch(sid, {} as never, (error) => (error ? reject(error) : resolve())));

describe('session store touch (no write per page)', () => {
  it('sends no UPDATE when the expiry it just read was pushed back less than an hour ago', async () => {
    const clock = new ManualClock('2027-02-01T09:00:00Z');
    const { store, updates } = storeWith(clock, new Date(clock.now().getTime() + SESSION_TTL_MS - HOUR / 2));
    expect(await get(store, 'sid')).toEqual({ userId: 'u' });
    await touch(store, 'sid');
    expect(updates).toHaveLength(0);
  });

  it('pushes the expiry back once it is an hour old, and after a request whose read it did not see', async () => {
    const clock = new ManualClock('2027-02-01T09:00:00Z');
    const { store, updates, row } = storeWith(clock, new Date(clock.now().getTime() + SESSION_TTL_MS - 2 * HOUR));
    await get(store, 'sid');
    await touch(store, 'sid');
    expect(updates).toHaveLength(1);
    expect(row.expiresAt.getTime()).toBe(clock.now().getTime() + SESSION_TTL_MS);
    // The next request of the session knows the expiry it just wrote: nothing to send.
    await get(store, 'sid');
    await touch(store, 'sid');
    expect(updates).toHaveLength(1);
    // Time moves on: the remembered expiry is now too old, the UPDATE is sent.
    await get(store, 'sid');
    clock.set(new Date(clock.now().getTime() + 2 * HOUR));
    await touch(store, 'sid');
    expect(updates).toHaveLength(2);
  });

  it('sends no UPDATE for overlapping requests of one session (a page and its preview, two tabs)', async () => {
    const clock = new ManualClock('2027-02-01T09:00:00Z');
    const { store, updates } = storeWith(clock, new Date(clock.now().getTime() + SESSION_TTL_MS - HOUR / 2));
    await get(store, 'sid');
    await get(store, 'sid');
    await touch(store, 'sid');
    await touch(store, 'sid');
    expect(updates).toHaveLength(0);
  });

  it('sends the UPDATE when the session was pushed back elsewhere, and asks again next time', async () => {
    const clock = new ManualClock('2027-02-01T09:00:00Z');
    const { store, updates } = storeWith(clock, new Date(clock.now().getTime() + SESSION_TTL_MS - 2 * HOUR), 0);
    await get(store, 'sid');
    await touch(store, 'sid');
    await touch(store, 'sid');
    expect(updates).toHaveLength(2);
  });
});
