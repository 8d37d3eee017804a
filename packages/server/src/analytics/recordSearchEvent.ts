import type { SearchRoutesOptions } from '../search/searchRoutes';
import type { AnalyticsStore } from './AnalyticsStore';

/** Where {@link recordSearchEvent} reports a store failure (a pino / Fastify logger fits). */
export interface AnalyticsLogger {
  /** A search could not be recorded (the reader's search is not affected). */
  warn(data: object, message: string): void;
}

/** The search routes' `onSearch` hook. */
export type OnSearch = NonNullable<SearchRoutesOptions['onSearch']>;

/**
 * The `onSearch` hook of the search routes that records each search for analytics: query, facet
 * filters, result count, engine time and the reader's kind, nothing else about the reader. Only
 * first pages count (paging through results is not a new search). Recording never delays or
 * fails the search: a store failure is logged.
 */
export function recordSearchEvent(
  store: AnalyticsStore,
  options: { logger?: AnalyticsLogger; now?: () => Date } = {},
): OnSearch {
  const now = options.now ?? (() => new Date());
  return ({ request, response, kind }) => {
    if (request.page !== 1) return;
    const filters: Record<string, string[]> = {};
    if (request.product.length > 0) filters.product = request.product;
    if (request.version.length > 0) filters.version = request.version;
    if (request.docType.length > 0) filters.docType = request.docType;
    store
      .recordSearch({
        query: request.q,
        filters,
        resultCount: response.total,
        tookMs: response.tookMs,
        kind,
        at: now(),
      })
      .catch((error: unknown) => {
        options.logger?.warn({ err: error }, 'could not record a search for analytics');
      });
  };
}
