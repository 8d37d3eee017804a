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
import type { IndexReader, IndexStore } from './core/IndexStore';
import {
  DEFAULT_RESULT_CACHE,
  ResultCache,
  resultCacheKey,
  type ResultCacheOptions,
  type ResultCacheStats,
} from './ResultCache';
import type { CompiledRules } from './rules/compileRules';
import { settingsWithRules } from './rules/settingsWithRules';

/** Rounds a duration to hundredths of a millisecond, as `tookMs` is given. */
function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/**
 * A `SearchEngine` made of a storage backend and the engine-agnostic query code: planning,
 * ranking, snippets and facets are the same whatever the store.
 */
export class StoredSearchEngine implements SearchEngine {
  private readonly cache: ResultCache<SearchResponse | SuggestResponse>;
  /** A number per compiled rule set seen (rules are compiled once per published version). */
  private readonly rulesIds = new WeakMap<CompiledRules, number>();
  private rulesCount = 0;

  constructor(
    readonly id: string,
    private readonly store: IndexStore,
    private readonly settings: QuerySettings,
    cacheOptions: ResultCacheOptions = DEFAULT_RESULT_CACHE,
  ) {
    this.cache = new ResultCache(cacheOptions);
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
    const settings = settingsWithRules(this.settings, options?.rules);
    return this.store.read((reader) =>
      this.cached(reader, 'search', request, access, options?.rules, () =>
        runSearch(reader, request, access, settings),
      ),
    );
  }

  /** As `search`, for suggestions (whose answer carries no `tookMs`). */
  suggest(request: SuggestRequest, access: ReaderAccess): Promise<SuggestResponse> {
    return this.store.read((reader) =>
      this.cached(reader, 'suggest', request, access, undefined, () =>
        runSuggest(reader, request, access, this.settings),
      ),
    );
  }

  /** Result cache figures since the engine was created. */
  resultCacheStats(): ResultCacheStats {
    return this.cache.stats();
  }

  /**
   * The cached answer for this generation, rules, access and request, or `compute`'s (kept for
   * the next caller). Answers are shared between callers: they must not be changed.
   */
  private async cached<R extends SearchResponse | SuggestResponse>(
    reader: IndexReader,
    operation: 'search' | 'suggest',
    request: SearchRequest | SuggestRequest,
    access: ReaderAccess,
    rules: CompiledRules | undefined,
    compute: () => Promise<R>,
  ): Promise<R> {
    if (!this.cache.enabled) return compute();
    const started = performance.now();
    const generation = reader.snapshot.generation;
    this.cache.useGeneration(generation);
    const key = resultCacheKey(generation, this.rulesId(rules), operation, access, request);
    const hit = this.cache.get(key) as R | undefined;
    if (hit !== undefined) {
      return 'tookMs' in hit ? { ...hit, tookMs: roundMs(performance.now() - started) } : hit;
    }
    const answer = await compute();
    this.cache.set(key, answer, JSON.stringify(answer).length);
    return answer;
  }

  private rulesId(rules: CompiledRules | undefined): number {
    if (rules === undefined) return 0;
    let id = this.rulesIds.get(rules);
    if (id === undefined) {
      id = ++this.rulesCount;
      this.rulesIds.set(rules, id);
    }
    return id;
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

  removeDocSet(docSetId: string): Promise<void> {
    return this.store.removeDocSet(docSetId);
  }

  stats(): Promise<SearchIndexStats> {
    return this.store.stats();
  }

  ping(): Promise<void> {
    return this.store.ping();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
