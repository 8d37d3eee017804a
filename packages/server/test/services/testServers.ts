import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';

/**
 * The real servers tests run against: this machine's PostgreSQL and Redis (`.ci/run` starts them),
 * or others named by TEST_POSTGRES_URL / TEST_REDIS_URL.
 */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** See TEST_POSTGRES_URL. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A throwaway PostgreSQL database of one test file. */
export interface TestDatabase {
  /** Its name, `docs_portal_test_<random>`. */
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

/** Creates an empty database of its own, so parallel test runs never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `docs_portal_test_${randomBytes(6).toString('hex')}`;
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

/** A Redis key prefix no other test run uses: `docs-portal-test:<random>:`. */
export function uniqueRedisPrefix(): string {
  return `docs-portal-test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every Redis key under `prefix` (a test's cleanup). */
export async function deleteRedisKeys(prefix: string): Promise<number> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}

/** `serviceUrl` pointed at 127.0.0.1:`port` instead (to reach the server through a TcpProxy). */
export function viaPort(serviceUrl: string, port: number): string {
  const url = new URL(serviceUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.href;
}

/** The host and port of a service URL (`redis://127.0.0.1:6379` → 127.0.0.1, 6379). */
export function addressOf(serviceUrl: string, defaultPort: number): { host: string; port: number } {
  const url = new URL(serviceUrl);
  return { host: url.hostname, port: url.port ? Number(url.port) : defaultPort };
}
