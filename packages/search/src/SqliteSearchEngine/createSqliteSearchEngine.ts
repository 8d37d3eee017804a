import { StoredSearchEngine } from '../StoredSearchEngine';
import type { SearchMemoryLimits } from '../core/memoryLimits';
import type { QuerySettings } from '../query/executeSearch';
import type { ResultCacheOptions } from '../ResultCache';
import { SqliteIndexStore } from './SqliteIndexStore';

/**
 * The embedded engine: the index in `${dataDir}/search/index.sqlite`, its caches within
 * `memory`.
 */
export async function createSqliteSearchEngine(
  dataDir: string,
  settings: QuerySettings,
  memory: Partial<SearchMemoryLimits> = {},
  resultCache?: ResultCacheOptions,
): Promise<StoredSearchEngine> {
  const store = new SqliteIndexStore(dataDir, memory);
  return new StoredSearchEngine('sqlite', store, settings, resultCache);
}
