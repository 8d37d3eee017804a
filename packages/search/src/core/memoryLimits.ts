/**
 * Ceilings of the memory an engine keeps between queries, whatever the size of the corpus. What
 * must stay per page, section and term (the snapshot's typed-array tables and the vocabulary)
 * is not bounded here: it is compact, and it is what a query needs.
 */
export interface SearchMemoryLimits {
  /**
   * Bytes of decoded posting lists kept for the next queries (see `PostingCache`), counting what
   * the process holds for them: their postings, buffers and objects. Lists beyond it are decoded
   * again when asked for; a list larger than the whole ceiling is not kept.
   */
  postingCacheBytes: number;
  /**
   * Bytes of decoded section token sequences kept for the next queries (see
   * `SectionTokenCache`), their buffers and objects counted: the best candidates' sections are
   * ranked by their tokens, and the sections of popular pages come back query after query. 0
   * keeps none.
   */
  sectionTokenCacheBytes: number;
  /**
   * Bytes of database pages the SQLite engine's query connection keeps (SQLite's page cache).
   * Pages beyond it are read again from the operating system's file cache. Ignored by the
   * PostgreSQL engine, whose server keeps its own cache.
   */
  sqlitePageCacheBytes: number;
  /**
   * Bytes of section and page rows (for display) the SQLite engine keeps per index generation,
   * counted as V8 holds their strings (see `RowCache`): without them, every search decoded the
   * texts of its hits' sections again. Ignored by the PostgreSQL engine. 0 keeps none.
   */
  sqliteRowCacheBytes: number;
  /**
   * Bytes of section and page rows (for display) the PostgreSQL engine keeps per index
   * generation, counted as V8 holds their strings: without them, every search waited for the
   * server to send the rows of its hits. Ignored by the SQLite engine. 0 keeps none.
   */
  postgresRowCacheBytes: number;
  /**
   * Bytes of encoded section token sequences the PostgreSQL engine keeps per index generation,
   * under the decoded section token cache (what SQLite's page cache does for the SQLite engine).
   * Ignored by the SQLite engine. 0 keeps none.
   */
  postgresTokenCacheBytes: number;
}

const MB = 1024 * 1024;

/**
 * Defaults (bench/search/cacheCeilings.ts, 10,000 synthetic pages, 1,000 searches): the posting
 * lists those searches use take 61 MB decoded, so 64 MB searches as fast as 128 MB did, while
 * 32 MB costs 20-27% in p50/p95. SQLite's cache at 16 MB instead of 64 MB costs nothing
 * measurable (the operating system's file cache serves the rest).
 */
export const DEFAULT_MEMORY_LIMITS: SearchMemoryLimits = {
  postingCacheBytes: 64 * MB,
  sectionTokenCacheBytes: 32 * MB,
  sqlitePageCacheBytes: 16 * MB,
  // 20 MB: the 16 MB that held the Python bench queries' rows, and their snippets' word tables.
  sqliteRowCacheBytes: 20 * MB,
  postgresRowCacheBytes: 20 * MB,
  postgresTokenCacheBytes: 16 * MB,
};

/** The limits with defaults for what `limits` leaves out. */
export function memoryLimits(limits: Partial<SearchMemoryLimits> = {}): SearchMemoryLimits {
  return { ...DEFAULT_MEMORY_LIMITS, ...limits };
}
