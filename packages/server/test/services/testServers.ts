import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

// Throwaway PostgreSQL databases come from the search package's test helpers (one implementation).
export {
  createTestDatabase,
  TEST_POSTGRES_URL,
  type TestDatabase,
} from '@docs-portal/search/testing';

/**
 * The Redis server tests run against: this machine's (`.ci/run` starts it), or another named by
 * TEST_REDIS_URL.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
