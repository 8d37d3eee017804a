import type { SearchEngineConfig, SearchMemoryLimits } from '@docs-portal/search';
import type { PortalConfig } from '../config/schema';

/** The search engine settings of the portal config, as `createSearchEngine` takes them. */
export function searchEngineConfig(config: PortalConfig): SearchEngineConfig {
  return {
    engine: config.search.engine,
    dataDir: config.dataDir,
    synonyms: config.search.synonyms,
    ranking: config.search.ranking,
    queryThreads: config.search.queryThreads,
    memory: memoryLimits(config.search.memory),
    resultCache: {
      entries: config.search.resultCache.entries,
      bytes: Math.floor(config.search.resultCache.megabytes * 1024 * 1024),
    },
    ...(config.search.postgres ? { postgres: config.search.postgres } : {}),
  };
}

const MB = 1024 * 1024;

/** The configured cache ceilings in bytes; those left out are left to the engine's defaults. */
function memoryLimits(memory: PortalConfig['search']['memory']): Partial<SearchMemoryLimits> {
  const limits: Partial<SearchMemoryLimits> = {};
  if (memory.postingCacheMegabytes !== undefined) {
    limits.postingCacheBytes = Math.floor(memory.postingCacheMegabytes * MB);
  }
  if (memory.sqliteCacheMegabytes !== undefined) {
    limits.sqlitePageCacheBytes = Math.floor(memory.sqliteCacheMegabytes * MB);
  }
  if (memory.sectionTokenCacheMegabytes !== undefined) {
    limits.sectionTokenCacheBytes = Math.floor(memory.sectionTokenCacheMegabytes * MB);
  }
  if (memory.sqliteRowCacheMegabytes !== undefined) {
    limits.sqliteRowCacheBytes = Math.floor(memory.sqliteRowCacheMegabytes * MB);
  }
  if (memory.postgresRowCacheMegabytes !== undefined) {
    limits.postgresRowCacheBytes = Math.floor(memory.postgresRowCacheMegabytes * MB);
  }
  if (memory.postgresTokenCacheMegabytes !== undefined) {
    limits.postgresTokenCacheBytes = Math.floor(memory.postgresTokenCacheMegabytes * MB);
  }
  return limits;
}
