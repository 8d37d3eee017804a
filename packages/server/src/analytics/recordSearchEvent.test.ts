import type { SearchRequest, SearchResponse } from '@docs-portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsStore } from './AnalyticsStore';
import { recordSearchEvent } from './recordSearchEvent';

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

function fakeStore(recordSearch = vi.fn(async () => undefined)) {
  return { recordSearch } as unknown as AnalyticsStore & { recordSearch: typeof recordSearch };
}

describe('recordSearchEvent', () => {
  it('records the query, filters, result count, time and reader kind of a first page', () => {
    const store = fakeStore();
    recordSearchEvent(store, { now: () => AT })({
      request: request({ product: ['Helios'], docType: ['guide'] }),
      response,
      kind: 'employee',
    });
    expect(store.recordSearch).toHaveBeenCalledWith({
      query: 'Backup',
      filters: { product: ['Helios'], docType: ['guide'] },
      resultCount: 7,
      tookMs: 2.5,
      kind: 'employee',
      at: AT,
    });
  });

  it('leaves out further pages of the same search', () => {
    const store = fakeStore();
    recordSearchEvent(store)({ request: request({ page: 2 }), response, kind: 'customer' });
    expect(store.recordSearch).not.toHaveBeenCalled();
  });

  it('logs a store failure instead of failing the search', async () => {
    const failure = new Error('disk full');
    const store = fakeStore(vi.fn(async () => Promise.reject(failure)));
    const warn = vi.fn();
    expect(() =>
      recordSearchEvent(store, { logger: { warn } })({
        request: request(),
        response,
        kind: 'customer',
      }),
    ).not.toThrow();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        { err: failure },
        'could not record a search for analytics',
      ),
    );
  });
});
