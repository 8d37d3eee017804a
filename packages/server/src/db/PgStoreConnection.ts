import type pg from 'pg';
import type { DependencyLogger } from '../ops/ConnectionStateLog';
import { createPgPool, queryPg } from './createPgPool';
import { runMigrations, type Migration } from './runMigrations';

/** Where and how a PostgreSQL-backed store connects. */
export interface PgStoreOptions {
  /** `postgres://user[:password]@host:port/database`. */
  url: string;
  /** Most connections the pool opens. */
  poolSize: number;
  /** A query without an answer after this long fails, so a request can answer 503 (ms). */
  queryTimeoutMs?: number;
  /** Opening a connection fails after this long (ms). */
  connectTimeoutMs?: number;
  /** Where connection losses and recoveries are logged. */
  logger?: DependencyLogger;
}

/** What a store is, for its pool, its migrations and its error messages. */
export interface PgStoreSchema {
  /** Name in logs and messages, e.g. `postgres session store`. */
  purpose: string;
  /** Its config field, named when opening fails, e.g. `sessions.store (postgres)`. */
  configField: string;
  /** What its migrations prepare, e.g. `the session table`. */
  prepares: string;
  /** Component name of its migrations in `schema_migrations`. */
  component: string;
  /** Its schema, applied by `runMigrations`. */
  migrations: readonly Migration[];
  /** Query timeout when the options give none (ms). */
  defaultQueryTimeoutMs: number;
}

/**
 * Opens a pool for a store and brings its schema up to date (safe when several replicas start at
 * once).
 * @throws Error naming the store's config field when PostgreSQL cannot be reached or a migration
 *   fails; the pool is closed then.
 */
export async function openStorePool(
  options: PgStoreOptions,
  schema: PgStoreSchema,
): Promise<pg.Pool> {
  const pool = createPgPool(options.url, options.poolSize, {
    queryTimeoutMs: options.queryTimeoutMs ?? schema.defaultQueryTimeoutMs,
    connectTimeoutMs: options.connectTimeoutMs,
    logger: options.logger,
    purpose: schema.purpose,
  });
  try {
    await runMigrations(pool, schema.component, schema.migrations);
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(
      `${schema.configField}: cannot prepare ${schema.prepares}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return pool;
}

/**
 * A store's queries on its pool, tracked so `close()` can let them finish (the pool hands no
 * connection to a query still waiting for one once it is ending), and counted in the pool's
 * outage log.
 */
export class PgStoreConnection {
  private closed = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  /**
   * @param pool the store's pool
   * @param purpose name in the error of a query after `close()`
   * @param ownsPool whether `close()` ends the pool
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly purpose: string,
    private readonly ownsPool: boolean,
  ) {}

  /** Runs one query; rejects once the store is closed. */
  query<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    if (this.closed) return Promise.reject(new Error(`the ${this.purpose} is closed`));
    const running = queryPg<R>(this.pool, text, values);
    this.inFlight.add(running);
    const untrack = () => this.inFlight.delete(running);
    running.then(untrack, untrack);
    return running;
  }

  /** Resolves when PostgreSQL answers. */
  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  /** Lets the queries in flight finish, then ends the pool (when the store owns it). Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    if (this.ownsPool) await this.pool.end();
  }
}
