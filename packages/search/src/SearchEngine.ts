import type {
  SearchRequest,
  SearchResponse,
  SuggestRequest,
  SuggestResponse,
} from '@docs-portal/contracts';
import type { PageRecord } from './core/analysePage';
import type { ResultCacheStats } from './ResultCache';
import type { ExtractionRules } from './indexer/extractionRules';
import type { CompiledRules } from './rules/compileRules';

/** What the server knows of a configured doc set. */
export interface DocSetDescriptor {
  /** Stable id of the doc set (config key). */
  id: string;
  /** Human title, e.g. 'Data Platform 6.5 User Guide'. */
  title: string;
  /** Product facet value. */
  product: string;
  /** Version facet value; compared numerically (6.10 is newer than 6.5). */
  version: string;
  /** Document type facet value. */
  docType: string;
  /**
   * Doc sets with the same `versionGroup` are versions of one another; without it, doc sets of the
   * same product and doc type are (see `versionGroupKey`).
   */
  versionGroup?: string;
  /** URL path prefix of the set, e.g. '/docs/6_5/Web/UserGuide'. */
  urlPrefix: string;
  /** Absolute folder on disk. */
  folder: string;
  /** The doc set's own extraction selectors; changing them re-extracts its pages on the next sync. */
  extract?: ExtractionRules;
}

/**
 * What the reader may search: decided by the caller from the configuration in force, never by the
 * engine from what the index holds (an index can lag behind a narrowed audience or a removed doc
 * set until the next sync).
 */
export interface ReaderAccess {
  /**
   * Ids of the doc sets the reader may read. Only these are ever searched, counted, completed or
   * corrected against; an indexed doc set missing from the list is invisible. Empty: nothing.
   */
  docSetIds: readonly string[];
}

/** Per-query options of `SearchEngine.search`. */
export interface SearchOptions {
  /** Workbench rules to apply (compiled once per rule set version). */
  rules?: CompiledRules;
}

/** Page hashes of an indexed doc set and the revision they belong to. */
export interface IndexedPages {
  /** Revision of the doc set in the index (0 when it is not indexed); changes on every write. */
  revision: number;
  /** Page path → content hash. */
  hashes: Map<string, string>;
}

/** A set of page changes to one doc set, applied all at once or not at all. */
export interface DocSetChange {
  /** The doc set; its metadata (title, version, ...) is updated too. */
  docSet: DocSetDescriptor;
  /**
   * Pages added or changed: a list, or a stream (pages parsed in worker threads, say) that the
   * store reads in batches as they arrive, so memory is bounded by the batch. A stream that
   * throws leaves the index as it was.
   */
  upserts: readonly PageRecord[] | AsyncIterable<PageRecord>;
  /** Paths of pages removed. */
  removals: string[];
  /** Revision the change was computed against; a different current revision rejects the change. */
  basedOn?: number;
}

/** Progress of a write, in pages. */
export interface WriteProgress {
  /** Pages written so far. */
  done: number;
  /** Pages to write (for streamed upserts: the pages received so far). */
  total: number;
}

/** How a write reports and stops, and whether it prepares the new index for searches. */
export interface WriteOptions {
  onProgress?(progress: WriteProgress): void;
  signal?: AbortSignal;
  /**
   * Whether the write loads the new index generation and warms its caches before it resolves
   * (default true), as `warm()` does, so the next search does not pay for it. A caller writing
   * several doc sets in a row passes false and warms once at the end; one that only builds
   * the index (a command that exits next) need not warm at all.
   */
  warm?: boolean;
}

/** A doc set as it is in the index. */
export interface IndexedDocSet {
  /** The descriptor it was last written with. */
  docSet: DocSetDescriptor;
  /** Pages indexed. */
  pages: number;
  /** Sections indexed. */
  sections: number;
  /** Revision; changes on every write. */
  revision: number;
}

/** Size of the index. */
export interface SearchIndexStats {
  /** Doc sets indexed. */
  docSets: number;
  /** Pages indexed. */
  pages: number;
  /** Sections indexed. */
  sections: number;
  /** Bytes on disk (or in the database) used by the index. */
  bytes: number;
}

/**
 * The search engine of the portal: one interface, one implementation per storage backend
 * (`createSearchEngine` picks it by id). Every query runs with the reader's access: results,
 * totals, facets, suggestions and corrections only ever come from doc sets the reader may read.
 */
export interface SearchEngine {
  /** Engine id ('sqlite', ...). */
  readonly id: string;
  /**
   * Runs a query: page-level hits with their best sections, facets, total and a correction.
   * `options.rules` (from `compileRules`) pins, boosts and buries pages and adds synonyms, within
   * the reader's access.
   */
  search(
    request: SearchRequest,
    access: ReaderAccess,
    options?: SearchOptions,
  ): Promise<SearchResponse>;
  /** Search-as-you-type: page titles and completions of the query being typed. */
  suggest(request: SuggestRequest, access: ReaderAccess): Promise<SuggestResponse>;
  /** Doc sets in the index (used to find doc sets no longer configured). */
  indexedDocSets(): Promise<IndexedDocSet[]>;
  /** Hashes of a doc set's indexed pages, for incremental indexing (empty when not indexed). */
  indexedPages(docSetId: string): Promise<IndexedPages>;
  /**
   * Applies page changes to one doc set atomically: readers see the index before or after the
   * change, never in between, and a failed or killed write leaves the previous index serving.
   * Rejects with an error named 'IndexConflictError' when `basedOn` is no longer current, and
   * with 'AbortError' when the signal fires (nothing is written then).
   */
  applyDocSetChanges(change: DocSetChange, options?: WriteOptions): Promise<void>;
  /**
   * Removes a doc set and all its pages from the index, atomically. No-op when absent. Loads
   * and warms the new generation unless `options.warm` is false, as a write does.
   */
  removeDocSet(docSetId: string, options?: Pick<WriteOptions, 'warm'>): Promise<void>;
  /** Size of the index. */
  stats(): Promise<SearchIndexStats>;
  /**
   * Loads the index's current generation and warms its caches (the postings and code paths the
   * first keystrokes of a search use), unless that was done: what the first search after a write
   * made with `warm: false` would otherwise pay.
   */
  warm(): Promise<void>;
  /** Resolves when the engine can answer queries; rejects with the reason otherwise. */
  ping(): Promise<void>;
  /** Releases connections and files. The engine must not be used afterwards. */
  close(): Promise<void>;
  /** Hits and misses of the engine's cache of answers, when it has one. */
  resultCacheStats?(): ResultCacheStats;
}
