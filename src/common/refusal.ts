import type { Bilingual } from './bilingual';

/**
 * What a refusal is, in the HTTP numbers the API answers with: bad input, no identity, not
 * allowed, unknown, state conflict, body too large, encoding refused. The number is only a
 * kind here; the exception filters are what turn it into a response.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415;

/** The body every refusal has in the API: `{"error":{"code","message","messages"}}`. */
export interface RefusalBody {
  readonly error: { readonly code: string; readonly message: string; readonly messages: Bilingual; readonly details?: unknown };
}

/**
 * A request the platform will not honour, with a stable code and the reason in the two
 * languages players and arbiters read. A plain error of the domain (no framework): rules return
 * or throw it, the API and web filters render it, the CLI prints it, the mail channel explains
 * it. Throwing one inside a transaction rolls the whole change back.
 */
export class Refusal extends Error {
  constructor(
    readonly code: string,
    readonly messages: Bilingual,
    readonly status: RefusalStatus = 400,
    readonly details?: unknown,
  ) {
    super(messages.en);
    this.name = 'Refusal';
  }

  getStatus(): RefusalStatus {
    return this.status;
  }

  getResponse(): RefusalBody {
    const { code, messages, details } = this;
    return { error: { code, message: messages.en, messages, ...(details === undefined ? {} : { details }) } };
  }
}

export const notFound = (what: Bilingual): Refusal => new Refusal('NOT_FOUND', what, 404);
export const forbidden = (why: Bilingual): Refusal => new Refusal('FORBIDDEN', why, 403);
