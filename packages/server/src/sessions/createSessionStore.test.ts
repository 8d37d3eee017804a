import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../config/schema';
import { testConfig } from '../../test/portalHarness';
import {
  TEST_REDIS_URL,
  createTestDatabase,
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
});
