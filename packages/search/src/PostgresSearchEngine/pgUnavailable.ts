import pg from 'pg';
import { SearchUnavailableError } from '../core/IndexStore';

/** Socket errors of a server that is down or out of reach. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of the `pg` driver for a connection that failed, closed or timed out. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed)/;

/**
 * True when `error` means PostgreSQL could not be reached or stopped answering, as opposed to an
 * error in a query or in the engine's own code (which must stay a 500 and be looked at).
 */
export function isPgUnavailable(error: unknown): boolean {
  if (error instanceof SearchUnavailableError) return true;
  if (error instanceof pg.DatabaseError) {
    // Class 08: connection exception; 57P01-57P03: shutting down or starting; 53300: too many
    // connections.
    return /^(08|57P0[1-3]|53300)/.test(error.code ?? '');
  }
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (error instanceof AggregateError) return error.errors.some(isPgUnavailable);
  return DRIVER_MESSAGES.test(error.message);
}

/** Runs `work`, turning an unreachable-server failure into a {@link SearchUnavailableError}. */
export async function unlessUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isPgUnavailable(error) && !(error instanceof SearchUnavailableError)
      ? new SearchUnavailableError(error)
      : error;
  }
}
