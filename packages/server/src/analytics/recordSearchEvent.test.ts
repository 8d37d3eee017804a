import type { SearchRequest, SearchResponse } from '@docs-portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsStore, SearchEvent } from './AnalyticsStore';
import { SqliteAnalyticsStore } from './SqliteAnalyticsStore/SqliteAnalyticsStore';
import { SearchEventRecorder } from './recordSearchEvent';

const AT = new Date('2025-03-05T10:00:00Z');

function request(overrides: Partial<SearchRequest> = {}): SearchRequest {
  return {
    q: 'Backup',
    product: [],
    version: [],
    docType: [],
    page: 1,
    pageSize: 10,
    explain: false,
    ...overrides,
  };
}

const response: SearchResponse = {
  query: 'Backup',
  total: 7,
  page: 1,
  pageSize: 10,
  tookMs: 2.5,
  hits: [],
  facets: { product: [], version: [], docType: [] },
  suggestion: null,
};

/** A store whose batch writes are recorded, and can be held back until `release` is called. */
function fakeStore(options: { fail?: Error } = {}) {
  const batches: SearchEvent[][] = [];
  let release: () => void = () => undefined;
  let held: Promise<void> | undefined;
  const recordSearches = vi.fn(async (events: readonly SearchEvent[]) => {
    if (held !== undefined) await held;
    if (options.fail) throw options.fail;
    batches.push([...events]);
  });
  const store = { recordSearches } as unknown as AnalyticsStore;
  return {
    store,
    batches,
    recordSearches,
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

const searched = (q: string, page = 1) => ({
  request: request({ q, page }),
  response: { ...response, query: q },
  kind: 'customer' as const,
});

describe('SearchEventRecorder', () => {
  it('records the query, filters, result count, time and reader kind of a first page', async () => {
    const fake = fakeStore();
    const recorder = new SearchEventRecorder(fake.store, { now: () => AT });
    recorder.onSearch({
      request: request({ product: ['Helios'], docType: ['guide'] }),
      response,
      kind: 'employee',
    });
    await recorder.flush();
    expect(fake.batches).toEqual([
      [
        {
          query: 'Backup',
          filters: { product: ['Helios'], docType: ['guide'] },
          resultCount: 7,
          tookMs: 2.5,
          kind: 'employee',
          at: AT,
        },
      ],
    ]);
  });

  it('leaves out further pages of the same search', async () => {
    const fake = fakeStore();
    const recorder = new SearchEventRecorder(fake.store);
    recorder.onSearch(searched('backup', 2));
    await recorder.flush();
    expect(fake.recordSearches).not.toHaveBeenCalled();
  });

  it('queues searches off the request path and writes them together after the batch delay', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeStore();
      const recorder = new SearchEventRecorder(fake.store, { batchDelayMs: 250 });
      for (const q of ['a', 'b', 'c']) recorder.onSearch(searched(q));
      expect(fake.recordSearches).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(249);
      expect(fake.recordSearches).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(fake.batches.map((b) => b.map((e) => e.query))).toEqual([['a', 'b', 'c']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes a full batch at once, and batches one after the other in order', async () => {
    const fake = fakeStore();
    const recorder = new SearchEventRecorder(fake.store, { batchSize: 2, batchDelayMs: 60_000 });
    fake.hold();
    for (const q of ['a', 'b', 'c', 'd', 'e']) recorder.onSearch(searched(q));
    // The first full batch is being written (no 60 s wait); the next waits for it.
    await vi.waitFor(() => expect(fake.recordSearches).toHaveBeenCalledTimes(1));
    fake.release();
    await recorder.close();
    expect(fake.batches.map((b) => b.map((e) => e.query))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('drops searches beyond the cap while the store is behind, logging once and counting each', async () => {
    const fake = fakeStore();
    const warn = vi.fn();
    const onDropped = vi.fn();
    const recorder = new SearchEventRecorder(fake.store, {
      batchSize: 2,
      maxQueued: 3,
      logger: { warn },
      onDropped,
    });
    fake.hold();
    for (const q of ['a', 'b', 'c', 'd', 'e']) recorder.onSearch(searched(q));
    expect(onDropped).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    fake.release();
    await recorder.flush();
    recorder.onSearch(searched('f'));
    await recorder.close();
    expect(fake.batches.map((b) => b.map((e) => e.query))).toEqual([['a', 'b'], ['c'], ['f']]);
    expect(onDropped).toHaveBeenCalledTimes(2);
  });

  it('logs a store failure instead of failing the search', async () => {
    const failure = new Error('disk full');
    const fake = fakeStore({ fail: failure });
    const warn = vi.fn();
    const recorder = new SearchEventRecorder(fake.store, { logger: { warn } });
    expect(() => recorder.onSearch(searched('backup'))).not.toThrow();
    await recorder.flush();
    expect(warn).toHaveBeenCalledWith(
      { err: failure, searches: 1 },
      'could not record searches for analytics',
    );
  });

  it('counts queued searches in reports read through it, before the batch is due', async () => {
    const store = new SqliteAnalyticsStore(':memory:');
    const recorder = new SearchEventRecorder(store, { batchDelayMs: 60_000, now: () => AT });
    const analytics = recorder.withQueuedSearches(store);
    recorder.onSearch(searched('backup'));
    const day = { from: new Date(AT.getTime() - 1000), to: new Date(AT.getTime() + 1000) };
    expect((await analytics.report(day)).searches).toBe(1);
    recorder.onSearch(searched('restore'));
    expect((await analytics.recentQueries({ limit: 10 })).map((q) => q.query)).toEqual([
      'restore',
      'backup',
    ]);
    await analytics.close();
  });

  it('writes what is queued when closed, so a clean shutdown loses nothing', async () => {
    const store = new SqliteAnalyticsStore(':memory:');
    const recorder = new SearchEventRecorder(store, { batchDelayMs: 60_000, now: () => AT });
    recorder.onSearch(searched('backup'));
    recorder.onSearch(searched('restore'));
    await recorder.close();
    recorder.onSearch(searched('after close'));
    const day = { from: new Date(AT.getTime() - 1000), to: new Date(AT.getTime() + 1000) };
    const report = await store.report(day);
    await store.close();
    expect(report.topQueries.map((q) => q.query).sort()).toEqual(['backup', 'restore']);
  });
});
