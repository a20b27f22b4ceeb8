import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Database } from '../database/database';
import { ApiKey } from './api-key.entity';

/** Every query on API keys (docs/web.md, Security model), in the unit of work the caller opened. */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  find(id: string): Promise<ApiKey | null> {
    return this.m.findOneBy(ApiKey, { id });
  }

  /** A key known to exist (just read in the same transaction). */
  get(id: string): Promise<ApiKey> {
    return this.m.findOneByOrFail(ApiKey, { id });
  }

  /** The key with this hash and its user: the guard's one lookup per request. */
  withHash(keyHash: string): Promise<ApiKey | null> {
    return this.m.findOne(ApiKey, { where: { keyHash }, relations: { user: true } });
  }

  /** One user's keys, or everyone's: the newest first. */
  listed(userId?: string): Promise<ApiKey[]> {
    return this.m.find(ApiKey, { where: userId === undefined ? {} : { userId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  async add(key: ApiKey): Promise<void> {
    await this.m.insert(ApiKey, key);
  }

  /** A key already revoked keeps its first time. */
  async revoke(id: string, at: Date): Promise<void> {
    await this.m.update(ApiKey, { id, revokedAt: IsNull() }, { revokedAt: at });
  }

  async markUsed(id: string, at: Date): Promise<void> {
    await this.m.update(ApiKey, { id }, { lastUsedAt: at });
  }

  /** Every key of the user, revoked ones included, gets this revocation time (the anonymisation). */
  async revokeApiKeys(userId: string, at: Date): Promise<void> {
    await this.m.update(ApiKey, { userId }, { revokedAt: at });
  }
}
