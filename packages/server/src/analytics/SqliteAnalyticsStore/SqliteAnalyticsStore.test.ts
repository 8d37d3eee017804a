import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runAnalyticsStoreContract } from '../testing/analyticsStoreContract';
import { SqliteAnalyticsStore } from './SqliteAnalyticsStore';

runAnalyticsStoreContract('sqlite', async () => new SqliteAnalyticsStore(':memory:'));

describe('SqliteAnalyticsStore', () => {
  it('keeps events in analytics.sqlite of the data folder, with nothing about the reader but the kind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'analytics-'));
    try {
      const first = new SqliteAnalyticsStore(dir);
      const at = new Date('2025-03-10T10:00:00Z');
      await first.recordSearch({
        query: 'Backup',
        filters: { product: ['Helios'] },
        resultCount: 2,
        tookMs: 1,
        kind: 'partner',
        at,
      });
      await first.close();
      const db = new Database(path.join(dir, 'analytics.sqlite'), { readonly: true });
      const columns = (
        db.prepare('PRAGMA table_info(search_events)').all() as { name: string }[]
      ).map((c) => c.name);
      db.close();
      expect(columns.sort()).toEqual(
        ['at', 'filters', 'id', 'kind', 'query', 'result_count', 'superseded', 'took_ms'].sort(),
      );
      const second = new SqliteAnalyticsStore(dir);
      const report = await second.report({ from: new Date(0), to: new Date('2030-01-01') });
      expect(report.topQueries[0]?.query).toBe('backup');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects ping once closed', async () => {
    const store = new SqliteAnalyticsStore(':memory:');
    await store.close();
    await expect(store.ping()).rejects.toThrow();
  });
});
