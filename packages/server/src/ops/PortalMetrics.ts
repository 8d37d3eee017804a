import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ResultCacheStats } from '@docs-portal/search';

/** Size of the search index, as `SearchEngine.stats()` reports it. */
export interface SearchIndexSize {
  /** Doc sets indexed. */
  docSets: number;
  /** Pages indexed. */
  pages: number;
  /** Sections indexed. */
  sections: number;
  /** Bytes the index uses on disk or in the database. */
  bytes: number;
}

/** Options of the metrics of one portal instance. */
export interface PortalMetricsOptions {
  /** Also collect process and Node.js runtime metrics (CPU, memory, event loop, GC); default true. */
  processMetrics?: boolean;
}

/** Route label of requests no route matched (404s), so unknown URLs never become label values. */
export const UNMATCHED_ROUTE = '(unmatched)';

const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SEARCH_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The Prometheus metrics of one portal instance, in a registry of its own (never prom-client's
 * global one, so several apps in one process, as in tests, do not mix their counts):
 * - `portal_http_requests_total{method,route,status_code}` and
 *   `portal_http_request_duration_seconds{method,route,status_code}`: route is the route pattern
 *   (`/docs/auth/:provider`), never the raw URL;
 * - `portal_sign_ins_total{provider,result}` with result `success` or `failure`;
 * - `portal_search_query_duration_seconds{operation}` (`search`, `suggest`);
 * - `portal_search_index_{doc_sets,pages,sections,bytes}`, read from the engine at each scrape;
 * - `portal_search_result_cache_{hits,misses}_total` and `portal_search_result_cache_{entries,bytes}`:
 *   the engine's cache of answers, read at each scrape;
 * - the standard `process_*` and `nodejs_*` metrics.
 */
export class PortalMetrics {
  /** The registry `/metrics` renders. */
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status_code'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly signIns: Counter<'provider' | 'result'>;
  private readonly searchDuration: Histogram<'operation'>;
  private readonly analyticsDropped: Counter;
  private indexSize?: () => Promise<SearchIndexSize>;
  private resultCache?: () => ResultCacheStats | undefined;
  private pendingIndexSize?: Promise<SearchIndexSize | undefined>;

  constructor(options: PortalMetricsOptions = {}) {
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by route pattern and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.signIns = new Counter({
      name: 'portal_sign_ins_total',
      help: 'Completed sign-ins, by identity provider and result.',
      labelNames: ['provider', 'result'],
      registers,
    });
    this.analyticsDropped = new Counter({
      name: 'portal_analytics_searches_dropped_total',
      help: 'Searches not recorded for analytics because too many were waiting to be written.',
      registers,
    });
    this.searchDuration = new Histogram({
      name: 'portal_search_query_duration_seconds',
      help: 'Time the search engine took to answer a query.',
      labelNames: ['operation'],
      buckets: SEARCH_BUCKETS,
      registers,
    });
    const sizeGauge = (name: string, help: string, pick: (size: SearchIndexSize) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers,
        collect: async () => {
          const size = await this.currentIndexSize();
          if (size) gauge.set(pick(size));
        },
      });
    };
    sizeGauge('portal_search_index_doc_sets', 'Doc sets in the search index.', (s) => s.docSets);
    sizeGauge('portal_search_index_pages', 'Pages in the search index.', (s) => s.pages);
    sizeGauge('portal_search_index_sections', 'Sections in the search index.', (s) => s.sections);
    sizeGauge('portal_search_index_bytes', 'Bytes used by the search index.', (s) => s.bytes);
    // Counters that follow the engine's own running totals: each scrape adds what was new since.
    const cacheCounter = (name: string, help: string, pick: (f: ResultCacheStats) => number) => {
      let seen = 0;
      const counter: Counter = new Counter({
        name,
        help,
        registers,
        collect: () => {
          const figures = this.resultCache?.();
          if (!figures) return;
          const now = pick(figures);
          if (now > seen) counter.inc(now - seen);
          seen = now;
        },
      });
    };
    cacheCounter(
      'portal_search_result_cache_hits_total',
      'Searches and suggestions answered from the engine cache of answers.',
      (f) => f.hits,
    );
    cacheCounter(
      'portal_search_result_cache_misses_total',
      'Searches and suggestions the engine computed (its cache of answers held none).',
      (f) => f.misses,
    );
    const cacheGauge = (name: string, help: string, pick: (f: ResultCacheStats) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers,
        collect: () => {
          const figures = this.resultCache?.();
          if (figures) gauge.set(pick(figures));
        },
      });
    };
    cacheGauge(
      'portal_search_result_cache_entries',
      'Answers held by the engine cache of answers.',
      (f) => f.entries,
    );
    cacheGauge(
      'portal_search_result_cache_bytes',
      'Bytes held by the engine cache of answers.',
      (f) => f.bytes,
    );
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /** Counts one answered request; `route` is the route pattern or UNMATCHED_ROUTE. */
  observeRequest(method: string, route: string, statusCode: number, durationMs: number): void {
    const labels = { method, route, status_code: String(statusCode) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, durationMs / 1000);
  }

  /** Counts a completed sign-in; pass it as `authRoutes`' `onSignIn`. */
  readonly onSignIn = (provider: string, ok: boolean): void => {
    this.signIns.inc({ provider, result: ok ? 'success' : 'failure' });
  };

  /** Records how long one query took the search engine (called by the search routes). */
  observeSearchQuery(durationMs: number, operation: 'search' | 'suggest' = 'search'): void {
    this.searchDuration.observe({ operation }, durationMs / 1000);
  }

  /** Counts searches analytics dropped (pass it as the search recorder's `onDropped`). */
  readonly onAnalyticsDropped = (count: number): void => {
    this.analyticsDropped.inc(count);
  };

  /** Reads the index size gauges from `stats` at each scrape (e.g. `() => engine.stats()`). */
  watchSearchIndex(stats: () => Promise<SearchIndexSize>): void {
    this.indexSize = stats;
  }

  /** Reads the cache-of-answers metrics from `stats` at each scrape (e.g. `() => engine.resultCacheStats?.()`). */
  watchResultCache(stats: () => ResultCacheStats | undefined): void {
    this.resultCache = stats;
  }

  /** The Content-Type of `render()`'s text. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric in the Prometheus text format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  /**
   * The index size for the scrape in progress: the four gauges share one `stats()` call, and a
   * failing engine leaves them at their last value instead of failing the whole scrape.
   */
  private currentIndexSize(): Promise<SearchIndexSize | undefined> {
    const source = this.indexSize;
    if (!source) return Promise.resolve(undefined);
    this.pendingIndexSize ??= source()
      .catch(() => undefined)
      .finally(() => {
        this.pendingIndexSize = undefined;
      });
    return this.pendingIndexSize;
  }
}
