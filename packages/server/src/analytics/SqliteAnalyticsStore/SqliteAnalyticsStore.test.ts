import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runAnalyticsStoreContract } from '../testing/analyticsStoreContract';
import { runFeedbackStoreContract } from '../testing/feedbackStoreContract';
import { SQLITE_ANALYTICS_MIGRATIONS, SqliteAnalyticsStore } from './SqliteAnalyticsStore';

runAnalyticsStoreContract('sqlite', async () => new SqliteAnalyticsStore(':memory:'));
runFeedbackStoreContract('sqlite', async () => new SqliteAnalyticsStore(':memory:'));

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

  it('records searches while another process holds the file, and writes them once it is free', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'analytics-'));
    try {
      const store = new SqliteAnalyticsStore(dir, { batchDelayMs: 10 });
      const other = new Database(path.join(dir, 'analytics.sqlite'));
      other.exec('BEGIN IMMEDIATE');
      const at = new Date('2025-03-10T10:00:00Z');
      const started = performance.now();
      await store.recordSearch({
        query: 'Locked',
        filters: {},
        resultCount: 1,
        tookMs: 1,
        kind: 'customer',
        at,
      });
      await store.recordClick({ query: 'Locked', rank: 1, url: '/docs/x', kind: 'customer', at });
      expect(performance.now() - started).toBeLessThan(50);
      await new Promise((resolve) => setTimeout(resolve, 100));
      other.exec('ROLLBACK');
      other.close();
      const report = await store.report({ from: new Date(0), to: new Date('2030-01-01') });
      expect(report).toMatchObject({ searches: 1, clicks: 1 });
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('numbers its schema with user_version and adopts a file written before versioning', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'analytics-'));
    try {
      const file = path.join(dir, 'analytics.sqlite');
      const old = new Database(file);
      old.exec(SQLITE_ANALYTICS_MIGRATIONS[0] as string);
      old
        .prepare(
          `INSERT INTO search_events (at, kind, query, filters, result_count, took_ms) VALUES (?, 'partner', 'restore', '{}', 3, 1)`,
        )
        .run(Date.parse('2025-03-10T10:00:00Z'));
      expect(old.pragma('user_version', { simple: true })).toBe(0);
      old.close();

      const store = new SqliteAnalyticsStore(dir);
      const report = await store.report({ from: new Date(0), to: new Date('2030-01-01') });
      expect(report.topQueries.map((q) => q.query)).toEqual(['restore']);
      await store.close();
      const db = new Database(file);
      expect(db.pragma('user_version', { simple: true })).toBe(SQLITE_ANALYTICS_MIGRATIONS.length);
      const partial = db
        .prepare("SELECT sql FROM sqlite_master WHERE name = 'search_events_at'")
        .pluck()
        .get() as string;
      expect(partial).toMatch(/WHERE superseded = 0/);
      db.pragma('user_version = 99');
      db.close();
      expect(() => new SqliteAnalyticsStore(dir)).toThrow(/schema version 99/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
