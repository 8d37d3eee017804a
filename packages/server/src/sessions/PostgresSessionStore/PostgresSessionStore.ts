import type pg from 'pg';
import { openStorePool, PgStoreConnection, type PgStoreOptions } from '../../db/PgStoreConnection';
import type { Migration } from '../../db/runMigrations';
import type { SessionStore } from '../SessionStore';

/** Schema of the PostgreSQL session store, applied at start-up by `runMigrations`. */
export const SESSION_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-sessions',
    sql: `CREATE TABLE sessions (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        expires_at bigint NOT NULL
      );
      CREATE INDEX sessions_expires_at ON sessions (expires_at);`,
  },
];

/** Component name of the session store's migrations in `schema_migrations`. */
export const SESSION_MIGRATIONS_COMPONENT = 'sessions';

const PURPOSE = 'postgres session store';

/** Where and how the PostgreSQL session store connects. */
export type PostgresSessionStoreOptions = PgStoreOptions;

/**
 * Session store in PostgreSQL, for several replicas sharing sessions. Every query checks expiry
 * itself (`expires_at` in epoch ms, by the portal's clock, as the other stores do); `take` is one
 * `DELETE ... RETURNING`, atomic across replicas. The pool drops broken connections and opens new
 * ones on demand, so the store recovers by itself after PostgreSQL comes back.
 */
export class PostgresSessionStore implements SessionStore {
  readonly kind = 'postgres';
  private readonly connection: PgStoreConnection;

  /**
   * Uses `pool`, whose database already has the `SESSION_MIGRATIONS` schema; `open` does both.
   * @param options.closePool whether `close()` ends the pool (default true: the store owns it).
   */
  constructor(pool: pg.Pool, options: { closePool?: boolean } = {}) {
    this.connection = new PgStoreConnection(pool, PURPOSE, options.closePool !== false);
  }

  /**
   * Opens a pool, brings the schema up to date (safe when several replicas start at once) and
   * returns the store.
   * @throws Error naming the store when PostgreSQL cannot be reached or a migration fails.
   */
  static async open(options: PostgresSessionStoreOptions): Promise<PostgresSessionStore> {
    const pool = await openStorePool(options, {
      purpose: PURPOSE,
      configField: 'sessions.store (postgres)',
      prepares: 'the session table',
      component: SESSION_MIGRATIONS_COMPONENT,
      migrations: SESSION_MIGRATIONS,
      defaultQueryTimeoutMs: 2_000,
    });
    return new PostgresSessionStore(pool);
  }

  private query<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    return this.connection.query<R>(text, values);
  }

  async get(key: string): Promise<unknown> {
    const result = await this.query<{ value: unknown }>(
      'SELECT value FROM sessions WHERE key = $1 AND expires_at > $2',
      [key, Date.now()],
    );
    return result.rows[0]?.value ?? null;
  }

  async set(key: string, value: unknown, expiresAt: number): Promise<void> {
    await this.query(
      `INSERT INTO sessions (key, value, expires_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
      [key, JSON.stringify(value), Math.floor(expiresAt)],
    );
  }

  async delete(key: string): Promise<void> {
    await this.query('DELETE FROM sessions WHERE key = $1', [key]);
  }

  async take(key: string): Promise<unknown> {
    // The row is removed whether or not it is still live; only a live one is handed out.
    const result = await this.query<{ value: unknown }>(
      `WITH taken AS (DELETE FROM sessions WHERE key = $1 RETURNING value, expires_at)
       SELECT value FROM taken WHERE expires_at > $2`,
      [key, Date.now()],
    );
    return result.rows[0]?.value ?? null;
  }

  async purgeExpired(): Promise<number> {
    const result = await this.query('DELETE FROM sessions WHERE expires_at <= $1', [Date.now()]);
    return result.rowCount ?? 0;
  }

  ping(): Promise<void> {
    return this.connection.ping();
  }

  /** Lets the queries in flight finish, then ends the pool (when the store owns it). Idempotent. */
  close(): Promise<void> {
    return this.connection.close();
  }
}
