import type { SearchMemoryLimits } from './core/memoryLimits';
import { DEFAULT_RANKING, type RankingOptions } from './query/rankingOptions';
import { compileSynonyms } from './query/synonyms';
import type { ResultCacheOptions } from './ResultCache';
import type { StoredSearchEngine } from './StoredSearchEngine';
import type { PostgresSearchConfig } from './PostgresSearchEngine/PostgresIndexStore';
import { createSqliteSearchEngine } from './SqliteSearchEngine/createSqliteSearchEngine';

/** Configuration of the search engine (the `search` part of the portal config). */
export interface SearchEngineConfig {
  /** Engine id: 'sqlite' (embedded default). */
  engine: string;
  /** Data folder; the SQLite index lives in `${dataDir}/search/`. */
  dataDir: string;
  /** Groups of words that mean the same, e.g. `[['k8s', 'kubernetes']]`. */
  synonyms?: string[][];
  /** Connection of the 'postgres' engine (cluster mode). */
  postgres?: PostgresSearchConfig;
  /** Overrides of ranking knobs (for tuning). */
  ranking?: Partial<RankingOptions>;
  /** Ceilings of the engine's caches (defaults: `DEFAULT_MEMORY_LIMITS`), per query thread. */
  memory?: Partial<SearchMemoryLimits>;
  /** Bounds of the cache of answers (default `DEFAULT_RESULT_CACHE`; 0 entries: off). */
  resultCache?: ResultCacheOptions;
  /**
   * Worker threads that answer searches and suggestions (see `QueryThreads`); 0 (the default)
   * answers them in the calling thread. Writes stay in the calling thread either way.
   */
  queryThreads?: number;
}

/** Engines that can be chosen by id. */
export const SEARCH_ENGINE_IDS = ['sqlite', 'postgres'] as const;

/**
 * Opens the configured engine in this thread (whatever `queryThreads` says). Throws, naming the
 * known ids, when the id is unknown.
 */
export async function openSearchEngine(config: SearchEngineConfig): Promise<StoredSearchEngine> {
  const settings = {
    ranking: { ...DEFAULT_RANKING, ...config.ranking },
    synonyms: compileSynonyms(config.synonyms),
  };
  switch (config.engine) {
    case 'sqlite':
      return createSqliteSearchEngine(config.dataDir, settings, config.memory, config.resultCache);
    case 'postgres': {
      if (config.postgres === undefined) {
        throw new Error('search.postgres.url is required for the "postgres" search engine');
      }
      // Loaded only for this engine: the driver takes ~80 ms to load, in each query thread too.
      const { createPostgresSearchEngine } =
        await import('./PostgresSearchEngine/createPostgresSearchEngine');
      return createPostgresSearchEngine(
        config.postgres,
        settings,
        config.memory,
        config.resultCache,
      );
    }
    default:
      throw new Error(
        `unknown search engine "${config.engine}": known engines are ${SEARCH_ENGINE_IDS.map((id) => `"${id}"`).join(', ')}`,
      );
  }
}
