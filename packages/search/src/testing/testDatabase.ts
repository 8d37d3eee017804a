import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server tests run against: this machine's (trust auth, user postgres; `.ci/run`
 * starts it), or another named by TEST_POSTGRES_URL.
 */
export const TEST_POSTGRES_URL =
  process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway PostgreSQL database of one test file. */
export interface TestDatabase {
  /** Its name, `<prefix><random>`. */
  name: string;
  /** Connection URL of the database. */
  url: string;
  /** Drops it, closing whatever connections are left. */
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database of its own (default name `docs_portal_test_<random>`), so parallel
 * test files and runs never see each other's rows.
 */
export async function createTestDatabase(prefix = 'docs_portal_test_'): Promise<TestDatabase> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
