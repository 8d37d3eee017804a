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
  WriteProgress,
} from './SearchEngine';
import type { IndexStore } from './core/IndexStore';
import { settingsWithRules } from './rules/settingsWithRules';

/**
 * A `SearchEngine` made of a storage backend and the engine-agnostic query code: planning,
 * ranking, snippets and facets are the same whatever the store.
 */
export class StoredSearchEngine implements SearchEngine {
  constructor(
    readonly id: string,
    private readonly store: IndexStore,
    private readonly settings: QuerySettings,
  ) {}

  search(
    request: SearchRequest,
    access: ReaderAccess,
    options?: SearchOptions,
  ): Promise<SearchResponse> {
    const settings = settingsWithRules(this.settings, options?.rules);
    return this.store.read((reader) => runSearch(reader, request, access, settings));
  }

  suggest(request: SuggestRequest, access: ReaderAccess): Promise<SuggestResponse> {
    return this.store.read((reader) => runSuggest(reader, request, access, this.settings));
  }

  indexedDocSets(): Promise<IndexedDocSet[]> {
    return this.store.indexedDocSets();
  }

  indexedPages(docSetId: string): Promise<IndexedPages> {
    return this.store.indexedPages(docSetId);
  }

  applyDocSetChanges(
    change: DocSetChange,
    options?: { onProgress?(progress: WriteProgress): void; signal?: AbortSignal },
  ): Promise<void> {
    return this.store.applyDocSetChanges(change, options);
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
