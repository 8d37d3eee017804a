import { openSearchEngine, type SearchEngineConfig } from './openSearchEngine';
import type { SearchEngine } from './SearchEngine';
import { QueryThreads } from './threads/QueryThreads';

export { SEARCH_ENGINE_IDS, type SearchEngineConfig } from './openSearchEngine';

/**
 * Creates the configured search engine: searches and suggestions in `config.queryThreads`
 * worker threads when it is above 0, in this thread otherwise. Throws, naming the known ids,
 * when the id is unknown.
 */
export async function createSearchEngine(config: SearchEngineConfig): Promise<SearchEngine> {
  const engine = await openSearchEngine(config);
  const threads = config.queryThreads ?? 0;
  if (threads === 0) return engine;
  const threaded = new QueryThreads(engine, config, threads);
  threaded.start();
  return threaded;
}
