import { Injectable } from '@nestjs/common';
import { In, Not, type EntityManager } from 'typeorm';
import { User } from '../auth/user.entity';
import { isUuid } from '../common/ids';
import { Database } from '../database/database';
import { RecordAttempt } from './record-attempt.entity';
import { RecordReceipt } from './record-receipt.entity';
import { RecordTurn } from './record-turn.entity';

/** The rows of record attempts (docs/rules.md §14): attempts, their turns and the receipts of keyed writes. */
@Injectable()
export class RecordAttemptsRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** The attempt; with `lock`, under its row lock (`SELECT … FOR UPDATE`): every write to it takes it first. */
  attempt(id: string, { lock }: { lock: boolean }): Promise<RecordAttempt | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.m.findOne(RecordAttempt, { where: { id }, ...(lock && { lock: { mode: 'pessimistic_write' as const } }) });
  }

  turns(attemptId: string): Promise<RecordTurn[]> {
    return this.m.find(RecordTurn, { where: { attemptId }, order: { n: 'ASC' } });
  }

  receipt(attemptId: string, actor: string, idempotencyKey: string): Promise<RecordReceipt | null> {
    return this.m.findOneBy(RecordReceipt, { attemptId, actor, idempotencyKey });
  }

  async addReceipt(receipt: RecordReceipt): Promise<void> {
    // save, not insert: `result` is JSON of any shape, which insert's typing cannot take.
    await this.m.save(RecordReceipt, receipt);
  }

  async addAttempt(attempt: RecordAttempt): Promise<void> {
    await this.m.insert(RecordAttempt, attempt);
  }

  async saveAttempt(attempt: RecordAttempt): Promise<void> {
    await this.m.save(RecordAttempt, attempt);
  }

  async saveTurn(turn: RecordTurn): Promise<void> {
    await this.m.save(RecordTurn, turn);
  }

  /** The highest record set on the platform with this tile set, other than `exceptId`'s. */
  async bestRecord(tileSet: string, exceptId: string): Promise<number | null> {
    const best = await this.m.findOne(RecordAttempt, {
      where: { tileSet: tileSet as RecordAttempt['tileSet'], succeeded: true, id: Not(exceptId) },
      order: { finalScore: 'DESC' },
    });
    return best?.finalScore ?? null;
  }

  /** Records set, highest first; attempts announced or in play, soonest first. */
  async publicList(): Promise<{ records: RecordAttempt[]; coming: RecordAttempt[] }> {
    const records = await this.m.find(RecordAttempt, {
      where: { succeeded: true },
      order: { tileSet: 'ASC', finalScore: 'DESC', closedAt: 'ASC' },
    });
    const coming = await this.m.find(RecordAttempt, {
      where: { status: In(['announced', 'playing', 'finished']) },
      order: { plannedDay: 'ASC' },
    });
    return { records, coming };
  }

  /** The attempts a user plays or sits on the committee of, newest first. */
  of(userId: string): Promise<RecordAttempt[]> {
    return this.m.find(RecordAttempt, {
      where: [{ playerUserId: userId }, { committeeAUserId: userId }, { committeeBUserId: userId }],
      order: { plannedDay: 'DESC' },
    });
  }

  /** Display names of users, by id. */
  async names(userIds: readonly string[]): Promise<Map<string, string>> {
    const users = await this.m.find(User, { where: { id: In([...new Set(userIds)]) }, select: { id: true, displayName: true } });
    return new Map(users.map((u) => [u.id, u.displayName]));
  }
}
