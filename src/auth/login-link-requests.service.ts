import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { LoginLinks } from './login-links.service';

/** Requests waiting at most; past that a burst is refused, and said so in the log. */
export const MAX_WAITING_LOGIN_REQUESTS = 10_000;

/**
 * The login form's requests, handled off the request path (docs/web.md, Security model): `POST /login`
 * answers before the address is looked up, so neither its timing nor its answer tells
 * whether the address has an account. One at a time, in order of arrival; a request that
 * fails is logged, never dropped in silence, and a stop waits for those still queued.
 */
@Injectable()
export class LoginLinkRequests implements BeforeApplicationShutdown {
  private readonly logger = new Logger('LoginLinks');
  private readonly waiting: string[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly links: LoginLinks) {}

  /** Takes a request and returns at once: the same work whatever the address. */
  submit(email: string): void {
    if (this.waiting.length >= MAX_WAITING_LOGIN_REQUESTS) {
      this.logger.error(`login link request refused: ${MAX_WAITING_LOGIN_REQUESTS} already waiting`);
      return;
    }
    this.waiting.push(email);
    this.start();
  }

  /** Resolves once every request taken so far has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }

  private start(): void {
    if (this.running) return;
    // setImmediate: the answer is written before the first lookup starts.
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .finally(() => {
        this.running = null;
        // Taken between the last shift and this callback: not left behind.
        if (this.waiting.length) this.start();
      });
  }

  private async drain(): Promise<void> {
    for (let email = this.waiting.shift(); email !== undefined; email = this.waiting.shift()) {
      try {
        const result = await this.links.requestByEmail(email);
        // The address stays out of the log: only that someone hit the per-address limit.
        if (result.limited) this.logger.warn('login link not sent: the address had its links for this hour');
      } catch (error) {
        this.logger.error({ err: error, email }, 'login link request failed: no link was mailed');
      }
    }
  }
}
