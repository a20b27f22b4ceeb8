import { HttpException } from '@nestjs/common';
import type { Bilingual } from '../games/engine';

/** HTTP statuses a refusal maps to: bad input, no identity, not allowed, unknown, state conflict, body too large, encoding refused. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415;

/**
 * A request the platform will not honour, with a stable code and the reason in the two
 * languages players and arbiters read. It is an HttpException on purpose: services are
 * called from the API, the CLI and (later) mail, and the API's global filter then renders
 * `{"error":{"code","message","messages"}}` with no mapping table to keep in step.
 * Throwing one inside `db.transaction` rolls the whole change back.
 */
export class Refusal extends HttpException {
  constructor(
    readonly code: string,
    readonly messages: Bilingual,
    httpStatus: RefusalStatus = 400,
    readonly details?: unknown,
  ) {
    super({ error: { code, message: messages.en, messages, ...(details === undefined ? {} : { details }) } }, httpStatus);
    this.name = 'Refusal';
    // HttpException's message is derived from the body; keep the English reason instead.
    this.message = messages.en;
  }
}

export const notFound = (what: Bilingual): Refusal => new Refusal('NOT_FOUND', what, 404);
export const forbidden = (why: Bilingual): Refusal => new Refusal('FORBIDDEN', why, 403);
