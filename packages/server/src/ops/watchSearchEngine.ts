import type { SearchEngine } from '@docs-portal/search';
import { ConnectionStateLog, type DependencyLogger } from './ConnectionStateLog';

/** True for the failures that mean the index cannot be reached (the engine marks them 503). */
function isUnavailable(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === 503;
}

/**
 * The engine, with its reachability recorded in an outage log: the first query that finds the
 * index out of reach logs the outage (with the driver's detail), the first that succeeds again
 * logs the recovery, and the queries in between write nothing, however many readers search.
 * Errors still reach the caller unchanged, so each request answers 503.
 */
export function watchSearchEngine(
  engine: SearchEngine,
  logger: DependencyLogger | undefined,
): SearchEngine {
  const state = new ConnectionStateLog(logger, 'search index');
  const watched = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      const result = await work();
      state.connected();
      return result;
    } catch (error) {
      if (isUnavailable(error))
        state.failed(error instanceof Error ? (error.cause ?? error) : error);
      throw error;
    }
  };
  return {
    get id() {
      return engine.id;
    },
    search: (request, access, options) => watched(() => engine.search(request, access, options)),
    suggest: (request, access) => watched(() => engine.suggest(request, access)),
    indexedDocSets: () => watched(() => engine.indexedDocSets()),
    indexedPages: (docSetId) => watched(() => engine.indexedPages(docSetId)),
    applyDocSetChanges: (change, options) =>
      watched(() => engine.applyDocSetChanges(change, options)),
    warm: () => watched(() => engine.warm()),
    removeDocSet: (docSetId, options) => watched(() => engine.removeDocSet(docSetId, options)),
    stats: () => watched(() => engine.stats()),
    ping: () => watched(() => engine.ping()),
    ...(engine.resultCacheStats ? { resultCacheStats: () => engine.resultCacheStats!() } : {}),
    close: () => engine.close(),
  };
}
