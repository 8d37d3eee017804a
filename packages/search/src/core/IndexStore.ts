import type {
  DocSetChange,
  DocSetDescriptor,
  IndexedDocSet,
  IndexedPages,
  SearchIndexStats,
  WriteOptions,
} from '../SearchEngine';
import type { PostingCache } from './PostingCache';
import type { SectionTokenCache } from './SectionTokenCache';
import type { Vocabulary } from './Vocabulary';

/** A doc set in a store, with the statistics ranking needs. */
export interface StoredDocSet {
  /** Store id (small integer). */
  storeId: number;
  /** Descriptor last written. */
  docSet: DocSetDescriptor;
  /** Pages indexed. */
  pages: number;
  /** Sections indexed. */
  sections: number;
  /** Revision; changes on every write. */
  revision: number;
  /** Sum of each field's length over the doc set's sections (for average field lengths). */
  lengthSums: number[];
  /** Sum of each field's length over the doc set's pages. */
  pageLengthSums: number[];
}

/** Per-page numbers kept in memory, indexed by page id. */
export interface PageTable {
  /** Largest page id (arrays have maxId + 1 slots; unused ids have doc set 0). */
  maxId: number;
  /** Doc set store id of each page. */
  docSet: Int32Array;
  /** Field lengths, FIELD_COUNT per page. */
  lengths: Uint32Array;
  /** First section id of each page (sections of a page have consecutive ids). */
  firstSection: Int32Array;
  /** Last section id of each page (-1 for a page without sections). */
  lastSection: Int32Array;
}

/** Per-section numbers kept in memory, indexed by section id. */
export interface SectionTable {
  /** Largest section id (arrays have maxId + 1 slots; unused ids have page 0). */
  maxId: number;
  /** Page id of each section. */
  page: Int32Array;
  /** Doc set store id of each section. */
  docSet: Int32Array;
  /** Field lengths, FIELD_COUNT per section. */
  lengths: Uint32Array;
}

/** What a query needs in memory: doc sets, vocabulary and section numbers at one generation. */
export interface IndexSnapshot {
  /** Changes whenever the index changes. */
  generation: string;
  /** Doc sets indexed. */
  docSets: StoredDocSet[];
  /** All terms with the number of pages holding them in each doc set. */
  vocabulary: Vocabulary;
  /** Per-page numbers. */
  pages: PageTable;
  /** Per-section numbers. */
  sections: SectionTable;
  /** Decoded posting lists of this generation, shared by its queries. */
  cache: PostingCache;
  /** Decoded section token sequences of this generation, shared by its queries. */
  sectionTokens: SectionTokenCache;
}

/** Which postings to read: per page (first pass) or per section (second pass). */
export type PostingKind = 'page' | 'section';

/** Encoded postings of one term in one doc set. */
export interface PostingBlob {
  /** Doc set store id. */
  docSetId: number;
  /** Encoded postings (see `encodePostings`). */
  blob: Uint8Array;
}

/** A section as needed to show a hit. */
export interface StoredSection {
  /** Section id. */
  id: number;
  /** Page id. */
  pageId: number;
  /** Heading ('' for the page top). */
  heading: string;
  /** Anchor ('' when none). */
  anchor: string;
  /** Plain text. */
  text: string;
}

/** A page as needed to show a hit. */
export interface StoredPage {
  /** Page id. */
  id: number;
  /** Doc set store id. */
  docSetId: number;
  /** Path relative to the doc-set root, leading slash. */
  path: string;
  /** Title. */
  title: string;
  /** Breadcrumb trail. */
  breadcrumb: string[];
}

/** Consistent reads of one index generation, for the duration of one query. */
export interface IndexReader {
  /** The in-memory part of the generation being read. */
  readonly snapshot: IndexSnapshot;
  /**
   * Encoded postings of terms, limited to the given doc sets: term id → one blob per doc set
   * that holds the term. Rows of other doc sets are never returned.
   */
  postings(
    kind: PostingKind,
    termIds: readonly number[],
    docSetIds: readonly number[],
  ): Promise<Map<number, PostingBlob[]>>;
  /** Encoded token sequences (see `encodeSectionTokens`) of sections. */
  sectionTokens(sectionIds: readonly number[]): Promise<Map<number, Uint8Array>>;
  /** Sections for display. */
  sections(sectionIds: readonly number[]): Promise<Map<number, StoredSection>>;
  /** Pages for display. */
  pages(pageIds: readonly number[]): Promise<Map<number, StoredPage>>;
  /**
   * The pages at any of `paths` in any of `docSetIds` (the same page in other versions), found
   * through the (doc set, path) key: no other page is read.
   */
  pagesAt(
    docSetIds: readonly number[],
    paths: readonly string[],
  ): Promise<Array<{ id: number; docSetId: number; path: string }>>;
}

/**
 * Storage behind the engine-agnostic query code: a SQLite file now, PostgreSQL next. Stores
 * keep the same logical tables (doc sets, pages, sections with token blobs, terms, and page and
 * section postings per term and doc set) so that ranking, expansion and snippets are shared.
 */
export interface IndexStore {
  /** Runs `work` against one consistent generation of the index. */
  read<T>(work: (reader: IndexReader) => Promise<T>): Promise<T>;
  /** See `SearchEngine.indexedDocSets`. */
  indexedDocSets(): Promise<IndexedDocSet[]>;
  /** See `SearchEngine.indexedPages`. */
  indexedPages(docSetId: string): Promise<IndexedPages>;
  /** See `SearchEngine.applyDocSetChanges`. */
  applyDocSetChanges(change: DocSetChange, options?: WriteOptions): Promise<void>;
  /** See `SearchEngine.removeDocSet`. */
  removeDocSet(docSetId: string, options?: Pick<WriteOptions, 'warm'>): Promise<void>;
  /** See `SearchEngine.stats`. */
  stats(): Promise<SearchIndexStats>;
  /**
   * The index's generation as the store holds it now (not the snapshot's): it changes with every
   * write, by any process or replica.
   */
  generation(): Promise<string>;
  /** See `SearchEngine.ping`. */
  ping(): Promise<void>;
  /** See `SearchEngine.close`. */
  close(): Promise<void>;
}

/** Error thrown when a change was computed against a revision that is no longer current. */
export class IndexConflictError extends Error {
  override name = 'IndexConflictError';
}

/** Error thrown when a write is aborted through its signal; nothing was written. */
export class IndexAbortError extends Error {
  override name = 'AbortError';
}

/**
 * Error thrown when the index's server cannot be reached or stopped answering (refused, reset,
 * timed out, shutting down). It carries `statusCode` 503 so an HTTP layer answers "unavailable"
 * rather than an internal error; the message is safe to show to a reader. `cause` holds the
 * driver's error for logs.
 */
export class SearchUnavailableError extends Error {
  override name = 'SearchUnavailableError';
  /** HTTP status the request that met this error answers with. */
  readonly statusCode = 503;

  constructor(cause: unknown) {
    super('Search is unavailable right now: its index cannot be reached. Try again in a moment.', {
      cause,
    });
  }
}
