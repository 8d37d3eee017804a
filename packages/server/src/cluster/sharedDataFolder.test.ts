import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/portalHarness';
import { buildApp } from '../app';
import { HostMarkers } from './HostMarkers';
import {
  checkSharedDataFolder,
  sharedSqliteRefusal,
  sqliteStoresOf,
  type DataFolderFacts,
} from './sharedDataFolder';

const EXT4 = 0xef53;
const NFS = 0x6969;
const PG = 'postgres://portal@db.internal:5432/portal';

/** A config keeping nothing in SQLite: index and analytics in PostgreSQL, sessions in Redis. */
function sharedStoresConfig() {
  return testConfig({
    search: { engine: 'postgres', postgres: { url: PG } },
    sessions: { store: { kind: 'redis', url: 'redis://cache.internal:6379' } },
    analytics: { store: { kind: 'postgres', url: PG } },
  });
}

function facts(overrides: Partial<DataFolderFacts>): DataFolderFacts {
  return {
    dataDir: '/srv/portal/data',
    sqliteStores: sqliteStoresOf(testConfig()),
    networkFileSystem: null,
    otherHosts: [],
    ...overrides,
  };
}

describe('refusing SQLite in a shared data folder', () => {
  it('refuses the SQLite search index on a network file system, pointing to PostgreSQL', () => {
    const message = sharedSqliteRefusal(facts({ networkFileSystem: 'NFS' }));
    expect(message).toContain('the data folder /srv/portal/data is on a network file system (NFS)');
    expect(message).toContain(
      'search.engine: sqlite -> search.engine: postgres with search.postgres.url',
    );
    expect(message).toContain(
      'sessions.store.kind: sqlite -> sessions.store.kind: redis or postgres',
    );
  });

  it('refuses when another host uses the folder, naming it', () => {
    const message = sharedSqliteRefusal(
      facts({ otherHosts: [{ host: 'web-2', lastSeenMsAgo: 4_000 }] }),
    );
    expect(message).toContain('shared with portals on other hosts: web-2 (seen 4 s ago)');
    expect(message).toContain('PostgreSQL engine');
  });

  it('lets a portal start on a local folder of its own, or anywhere without SQLite', () => {
    expect(sharedSqliteRefusal(facts({}))).toBeNull();
    const noSqlite = sqliteStoresOf(sharedStoresConfig());
    expect(noSqlite).toEqual([]);
    expect(
      sharedSqliteRefusal(
        facts({
          sqliteStores: noSqlite,
          networkFileSystem: 'NFS',
          otherHosts: [{ host: 'web-2', lastSeenMsAgo: 0 }],
        }),
      ),
    ).toBeNull();
  });

  it('checks the real data folder: refuses with a fake NFS type and leaves no marker behind', async () => {
    const config = testConfig();
    await expect(
      checkSharedDataFolder(config, { host: 'web-1', fileSystemType: async () => NFS }),
    ).rejects.toThrow('network file system (NFS)');
    expect(existsSync(path.join(config.dataDir, 'hosts/web-1.json'))).toBe(false);
    const markers = await checkSharedDataFolder(config, {
      host: 'web-1',
      fileSystemType: async () => EXT4,
    });
    expect(existsSync(path.join(config.dataDir, 'hosts/web-1.json'))).toBe(true);
    markers.close();
  });

  it('lets the second host start on the shared folder only without SQLite', async () => {
    const sqlite = testConfig();
    const first = await checkSharedDataFolder(sqlite, {
      host: 'web-1',
      fileSystemType: async () => EXT4,
    });
    await expect(
      checkSharedDataFolder(sqlite, { host: 'web-2', fileSystemType: async () => EXT4 }),
    ).rejects.toThrow(/other hosts: web-1/);
    const shared = { ...sharedStoresConfig(), dataDir: sqlite.dataDir };
    const second = await checkSharedDataFolder(shared, {
      host: 'web-2',
      fileSystemType: async () => NFS,
    });
    first.close();
    second.close();
  });

  it('keeps the portal from starting while a portal of another host uses its data folder', async () => {
    const config = testConfig();
    expect(hostname()).not.toBe('portal-on-another-host');
    await new HostMarkers(config.dataDir, 'portal-on-another-host').beat();
    await expect(buildApp(config, { logger: false })).rejects.toThrow(
      /shared with portals on other hosts: portal-on-another-host[\s\S]*search\.engine: postgres/,
    );
    expect(existsSync(path.join(config.dataDir, 'search'))).toBe(false);
  });
});
