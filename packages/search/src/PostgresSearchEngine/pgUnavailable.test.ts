import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SearchUnavailableError } from '../core/IndexStore';
import { isPgUnavailable, unlessUnavailable } from './pgUnavailable';

function databaseError(code: string): pg.DatabaseError {
  const error = new pg.DatabaseError('server said no', 0, 'error');
  error.code = code;
  return error;
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

describe('isPgUnavailable', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a query without an answer', new Error('Query read timeout')],
    ['a connection closed mid-query', new Error('Connection terminated unexpectedly')],
    ['an admin shutdown', databaseError('57P01')],
    ['a connection exception', databaseError('08006')],
    ['too many connections', databaseError('53300')],
    ['several refused addresses', new AggregateError([socketError('ECONNREFUSED')])],
  ])('is true for %s', (_name, error) => {
    expect(isPgUnavailable(error)).toBe(true);
  });

  it.each([
    ['a syntax error', databaseError('42601')],
    ['a missing table', databaseError('42P01')],
    ['a bug in the engine', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isPgUnavailable(error)).toBe(false);
  });
});

describe('unlessUnavailable', () => {
  it('turns an unreachable server into a SearchUnavailableError with status 503', async () => {
    const cause = socketError('ECONNREFUSED');
    const failure = await unlessUnavailable(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SearchUnavailableError);
    expect(failure).toMatchObject({ statusCode: 503, cause });
    expect((failure as Error).message).toMatch(/^Search is unavailable right now/);
  });

  it('passes other errors and results through unchanged', async () => {
    const bug = new TypeError('bug');
    await expect(unlessUnavailable(() => Promise.reject(bug))).rejects.toBe(bug);
    await expect(unlessUnavailable(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
