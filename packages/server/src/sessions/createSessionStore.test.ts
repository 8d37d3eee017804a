import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../config/schema';
import { signIn, startPortal, testConfig, type RunningPortal } from '../../test/portalHarness';
import { timed } from '../../test/services/eventually';
import {
  TEST_REDIS_URL,
  createTestDatabase,
  deleteRedisKeys,
  uniqueRedisPrefix,
  type TestDatabase,
} from '../../test/services/testServers';
import { createSessionStore } from './createSessionStore';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

describe('createSessionStore', () => {
  it('opens the embedded SQLite store by default', async () => {
    const store = await createSessionStore(testConfig());
    expect(store.kind).toBe('sqlite');
    await store.close();
  });

  it('opens a Redis store that answers as soon as it is returned', async () => {
    const config = testConfig({ sessions: { store: { kind: 'redis', url: TEST_REDIS_URL } } });
    const store = await createSessionStore(config);
    expect(store.kind).toBe('redis');
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
  });

  it('opens a PostgreSQL store with its table migrated at start-up', async () => {
    const config = testConfig({
      sessions: { store: { kind: 'postgres', url: database.url, poolSize: 2 } },
    });
    const store = await createSessionStore(config);
    expect(store.kind).toBe('postgres');
    await store.set('k', { v: 1 }, Date.now() + 60_000);
    expect(await store.get('k')).toEqual({ v: 1 });
    await store.close();
  });

  it('refuses an unknown kind, listing the known ids', async () => {
    const config = testConfig();
    const unknown = {
      ...config,
      sessions: { ...config.sessions, store: { kind: 'mongodb' } },
    } as unknown as PortalConfig;
    await expect(createSessionStore(unknown)).rejects.toThrow(
      'sessions.store.kind "mongodb" is not available in this build; known: sqlite, redis, postgres',
    );
  });

  it('keeps portals on one Redis apart by their key prefixes', async () => {
    const prefixes = [uniqueRedisPrefix(), uniqueRedisPrefix()];
    const portals: RunningPortal[] = [];
    try {
      for (const keyPrefix of prefixes) {
        portals.push(
          await startPortal({
            sessions: { store: { kind: 'redis', url: TEST_REDIS_URL, keyPrefix } },
          }),
        );
      }
      const [first, second] = portals as [RunningPortal, RunningPortal];
      const employee = first.client();
      await signIn(employee, 'employee', { provider: 'employee' });
      expect((await employee.request('/docs/user')).status).toBe(200);
      const intruder = second.client();
      for (const [name, cookie] of employee.cookies) intruder.cookies.set(name, cookie);
      expect((await intruder.request('/docs/user')).status).toBe(401);
    } finally {
      await Promise.all(portals.map((portal) => portal.close()));
      await Promise.all(prefixes.map((prefix) => deleteRedisKeys(prefix)));
    }
  });

  it('gives up on a PostgreSQL query after the configured timeoutMs', async () => {
    const config = testConfig({
      sessions: { store: { kind: 'postgres', url: database.url, poolSize: 2, timeoutMs: 700 } },
    });
    const store = await createSessionStore(config);
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      const attempt = await timed(() => store.get('any'));
      expect(attempt.rejected).toBe(true);
      // The store's own default is 2000 ms: well above what was configured.
      expect(attempt.ms).toBeGreaterThanOrEqual(650);
      expect(attempt.ms).toBeLessThan(1_500);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
      await store.close();
    }
  });
});
