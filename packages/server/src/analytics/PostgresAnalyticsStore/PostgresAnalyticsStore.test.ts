import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, viaPort, type TestDatabase } from '../../../test/services/testServers';
import { TcpProxy } from '../../../test/services/TcpProxy';
import { eventually } from '../../../test/services/eventually';
import { runAnalyticsStoreContract } from '../testing/analyticsStoreContract';
import { runFeedbackStoreContract } from '../testing/feedbackStoreContract';
import { PostgresAnalyticsStore } from './PostgresAnalyticsStore';

let database: TestDatabase;
let admin: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await admin?.end();
  await database?.drop();
});

runAnalyticsStoreContract('postgres', async () => {
  const store = await PostgresAnalyticsStore.open({ url: database.url, poolSize: 4 });
  await admin.query('TRUNCATE search_events, click_events');
  return store;
});

runFeedbackStoreContract('postgres', async () => {
  const store = await PostgresAnalyticsStore.open({ url: database.url, poolSize: 4 });
  await admin.query(
    'TRUNCATE search_events, click_events, feedback_events, missing_landings, analytics_salt, gap_deliveries',
  );
  return store;
});

const search = (query: string, at: Date) => ({
  query,
  filters: { product: ['Helios', 'Helios', 'Data Platform'], version: [] },
  resultCount: 3,
  tookMs: 1.5,
  kind: 'employee' as const,
  at,
});

describe('PostgresAnalyticsStore', () => {
  it('creates its tables through a migration recorded once, however often it opens', async () => {
    const stores = await Promise.all([
      PostgresAnalyticsStore.open({ url: database.url, poolSize: 2 }),
      PostgresAnalyticsStore.open({ url: database.url, poolSize: 2 }),
    ]);
    await Promise.all(stores.map((s) => s.close()));
    const recorded = await admin.query(
      `SELECT id FROM schema_migrations WHERE component = 'analytics'`,
    );
    expect(recorded.rows.map((r: { id: string }) => r.id).sort()).toEqual([
      '001-create-analytics-events',
      '002-feedback-and-missing-landings',
    ]);
  });

  it('keeps nothing about the reader but the kind, and filters in a stable form', async () => {
    await admin.query('TRUNCATE search_events, click_events');
    const store = await PostgresAnalyticsStore.open({ url: database.url, poolSize: 2 });
    try {
      const at = new Date('2025-03-10T10:00:00.123Z');
      await store.recordSearch(search('Backup', at));
      const columns = await admin.query(
        `SELECT column_name FROM information_schema.columns
         WHERE table_name = 'search_events' ORDER BY column_name`,
      );
      expect(columns.rows.map((r: { column_name: string }) => r.column_name)).toEqual(
        ['at', 'filters', 'id', 'kind', 'query', 'result_count', 'superseded', 'took_ms'].sort(),
      );
      const row = await admin.query('SELECT at, filters, kind, query FROM search_events');
      expect(row.rows).toEqual([
        {
          at,
          filters: { product: ['Data Platform', 'Helios'] },
          kind: 'employee',
          query: 'backup',
        },
      ]);
    } finally {
      await store.close();
    }
  });

  it('folds search as you type typed through two replicas into one search', async () => {
    await admin.query('TRUNCATE search_events, click_events');
    const [one, two] = await Promise.all([
      PostgresAnalyticsStore.open({ url: database.url, poolSize: 2 }),
      PostgresAnalyticsStore.open({ url: database.url, poolSize: 2 }),
    ]);
    try {
      const start = Date.UTC(2025, 2, 10);
      await one.recordSearch(search('ba', new Date(start)));
      await two.recordSearch(search('bac', new Date(start + 200)));
      await one.recordSearch(search('backup', new Date(start + 400)));
      const report = await two.report({ from: new Date(start), to: new Date(start + 1000) });
      expect(report.topQueries.map((q) => q.query)).toEqual(['backup']);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('fails while PostgreSQL is unreachable and keeps earlier events when it is back', async () => {
    await admin.query('TRUNCATE search_events, click_events');
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: 5432 });
    const store = await PostgresAnalyticsStore.open({
      url: viaPort(database.url, proxy.port),
      poolSize: 2,
      queryTimeoutMs: 1_000,
      connectTimeoutMs: 1_000,
    });
    try {
      const at = new Date(Date.UTC(2025, 2, 10));
      await store.recordSearch(search('before outage', at));
      proxy.cut();
      await expect(store.ping()).rejects.toThrow();
      await expect(store.recordSearch(search('during', at))).rejects.toThrow();
      proxy.restore();
      await eventually(() => store.ping());
      const report = await store.report({ from: at, to: new Date(at.getTime() + 1) });
      expect(report.topQueries.map((q) => q.query)).toEqual(['before outage']);
    } finally {
      await store.close();
      await proxy.close();
    }
  });

  it('refuses to open, naming the store, when PostgreSQL cannot be reached', async () => {
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: 5432 });
    proxy.cut();
    try {
      await expect(
        PostgresAnalyticsStore.open({ url: viaPort(database.url, proxy.port), poolSize: 1 }),
      ).rejects.toThrow('analytics.store (postgres): cannot prepare the analytics tables');
    } finally {
      await proxy.close();
    }
  });

  it('ends its pool on close: ping rejects after, closing twice is not an error', async () => {
    const store = await PostgresAnalyticsStore.open({ url: database.url, poolSize: 1 });
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
    await expect(store.ping()).rejects.toThrow();
  });
});
