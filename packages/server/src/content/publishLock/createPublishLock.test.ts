import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/portalHarness';
import { createPublishLock } from './createPublishLock';
import { FilePublishLock } from './FilePublishLock';
import { PgPublishLock } from './PgPublishLock';

const PG = 'postgres://portal@db.internal:5432/portal';

describe('choosing the publish lock', () => {
  it('uses a lock file in the data folder when the portal uses no PostgreSQL', () => {
    const config = testConfig();
    const lock = createPublishLock(config, path.join(config.dataDir, 'docsets'));
    expect(lock).toBeInstanceOf(FilePublishLock);
    expect((lock as FilePublishLock).lockPath('guide')).toBe(
      path.join(config.dataDir, 'docsets/guide/.lock'),
    );
  });

  it.each([
    [
      'the search engine',
      { search: { engine: 'postgres', postgres: { url: PG } } },
      'search.postgres.url',
    ],
    [
      'the analytics store',
      { analytics: { store: { kind: 'postgres', url: PG } } },
      'analytics.store.url',
    ],
    [
      'the session store',
      { sessions: { store: { kind: 'postgres', url: PG } } },
      'sessions.store.url',
    ],
  ] as const)(
    'uses a PostgreSQL advisory lock in the database of %s',
    (_what, overrides, field) => {
      const lock = createPublishLock(testConfig(overrides), '/unused');
      expect(lock).toBeInstanceOf(PgPublishLock);
      expect(lock.description).toBe(`PostgreSQL advisory lock (${field})`);
    },
  );
});
