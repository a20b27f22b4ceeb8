// docs/mail.md, Inbox: a stored mail is read back exactly as the server sent it, a large one in
// pieces of 256 KB (one statement each), on both databases — no read of a large mail holds the
// process that answers /health (on PGlite the database runs on that same thread).
import { randomBytes } from 'node:crypto';
import { InboundMailRepository, RAW_IN_BATCH_BYTES, RAW_PIECE_BYTES } from '../../src/mail/inbound-mail.repository';
import { storeInbound } from '../../src/mail/inbound-store';
import type { Database } from '../../src/database/database';
import { openTestDatabase } from '../support/test-app';
import { TEST_DB, type TestDatabase } from '../support/test-database';
import type { OpenedDatabase } from '../../src/database/open-database';

describe(`stored mails read back whole, a large one in pieces (${TEST_DB})`, () => {
  let opened: OpenedDatabase;
  let testDb: TestDatabase;
  let database: Database;
  let inbound: InboundMailRepository;

  beforeAll(async () => {
    ({ opened, testDb } = await openTestDatabase());
    database = opened.database;
    inbound = new InboundMailRepository(database);
  });

  afterAll(async () => {
    await opened?.close();
    await testDb?.drop();
  });

  const store = (uid: number, raw: Buffer) =>
    database.transaction(() =>
      storeInbound(
        inbound,
        {
          mailbox: 'INBOX',
          uidValidity: '7',
          uid,
          size: raw.length,
          raw,
          messageId: `<m${uid}@example.org>`,
          from: 'a@example.org',
          subject: 's',
        },
        new Date('2027-01-10T09:00:00Z'),
      ),
    );

  it("stores and gives back every mail's exact bytes, in the order asked: small ones with the batch, larger ones piece by piece", async () => {
    const sizes = [
      1,
      200,
      RAW_IN_BATCH_BYTES,
      RAW_IN_BATCH_BYTES + 1,
      RAW_PIECE_BYTES,
      RAW_PIECE_BYTES + 1,
      700 * 1024 + 13,
      2 * 1024 * 1024,
    ];
    const raws = sizes.map((size) => randomBytes(size));
    const rows = [];
    for (const [i, raw] of raws.entries()) rows.push(await store(i + 1, raw));
    const ids = rows.map((r) => r.id).reverse();
    const read = await database.run(() => inbound.byIds(ids));
    expect(read.map((r) => r.id)).toEqual(ids);
    for (const row of read) {
      const raw = raws[rows.findIndex((r) => r.id === row.id)];
      expect(row.size).toBe(raw.length);
      expect(row.status).toBe('received');
      if (raw.length <= RAW_IN_BATCH_BYTES) {
        expect(Buffer.isBuffer(row.raw)).toBe(true);
        expect(row.raw!.equals(raw)).toBe(true);
        continue;
      }
      expect(row.raw).toBeUndefined();
      // Each piece its own unit of work, as the pipeline reads them.
      const length = await database.run(() => inbound.rawLength(row.id));
      expect(length).toBe(raw.length);
      const pieces: Buffer[] = [];
      for (let index = 0; index * RAW_PIECE_BYTES < length; index++) {
        const piece = await database.run(() => inbound.rawPiece(row.id, index));
        expect(Buffer.isBuffer(piece)).toBe(true);
        expect(piece.length).toBeLessThanOrEqual(RAW_PIECE_BYTES);
        pieces.push(piece);
      }
      expect(pieces).toHaveLength(Math.ceil(raw.length / RAW_PIECE_BYTES));
      expect(Buffer.concat(pieces).equals(raw)).toBe(true);
    }
  });
});
