import type pg from 'pg';

/** One schema change of a component, applied once per database. */
export interface Migration {
  /** Stable id, unique within the component, e.g. `001-create-sessions`; never renamed. */
  id: string;
  /**
   * SQL run in one transaction together with its record in `schema_migrations` (several statements
   * may be separated by semicolons; statements that cannot run in a transaction are not supported).
   */
  sql: string;
}

/** Options of a migration run. */
export interface RunMigrationsOptions {
  /**
   * Longest wait for each statement, lock included: another replica may hold the migration lock
   * while it builds an index on a large table (default ten minutes).
   */
  timeoutMs?: number;
}

/** A migration that failed; nothing of it was kept, the ones before it were. */
export class MigrationError extends Error {
  constructor(
    /** The component whose migration failed. */
    readonly component: string,
    /** Id of the failed migration. */
    readonly migrationId: string,
    cause: unknown,
  ) {
    super(
      `migration ${component}/${migrationId} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'MigrationError';
  }
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/**
 * Applies the `migrations` of `component` that this database has not seen yet, in array order,
 * each in its own transaction recorded in `schema_migrations`. Idempotent, and safe when several
 * replicas start at once: the whole run holds a PostgreSQL advisory lock, so a replica that starts
 * second waits, then finds everything applied.
 * @returns the ids applied by this call (empty when the schema was already current).
 * @throws MigrationError naming the migration that failed (it is rolled back, the lock released).
 */
export async function runMigrations(
  pool: pg.Pool,
  component: string,
  migrations: readonly Migration[],
  options: RunMigrationsOptions = {},
): Promise<string[]> {
  const ids = migrations.map((m) => m.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`migrations of ${component}: duplicate id "${duplicate}"`);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const run = (client: pg.PoolClient, text: string, values?: unknown[]) => {
    // `query_timeout` per query is read by pg's client but missing from @types/pg's QueryConfig.
    const query: pg.QueryConfig & { query_timeout: number } = {
      text,
      values,
      query_timeout: timeout,
    };
    return client.query(query);
  };

  const client = await pool.connect();
  // A checked-out client has no error listener of the pool's: without one, a dropped connection
  // would be an unhandled 'error' event. The failure reaches us through the pending query anyway.
  const ignore = () => {};
  client.on('error', ignore);
  let failure: unknown;
  try {
    await run(client, `SELECT pg_advisory_lock(hashtextextended('docs-portal migrations', 0))`);
    try {
      await run(
        client,
        `CREATE TABLE IF NOT EXISTS schema_migrations (
          component text NOT NULL,
          id text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (component, id)
        )`,
      );
      const done = await run(client, 'SELECT id FROM schema_migrations WHERE component = $1', [
        component,
      ]);
      const applied = new Set(done.rows.map((row: { id: string }) => row.id));
      const appliedNow: string[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.id)) continue;
        try {
          await run(client, 'BEGIN');
          await run(client, migration.sql);
          await run(client, 'INSERT INTO schema_migrations (component, id) VALUES ($1, $2)', [
            component,
            migration.id,
          ]);
          await run(client, 'COMMIT');
        } catch (error) {
          await run(client, 'ROLLBACK').catch(ignore);
          throw new MigrationError(component, migration.id, error);
        }
        appliedNow.push(migration.id);
      }
      return appliedNow;
    } finally {
      await run(
        client,
        `SELECT pg_advisory_unlock(hashtextextended('docs-portal migrations', 0))`,
      ).catch((error: unknown) => {
        failure ??= error;
      });
    }
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.removeListener('error', ignore);
    // Releasing with an error drops the connection, and with it any lock it might still hold.
    client.release(failure === undefined ? undefined : new Error('migration run failed'));
  }
}
