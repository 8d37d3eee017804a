import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SUPERSEDE_WINDOW_MS,
  MAX_ANALYTICS_QUERY_LENGTH,
  type AnalyticsStore,
  type ClickEvent,
  type SearchEvent,
} from '../AnalyticsStore';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2025, 2, 10, 9, 0, 0);
/** A period holding every event the tests record. */
const ALL = { from: new Date(START - DAY), to: new Date(START + 30 * DAY) };

function search(overrides: Partial<SearchEvent> & { offsetMs?: number } = {}): SearchEvent {
  const { offsetMs = 0, ...rest } = overrides;
  return {
    query: 'backup',
    filters: {},
    resultCount: 5,
    tookMs: 2.5,
    kind: 'customer',
    at: new Date(START + offsetMs),
    ...rest,
  };
}

function click(overrides: Partial<ClickEvent> & { offsetMs?: number } = {}): ClickEvent {
  const { offsetMs = 0, ...rest } = overrides;
  return {
    query: 'backup',
    rank: 1,
    url: '/docs/guide/a.htm?Highlight=backup#s1',
    kind: 'customer',
    at: new Date(START + offsetMs),
    ...rest,
  };
}

/** Far enough apart that no search supersedes another. */
const APART = DEFAULT_SUPERSEDE_WINDOW_MS + 1000;

/**
 * The contract every AnalyticsStore implementation passes (SQLite, PostgreSQL): run it from a test
 * file of each implementation with a factory for a fresh, empty store using the default supersede
 * window.
 */
export function runAnalyticsStoreContract(
  name: string,
  makeStore: () => Promise<AnalyticsStore>,
): void {
  describe(`AnalyticsStore contract: ${name}`, () => {
    let store: AnalyticsStore;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    it('counts the most searched queries, normalised, with average results and clicks', async () => {
      await store.recordSearch(search({ query: '  Backup   VM ', resultCount: 4 }));
      await store.recordSearch(search({ query: 'backup vm', resultCount: 6, offsetMs: APART }));
      await store.recordSearch(search({ query: 'restore', offsetMs: 2 * APART, kind: 'partner' }));
      await store.recordClick(click({ query: 'BACKUP VM', offsetMs: 3 * APART }));
      const report = await store.report(ALL);
      expect(report.searches).toBe(3);
      expect(report.clicks).toBe(1);
      expect(report.topQueries).toEqual([
        { query: 'backup vm', searches: 2, averageResults: 5, clicks: 1 },
        { query: 'restore', searches: 1, averageResults: 5, clicks: 0 },
      ]);
    });

    it('lists the last searches newest first with the URLs readers of that kind opened (workbench replay)', async () => {
      await store.recordSearch(search({ query: 'Backup VM', filters: { product: ['DP'] } }));
      await store.recordSearch(search({ query: 'restore', offsetMs: APART, kind: 'employee' }));
      await store.recordSearch(search({ query: 'backup vm', offsetMs: 2 * APART }));
      await store.recordClick(
        click({ query: 'backup vm', url: '/docs/a.htm', offsetMs: 3 * APART }),
      );
      await store.recordClick(
        click({ query: 'backup vm', url: '/docs/b.htm', kind: 'partner', offsetMs: 3 * APART }),
      );
      const recent = await store.recentQueries({ limit: 2 });
      expect(recent).toEqual([
        { query: 'backup vm', kind: 'customer', filters: {}, clickedUrls: ['/docs/a.htm'] },
        { query: 'restore', kind: 'employee', filters: {}, clickedUrls: [] },
      ]);
      const all = await store.recentQueries({ limit: 10 });
      expect(all.map((q) => q.query)).toEqual(['backup vm', 'restore', 'backup vm']);
      expect(all[2]?.filters).toEqual({ product: ['DP'] });
    });

    it('keeps queries to 500 characters and ignores empty ones', async () => {
      await store.recordSearch(search({ query: 'x'.repeat(800) }));
      await store.recordSearch(search({ query: '   ', offsetMs: APART }));
      await store.recordClick(click({ query: ' ' }));
      const report = await store.report(ALL);
      expect(report.searches).toBe(1);
      expect(report.clicks).toBe(0);
      expect(report.topQueries[0]?.query).toHaveLength(MAX_ANALYTICS_QUERY_LENGTH);
    });

    it('folds the steps of search as you type into the search they led to', async () => {
      for (const [i, query] of ['b', 'bac', 'backup', 'backup vm'].entries()) {
        await store.recordSearch(
          search({ query, offsetMs: i * 300, resultCount: i === 1 ? 0 : 3 }),
        );
      }
      const report = await store.report(ALL);
      expect(report.searches).toBe(1);
      expect(report.topQueries.map((q) => q.query)).toEqual(['backup vm']);
      expect(report.zeroResultQueries).toEqual([]);
    });

    it('records a batch of searches as it records them one by one, folding within the batch too', async () => {
      const stored = search({ query: 'ins', offsetMs: 0 });
      const batch = [
        search({ query: 'Install', offsetMs: 100 }),
        search({ query: 'install guide', offsetMs: 200, filters: { product: ['Helios', 'DP'] } }),
        search({ query: 'installation', offsetMs: 300, kind: 'employee' }),
        search({ query: '   ', offsetMs: 400 }),
        search({ query: 'upgrade', offsetMs: 500, resultCount: 0 }),
        search({ query: 'upgrade path', offsetMs: 500 + APART }),
        search({ query: 'backup', offsetMs: 600 + APART }),
        search({ query: 'backup', offsetMs: 700 + APART, tookMs: 1 }),
      ];
      await store.recordSearch(stored);
      for (const event of batch) await store.recordSearch(event);
      const batched = await makeStore();
      try {
        await batched.recordSearch(stored);
        await batched.recordSearches(batch);
        await batched.recordSearches([]);
        expect(await batched.report(ALL)).toEqual(await store.report(ALL));
        expect(await batched.recentQueries({ limit: 100 })).toEqual(
          await store.recentQueries({ limit: 100 }),
        );
        expect((await batched.report(ALL)).searches).toBe(5);
      } finally {
        await batched.close();
      }
    });

    it('folds by whole characters, whatever their bytes, and only prefixes of the later query', async () => {
      for (const [i, query] of ['ré', 'rés', 'rész', 'résumé', 'résumé ', 'sumé'].entries()) {
        await store.recordSearch(search({ query, offsetMs: i * 100 }));
      }
      const report = await store.report(ALL);
      expect(report.searches).toBe(3);
      expect(report.topQueries.map((q) => q.query).sort()).toEqual(['résumé', 'rész', 'sumé']);
    });

    it('folds a query run again at once (all results, a filter) into one search', async () => {
      await store.recordSearch(search({ query: 'backup' }));
      await store.recordSearch(
        search({ query: 'backup', offsetMs: 1000, filters: { product: ['Helios'] } }),
      );
      expect((await store.report(ALL)).searches).toBe(1);
    });

    it('keeps searches that are not extended, by another reader kind, or later than the window', async () => {
      await store.recordSearch(search({ query: 'backup' }));
      await store.recordSearch(search({ query: 'restore', offsetMs: 100 }));
      await store.recordSearch(search({ query: 'install' }));
      await store.recordSearch(search({ query: 'installation', offsetMs: 200, kind: 'employee' }));
      await store.recordSearch(search({ query: 'upgrade' }));
      await store.recordSearch(search({ query: 'upgrade path', offsetMs: APART }));
      const report = await store.report(ALL);
      expect(report.topQueries.map((q) => q.query).sort()).toEqual([
        'backup',
        'install',
        'installation',
        'restore',
        'upgrade',
        'upgrade path',
      ]);
    });

    it('lists the queries that found nothing, most searched first, with the last time', async () => {
      await store.recordSearch(search({ query: 'bakcup', resultCount: 0 }));
      await store.recordSearch(search({ query: 'flux', resultCount: 0, offsetMs: APART }));
      await store.recordSearch(search({ query: 'bakcup', resultCount: 0, offsetMs: 2 * APART }));
      await store.recordSearch(search({ query: 'backup', resultCount: 9, offsetMs: 3 * APART }));
      const report = await store.report(ALL);
      expect(report.zeroResultSearches).toBe(3);
      expect(report.zeroResultQueries).toEqual([
        { query: 'bakcup', searches: 2, lastSearchedAt: new Date(START + 2 * APART) },
        { query: 'flux', searches: 1, lastSearchedAt: new Date(START + APART) },
      ]);
    });

    it('gives clicks by rank and their share of the searches', async () => {
      for (let i = 0; i < 4; i += 1) {
        await store.recordSearch(search({ query: `q${i}`, offsetMs: i * APART }));
      }
      await store.recordClick(click({ rank: 1 }));
      await store.recordClick(click({ rank: 1, offsetMs: 10 }));
      await store.recordClick(click({ rank: 3, offsetMs: 20 }));
      const report = await store.report(ALL);
      expect(report.clickThroughByRank).toEqual([
        { rank: 1, clicks: 2, rate: 0.5 },
        { rank: 3, clicks: 1, rate: 0.25 },
      ]);
    });

    it('lists the URLs readers of one kind opened most, most first, within the period', async () => {
      await store.recordClick(click({ url: '/docs/a.htm' }));
      await store.recordClick(click({ url: '/docs/b.htm', offsetMs: 10 }));
      await store.recordClick(click({ url: '/docs/b.htm', offsetMs: 20 }));
      await store.recordClick(click({ url: '/docs/c.htm', kind: 'employee', offsetMs: 30 }));
      await store.recordClick(click({ url: '/docs/d.htm', offsetMs: 40 * DAY }));
      expect(await store.mostOpened(ALL, { kind: 'customer' })).toEqual([
        { url: '/docs/b.htm', opens: 2 },
        { url: '/docs/a.htm', opens: 1 },
      ]);
      expect(await store.mostOpened(ALL, { kind: 'customer', limit: 1 })).toEqual([
        { url: '/docs/b.htm', opens: 2 },
      ]);
      expect(await store.mostOpened(ALL, { kind: 'employee' })).toEqual([
        { url: '/docs/c.htm', opens: 1 },
      ]);
    });

    it('reports the period asked for: start included, end excluded', async () => {
      await store.recordSearch(search({ query: 'before', offsetMs: -1 }));
      await store.recordSearch(search({ query: 'first', offsetMs: 0 }));
      await store.recordSearch(search({ query: 'last', offsetMs: DAY - 1 }));
      await store.recordSearch(search({ query: 'after', offsetMs: DAY }));
      await store.recordClick(click({ offsetMs: DAY }));
      const report = await store.report({ from: new Date(START), to: new Date(START + DAY) });
      expect(report.topQueries.map((q) => q.query).sort()).toEqual(['first', 'last']);
      expect(report.clicks).toBe(0);
    });

    it('cuts the query lists to the limit asked for', async () => {
      for (let i = 0; i < 5; i += 1) {
        await store.recordSearch(search({ query: `query ${i}`, offsetMs: i * APART }));
      }
      expect((await store.report(ALL, { limit: 2 })).topQueries).toHaveLength(2);
    });

    it('answers an empty report for a period without events', async () => {
      expect(await store.report(ALL)).toEqual({
        searches: 0,
        zeroResultSearches: 0,
        clicks: 0,
        topQueries: [],
        zeroResultQueries: [],
        clickThroughByRank: [],
      });
    });

    it('purges events older than a date', async () => {
      await store.recordSearch(search({ query: 'old', offsetMs: -DAY }));
      await store.recordClick(click({ offsetMs: -DAY }));
      await store.recordSearch(search({ query: 'new' }));
      expect(await store.purgeBefore(new Date(START))).toBe(2);
      const report = await store.report(ALL);
      expect(report.topQueries.map((q) => q.query)).toEqual(['new']);
      expect(report.clicks).toBe(0);
    });

    it('answers ping while open', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
