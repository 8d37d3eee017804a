import { StoredSearchEngine } from '../StoredSearchEngine';
import type { SearchMemoryLimits } from '../core/memoryLimits';
import type { QuerySettings } from '../query/executeSearch';
import type { ResultCacheOptions } from '../ResultCache';
import { PostgresIndexStore, type PostgresSearchConfig } from './PostgresIndexStore';

/**
 * The cluster engine: the index in PostgreSQL, shared by every replica. Creates its tables
 * when they are missing; rejects when the database cannot be reached.
 */
export async function createPostgresSearchEngine(
  config: PostgresSearchConfig,
  settings: QuerySettings,
  memory: Partial<SearchMemoryLimits> = {},
  resultCache?: ResultCacheOptions,
): Promise<StoredSearchEngine> {
  const store = await PostgresIndexStore.open(config, memory);
  return new StoredSearchEngine('postgres', store, settings, resultCache);
}
