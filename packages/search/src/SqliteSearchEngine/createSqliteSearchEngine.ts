import { StoredSearchEngine } from '../StoredSearchEngine';
import type { QuerySettings } from '../query/executeSearch';
import type { ResultCacheOptions } from '../ResultCache';
import type { SearchEngine } from '../SearchEngine';
import { SqliteIndexStore } from './SqliteIndexStore';

/** The embedded engine: the index in `${dataDir}/search/index.sqlite`. */
export async function createSqliteSearchEngine(
  dataDir: string,
  settings: QuerySettings,
  resultCache?: ResultCacheOptions,
): Promise<SearchEngine> {
  return new StoredSearchEngine('sqlite', new SqliteIndexStore(dataDir), settings, resultCache);
}
