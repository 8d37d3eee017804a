import type { SearchRoutesOptions } from '../search/searchRoutes';
import type { AnalyticsStore, SearchEvent } from './AnalyticsStore';

/** Where a {@link SearchEventRecorder} reports failures and drops (a pino / Fastify logger fits). */
export interface AnalyticsLogger {
  /** Searches could not be recorded (the readers' searches are not affected). */
  warn(data: object, message: string): void;
}

/** The search routes' `onSearch` hook. */
export type OnSearch = NonNullable<SearchRoutesOptions['onSearch']>;

/** Options of a {@link SearchEventRecorder}. */
export interface SearchEventRecorderOptions {
  logger?: AnalyticsLogger;
  now?: () => Date;
  /** A batch is written this long after its first search arrives (ms, default 250). */
  batchDelayMs?: number;
  /** A batch is written at once when it holds this many searches (default 500). */
  batchSize?: number;
  /** Searches waiting beyond this many are dropped, newest first (default 10,000). */
  maxQueued?: number;
  /** Counts searches dropped because the queue was full (a metric). */
  onDropped?: (count: number) => void;
}

/**
 * Records searches for analytics off the request path: `onSearch` (the search routes' hook) only
 * queues the search; batches of them are written together, one store transaction per batch, a
 * short delay after the first of a batch or at once when it is full. What is kept is the query,
 * facet filters, result count, engine time and the reader's kind, nothing else about the reader.
 * Only first pages count (paging through results is not a new search). Recording never delays or
 * fails a search: a store failure is logged and that batch is lost; while the store is slower
 * than the searches, at most `maxQueued` wait and later ones are dropped (logged once per run of
 * drops, and counted). `close` writes what is queued: nothing is lost on a clean shutdown.
 */
export class SearchEventRecorder {
  private queue: SearchEvent[] = [];
  /** Searches queued or in a batch not written yet. */
  private backlog = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropping = false;
  private closed = false;
  private readonly now: () => Date;
  private readonly batchDelayMs: number;
  private readonly batchSize: number;
  private readonly maxQueued: number;

  constructor(
    private readonly store: AnalyticsStore,
    private readonly options: SearchEventRecorderOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.batchDelayMs = options.batchDelayMs ?? 250;
    this.batchSize = options.batchSize ?? 500;
    this.maxQueued = options.maxQueued ?? 10_000;
  }

  /** The `onSearch` hook of the search routes. */
  readonly onSearch: OnSearch = ({ request, response, kind }) => {
    if (request.page !== 1 || this.closed) return;
    if (this.backlog >= this.maxQueued) {
      if (!this.dropping) {
        this.dropping = true;
        this.options.logger?.warn(
          { waiting: this.backlog },
          'analytics: searches arrive faster than they are written; new ones are dropped',
        );
      }
      this.options.onDropped?.(1);
      return;
    }
    this.dropping = false;
    const filters: Record<string, string[]> = {};
    if (request.product.length > 0) filters.product = request.product;
    if (request.version.length > 0) filters.version = request.version;
    if (request.docType.length > 0) filters.docType = request.docType;
    this.backlog += 1;
    this.queue.push({
      query: request.q,
      filters,
      resultCount: response.total,
      tookMs: response.tookMs,
      kind,
      at: this.now(),
    });
    if (this.queue.length >= this.batchSize) void this.flush();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => void this.flush(), this.batchDelayMs);
      this.timer.unref();
    }
  };

  /** Writes the queued searches now (after any batch being written); resolves when done. */
  flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return this.writing;
    // One batch at a time, in order: folding a search into a later one needs them in order.
    this.writing = this.writing.then(() =>
      this.store
        .recordSearches(batch)
        .catch((error: unknown) => {
          this.options.logger?.warn(
            { err: error, searches: batch.length },
            'could not record searches for analytics',
          );
        })
        .finally(() => {
          this.backlog -= batch.length;
        }),
    );
    return this.writing;
  }

  /**
   * `store` for everything else that uses it: reads that count searches (reports, the
   * workbench's recent queries, the content-gap signals) and purges first write the queued
   * searches, so a search is counted as soon as its answer was sent.
   */
  withQueuedSearches(store: AnalyticsStore): AnalyticsStore {
    const flushed = async <T>(read: () => Promise<T>): Promise<T> => {
      await this.flush();
      return read();
    };
    return {
      kind: store.kind,
      recordSearch: (event) => store.recordSearch(event),
      recordSearches: (events) => store.recordSearches(events),
      recordClick: (event) => store.recordClick(event),
      report: (range, options) => flushed(() => store.report(range, options)),
      mostOpened: (range, options) => store.mostOpened(range, options),
      feedbackSalt: () => store.feedbackSalt(),
      recordFeedback: (event) => store.recordFeedback(event),
      listFeedback: (range, options) => store.listFeedback(range, options),
      recordMissingLanding: (landing) => store.recordMissingLanding(landing),
      gapSignals: (range, options) => flushed(() => store.gapSignals(range, options)),
      queriesOpening: (range, paths, limit) => store.queriesOpening(range, paths, limit),
      claimGapDelivery: (day) => store.claimGapDelivery(day),
      recentQueries: (options) => flushed(() => store.recentQueries(options)),
      purgeBefore: (before) => flushed(() => store.purgeBefore(before)),
      ping: () => store.ping(),
      close: async () => {
        await this.close();
        await store.close();
      },
    };
  }

  /** Stops queueing and writes what is queued; call before closing the store. */
  close(): Promise<void> {
    this.closed = true;
    return this.flush();
  }
}
