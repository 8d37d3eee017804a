import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/loadConfig';
import type { PortalConfig } from '../config/schema';
import { createTestDatabase, type TestDatabase } from '../../test/services/testServers';
import { createAnalyticsStore } from './createAnalyticsStore';

let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'analytics-config-'));
});

afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A valid config with an `analytics` setting, whether or not the schema knows the field yet. */
function configWith(analytics: unknown): PortalConfig {
  const config = parseConfig({ dataDir }, { env: {} });
  return { ...config, analytics } as PortalConfig;
}

describe('createAnalyticsStore', () => {
  it('opens the embedded SQLite store when the config names no store', async () => {
    const store = await createAnalyticsStore(parseConfig({ dataDir }, { env: {} }));
    expect(store.kind).toBe('sqlite');
    await store.close();
  });

  it('opens the PostgreSQL store the config names, ready to use', async () => {
    const store = await createAnalyticsStore(
      configWith({ store: { kind: 'postgres', url: database.url, poolSize: 2 } }),
    );
    try {
      expect(store.kind).toBe('postgres');
      await expect(store.ping()).resolves.toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('fails naming the known ids for an unknown kind', async () => {
    await expect(createAnalyticsStore(configWith({ store: { kind: 'mongo' } }))).rejects.toThrow(
      'analytics.store.kind "mongo" is not available in this build; known: sqlite, postgres',
    );
  });
});
