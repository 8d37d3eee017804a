import pg from 'pg';
import { isPgUnavailable } from '@docs-portal/search';
import { ConnectionStateLog, type DependencyLogger } from '../ops/ConnectionStateLog';

/** Tuning of a PostgreSQL pool; the defaults suit the portal's short queries. */
export interface PgPoolOptions {
  /** A query without an answer after this long fails (client side), so a request can answer 503. */
  queryTimeoutMs?: number;
  /** Opening a connection fails after this long (a server that accepts but never answers). */
  connectTimeoutMs?: number;
  /** Where connection losses and recoveries are logged. */
  logger?: DependencyLogger;
  /** Name of the pool's users in logs (`postgres session store`). */
  purpose?: string;
}

/** Default client-side query timeout of portal pools. */
export const DEFAULT_PG_QUERY_TIMEOUT_MS = 5_000;
/** Default connection timeout of portal pools. */
export const DEFAULT_PG_CONNECT_TIMEOUT_MS = 2_000;

const states = new WeakMap<pg.Pool, ConnectionStateLog>();

/**
 * A `pg` pool of at most `poolSize` connections to `url` that never crashes the process: errors
 * of idle connections (the server restarted, the network dropped) are logged once per outage and
 * the broken connections are dropped, so the next query opens a fresh one and the pool recovers by
 * itself when the server is back. Queries and connection attempts time out so callers fail fast.
 * Run queries through `queryPg` so their failures count in the outage log too.
 */
export function createPgPool(url: string, poolSize: number, options: PgPoolOptions = {}): pg.Pool {
  const state = new ConnectionStateLog(options.logger, options.purpose ?? 'postgres');
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_PG_CONNECT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? DEFAULT_PG_QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'docs-portal',
  });
  states.set(pool, state);
  pool.on('error', (error) => state.failed(error));
  return pool;
}

/**
 * True when `error` means PostgreSQL could not be reached or stopped answering (refused, reset,
 * timed out, shutting down), as opposed to an error in the SQL itself. The one classifier of
 * `pg` errors, shared with the PostgreSQL search engine.
 */
export const isPgConnectionError = isPgUnavailable;

/**
 * Runs one query on `pool`, recording its outcome in the pool's outage log: a connection failure
 * starts an outage (logged once), a success ends it.
 */
export async function queryPg<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  const state = states.get(pool);
  try {
    const result = await pool.query<R>(text, values);
    state?.connected();
    return result;
  } catch (error) {
    if (isPgConnectionError(error)) state?.failed(error);
    throw error;
  }
}
