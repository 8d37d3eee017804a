import type { SearchEngineConfig } from '@docs-portal/search';
import type { PortalConfig } from '../config/schema';

/** The search engine settings of the portal config, as `createSearchEngine` takes them. */
export function searchEngineConfig(config: PortalConfig): SearchEngineConfig {
  return {
    engine: config.search.engine,
    dataDir: config.dataDir,
    synonyms: config.search.synonyms,
    ranking: config.search.ranking,
    resultCache: {
      entries: config.search.resultCache.entries,
      bytes: Math.floor(config.search.resultCache.megabytes * 1024 * 1024),
    },
    ...(config.search.postgres ? { postgres: config.search.postgres } : {}),
  };
}
