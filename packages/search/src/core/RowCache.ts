import { LRUCache } from 'lru-cache';
import type { StoredPage, StoredSection } from './IndexStore';

/*
 * The ceilings are `SearchMemoryLimits.postgresRowCacheBytes` and `postgresTokenCacheBytes`
 * (20 and 16 MB by default) for the PostgreSQL engine, `sqliteRowCacheBytes` (rows only, 20 MB)
 * for the SQLite engine. Section texts are long (500-1,000 characters on average in the bench
 * corpora, 4-10 MB of text per corpus): half of 8 MB for sections, counted at two bytes a
 * character, left nearly every search of the relevance bench's Django queries reading a section
 * row (0.96 statements per search besides BEGIN and COMMIT); 16 MB counted as V8 keeps the
 * strings left none (queryCost --engine postgres). The Python corpus's sections take more than
 * the decoded token cache's 32 MB, and its bench queries read 0.89 sections' tokens per search
 * from the server after that cache dropped them; 16 MB of encoded tokens left none. The rows'
 * ceilings went from 16 to 20 MB with the word tables of long texts (`WORD_TABLE_LENGTH`): at
 * 16 MB counting them, the Python bench queries (200, five times over) read rows again (28 M
 * instructions of UTF-8 decoding a pass, where there had been none).
 */

/** What a cached token blob holds besides its bytes (the Buffer object and its allocation). */
const BLOB_OBJECT_BYTES = 160;

/** Share of the ceiling for page rows: a page row is a path, a title and a breadcrumb. */
const PAGE_SHARE = 1 / 8;

/** What V8 holds for a row object and its strings besides their characters. */
const ROW_OBJECT_BYTES = 160;

/** V8 keeps a string of Latin-1 characters one byte per character, any other two. */
const stringBytes = (text: string) => (/[\u0100-\uffff]/.test(text) ? 2 : 1) * text.length;

/**
 * Texts at least this long get a table of their words for snippets (`addWordTable`): 4 bytes a
 * word, 0.65-0.70 bytes a character of the long texts of the GnuCash guide, the GIMP manual and
 * the Python and Django documentation.
 */
export const WORD_TABLE_LENGTH = 1000;

/** What a long text's table of words is counted at, per character of the text. */
const WORD_TABLE_BYTES_PER_CHARACTER = 0.75;

/**
 * The text counts twice, and a long one's table of words beside it: snippets keep its
 * lower-cased copy and, for a long one, the table while the row lives (`buildHits`).
 */
const sectionBytes = (row: StoredSection) =>
  ROW_OBJECT_BYTES +
  stringBytes(row.heading) +
  stringBytes(row.anchor) +
  2 * stringBytes(row.text) +
  (row.text.length >= WORD_TABLE_LENGTH
    ? Math.ceil(WORD_TABLE_BYTES_PER_CHARACTER * row.text.length)
    : 0);

const pageBytes = (row: StoredPage) =>
  ROW_OBJECT_BYTES +
  stringBytes(row.path) +
  stringBytes(row.title) +
  row.breadcrumb.reduce((n, crumb) => n + 48 + stringBytes(crumb), 0);

/** What `cached` holds of `ids`, by id, and the ids it does not hold, to be read. */
function fromCache<T>(
  ids: readonly number[],
  cached: (id: number) => T | undefined,
): { out: Map<number, T>; missing: number[] } {
  const out = new Map<number, T>();
  const missing: number[] = [];
  for (const id of ids) {
    const value = cached(id);
    if (value === undefined) missing.push(id);
    else out.set(id, value);
  }
  return { out, missing };
}

/**
 * Section and page rows, and encoded section tokens, of one index generation, least recently
 * used dropped first once the byte budget is spent. With the query's other reads served by the
 * posting and section token caches, these rows were what made every PostgreSQL search wait for
 * the server: two round trips for a search, one for a suggestion. In the SQLite engine, reading
 * the rows of a search's hits was a quarter of the time of the slowest searches: a section's
 * text is decoded from UTF-8 into a new string at every read (40 µs for 4,700 characters with a
 * curly quote), and 93-96 % of the sections a query set shows were shown by an earlier query.
 * Rows are never changed under their id within a generation, so a cached one is what the
 * query's transaction would read.
 */
export class RowCache {
  private readonly sectionRows: LRUCache<number, StoredSection> | undefined;
  private readonly pageRows: LRUCache<number, StoredPage> | undefined;
  private readonly tokenBlobs: LRUCache<number, Uint8Array> | undefined;

  /** `maxBytes` (of sections and pages together) or `tokenBytes` 0 keeps none of them. */
  constructor(maxBytes: number, tokenBytes: number) {
    this.tokenBlobs =
      tokenBytes > 0
        ? new LRUCache({
            maxSize: tokenBytes,
            sizeCalculation: (blob: Uint8Array) => BLOB_OBJECT_BYTES + blob.byteLength,
          })
        : undefined;
    const pages = Math.floor(maxBytes * PAGE_SHARE);
    const sections = maxBytes - pages;
    this.sectionRows =
      sections > 0 ? new LRUCache({ maxSize: sections, sizeCalculation: sectionBytes }) : undefined;
    this.pageRows =
      pages > 0 ? new LRUCache({ maxSize: pages, sizeCalculation: pageBytes }) : undefined;
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return (
      (this.sectionRows?.calculatedSize ?? 0) +
      (this.pageRows?.calculatedSize ?? 0) +
      (this.tokenBlobs?.calculatedSize ?? 0)
    );
  }

  /** The cached rows of `ids` (shared: never to be changed), and the ids to be read. */
  sections(ids: readonly number[]): { out: Map<number, StoredSection>; missing: number[] } {
    return fromCache(ids, (id) => this.sectionRows?.get(id));
  }

  /** The cached page rows of `ids` (copies: the breadcrumb goes into answers), and the ids to be read. */
  pages(ids: readonly number[]): { out: Map<number, StoredPage>; missing: number[] } {
    return fromCache(ids, (id) => {
      const row = this.pageRows?.get(id);
      return row && { ...row, breadcrumb: [...row.breadcrumb] };
    });
  }

  /** The cached encoded token sequences of `ids` (shared: never to be changed), and the ids to be read. */
  tokens(ids: readonly number[]): { out: Map<number, Uint8Array>; missing: number[] } {
    return fromCache(ids, (id) => this.tokenBlobs?.get(id));
  }

  /** Whether the page row of `id` is kept. */
  hasPage(id: number): boolean {
    return this.pageRows?.has(id) ?? false;
  }

  /** Keeps the encoded token sequence of a section. */
  setTokens(sectionId: number, blob: Uint8Array): void {
    this.tokenBlobs?.set(sectionId, blob);
  }

  /** Keeps a section row. */
  setSection(row: StoredSection): void {
    this.sectionRows?.set(row.id, row);
  }

  /** Keeps a page row. */
  setPage(row: StoredPage): void {
    this.pageRows?.set(row.id, row);
  }
}
