import { Inject, Injectable, Optional } from '@nestjs/common';
import { normalizeIp, ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { Request } from 'express';
import { SETTINGS, type Settings } from '../config/settings';

const WINDOW_MS = 60_000;
const THROTTLER = 'api-key-failures';

/**
 * Bad API keys per client address (docs/web.md, Security model), limited like login-link requests: at most
 * LOGIN_RATE_LIMIT a minute, counted in @nestjs/throttler's storage (each instance's memory).
 * Past the limit the client's bad keys get 429 for a minute; a valid key is looked up first
 * and always passes, so nobody is locked out by others' failures from the same address.
 * Only keys that were sent and failed count: a client without a key is no guesser.
 */
@Injectable()
export class ApiKeyFailures {
  private readonly storage: ThrottlerStorage;
  /** Blocked clients and until when (ms): checked after a failed lookup, without counting a hit. */
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    // The web module's throttler storage; a context without it (the CLI's) has no HTTP clients anyway.
    @Optional() @Inject(ThrottlerStorage) storage?: ThrottlerStorage,
  ) {
    this.storage = storage ?? new ThrottlerStorageService();
  }

  /** The client as the login throttler sees it: the address Express reports (TRUST_PROXY applies), IPv6 by /64. */
  clientOf(req: Request): string {
    return normalizeIp(req.ip ?? req.socket.remoteAddress ?? 'unknown');
  }

  /** Seconds until this client may try a key again; 0 when it may now. */
  retryAfter(client: string, now = Date.now()): number {
    const until = this.blockedUntil.get(client);
    if (until === undefined) return 0;
    if (until <= now) {
      this.blockedUntil.delete(client);
      return 0;
    }
    return Math.ceil((until - now) / 1000);
  }

  /** Counts a bad key; the seconds to wait when this one went over the limit, else 0. */
  async failed(client: string): Promise<number> {
    const record = await this.storage.increment(`${THROTTLER}:${client}`, WINDOW_MS, this.settings.loginRateLimit, WINDOW_MS, THROTTLER);
    if (!record.isBlocked) return 0;
    const wait = Math.max(1, record.timeToBlockExpire);
    this.forgetExpired();
    this.blockedUntil.set(client, Date.now() + wait * 1000);
    return wait;
  }

  private forgetExpired(): void {
    if (this.blockedUntil.size < 1000) return;
    const now = Date.now();
    for (const [client, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(client);
  }
}
