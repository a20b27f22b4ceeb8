import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { Refusal } from '../common/refusal';
import { DatabaseInterruptedError, isTransientDatabaseError } from './database-interrupted';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isTransientDatabaseError', () => {
  it('knows a lost connection and a transaction the server gave up', () => {
    expect(
      isTransientDatabaseError(new QueryFailedError('COMMIT', [], pgError('57P01', 'terminating connection due to administrator command'))),
    ).toBe(true);
    expect(isTransientDatabaseError(pgError('40001'))).toBe(true);
    expect(isTransientDatabaseError(pgError('40P01'))).toBe(true);
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDatabaseError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isTransientDatabaseError(new QueryRunnerAlreadyReleasedError())).toBe(true);
    expect(isTransientDatabaseError(new QueryRunnerProviderAlreadyReleasedError())).toBe(true);
    expect(isTransientDatabaseError(new DatabaseInterruptedError(new Error('x')))).toBe(true);
  });

  it('leaves refusals, constraint violations and bugs alone', () => {
    expect(isTransientDatabaseError(new Refusal('NOT_YOUR_TURN', { ro: 'nu', en: 'no', pl: 'nie' }, 409))).toBe(false);
    expect(isTransientDatabaseError(new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key value')))).toBe(false);
    expect(isTransientDatabaseError(new TypeError('x is undefined'))).toBe(false);
    expect(isTransientDatabaseError(undefined)).toBe(false);
    expect(isTransientDatabaseError('Connection terminated')).toBe(false);
  });

  it('is a 503 with a typed, retryable body in both languages', () => {
    const error = new DatabaseInterruptedError(new Error('gone'));
    expect(error.getStatus()).toBe(503);
    expect(error.getResponse()).toEqual({
      error: {
        code: 'DATABASE_INTERRUPTED',
        message: expect.any(String),
        messages: { ro: expect.any(String), en: expect.any(String), pl: expect.stringContaining('bazą danych') },
        retryable: true,
      },
    });
  });
});
