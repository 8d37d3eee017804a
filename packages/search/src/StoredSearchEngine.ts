import type {
  SearchRequest,
  SearchResponse,
  SuggestRequest,
  SuggestResponse,
} from '@docs-portal/contracts';
import type { QuerySettings } from './query/executeSearch';
import { runSearch } from './query/runSearch';
import { runSuggest } from './query/runSuggest';
import type {
  DocSetChange,
  IndexedDocSet,
  IndexedPages,
  ReaderAccess,
  SearchEngine,
  SearchIndexStats,
  SearchOptions,
  WriteOptions,
} from './SearchEngine';
import type { IndexStore } from './core/IndexStore';
import {
  AnswerCache,
  DEFAULT_RESULT_CACHE,
  type ResultCacheOptions,
  type ResultCacheStats,
} from './ResultCache';
import { settingsWithRules } from './rules/settingsWithRules';

/**
 * A `SearchEngine` made of a storage backend and the engine-agnostic query code: planning,
 * ranking, snippets and facets are the same whatever the store.
 */
export class StoredSearchEngine implements SearchEngine {
  private readonly cache: AnswerCache;

  constructor(
    readonly id: string,
    private readonly store: IndexStore,
    private readonly settings: QuerySettings,
    cacheOptions: ResultCacheOptions = DEFAULT_RESULT_CACHE,
  ) {
    this.cache = new AnswerCache(cacheOptions);
  }

  /**
   * Answers from the result cache. `tookMs` of an answer is the time this call spent in the
   * engine: for an answer served from the cache, the lookup (a read of the index generation and
   * of the map), not the time it took when it was first computed.
   */
  search(
    request: SearchRequest,
    access: ReaderAccess,
    options?: SearchOptions,
  ): Promise<SearchResponse> {
    const started = performance.now();
    const settings = settingsWithRules(this.settings, options?.rules);
    return this.store.read((reader) =>
      this.cache.answer(
        reader.snapshot.generation,
        options?.rules,
        'search',
        request,
        access,
        started,
        () => runSearch(reader, request, access, settings),
      ),
    );
  }

  /** As `search`, for suggestions (whose answer carries no `tookMs`). */
  suggest(request: SuggestRequest, access: ReaderAccess): Promise<SuggestResponse> {
    const started = performance.now();
    return this.store.read((reader) =>
      this.cache.answer(
        reader.snapshot.generation,
        undefined,
        'suggest',
        request,
        access,
        started,
        () => runSuggest(reader, request, access, this.settings),
      ),
    );
  }

  /** Result cache figures since the engine was created. */
  resultCacheStats(): ResultCacheStats {
    return this.cache.stats();
  }

  indexedDocSets(): Promise<IndexedDocSet[]> {
    return this.store.indexedDocSets();
  }

  indexedPages(docSetId: string): Promise<IndexedPages> {
    return this.store.indexedPages(docSetId);
  }

  applyDocSetChanges(change: DocSetChange, options?: WriteOptions): Promise<void> {
    return this.store.applyDocSetChanges(change, options);
  }

  async warm(): Promise<void> {
    // A read loads and warms the generation it finds when it is not the one in memory.
    await this.store.read(async () => undefined);
  }

  removeDocSet(docSetId: string, options?: Pick<WriteOptions, 'warm'>): Promise<void> {
    return this.store.removeDocSet(docSetId, options);
  }

  stats(): Promise<SearchIndexStats> {
    return this.store.stats();
  }

  ping(): Promise<void> {
    return this.store.ping();
  }

  /** See `IndexStore.generation`: what query threads key the answers they keep by. */
  generation(): Promise<string> {
    return this.store.generation();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
