import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Server the PostgreSQL tests run against (trust auth, user postgres). */
export const TEST_SERVER_URL =
  process.env['SEARCH_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway database for one test file. */
export interface TestDatabase {
  /** Connection URL of the database. */
  url: string;
  /** Drops the database (closing any connection still open to it). */
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database named `docs_portal_search_test_<random>`. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `docs_portal_search_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
