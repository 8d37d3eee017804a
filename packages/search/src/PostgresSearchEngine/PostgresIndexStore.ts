import pg from 'pg';
import type { PoolClient } from 'pg';
import type {
  IndexReader,
  IndexSnapshot,
  IndexStore,
  PostingBlob,
  StoredPage,
  StoredSection,
} from '../core/IndexStore';
import { IndexAbortError } from '../core/IndexStore';
import { type SearchMemoryLimits, memoryLimits } from '../core/memoryLimits';
import type {
  DocSetChange,
  IndexedDocSet,
  IndexedPages,
  SearchIndexStats,
  WriteOptions,
} from '../SearchEngine';
import { WARM_POSTINGS_BYTES, warmPostings, warmSearches } from '../query/warmPostings';
import { loadPgSnapshot, readPgDocSets } from './loadSnapshot';
import { RowCache } from '../core/RowCache';
import { isPgUnavailable, unlessUnavailable } from './pgUnavailable';
import { PG_TABLES, migratePostgres } from './schema';
import { writePgDocSetChanges } from './writeDocSetChanges';

/** Where the PostgreSQL index lives. */
export interface PostgresSearchConfig {
  /** Connection URL, e.g. 'postgres://postgres@127.0.0.1:5432/portal'. */
  url: string;
  /** Most connections the engine opens (default 10). */
  poolSize?: number;
  /**
   * A query, or opening a connection, without an answer after this long fails, so a search
   * answers 503 instead of hanging while the server is out of reach (ms, default 10000).
   */
  timeoutMs?: number;
}

/** Default of {@link PostgresSearchConfig.timeoutMs}. */
export const DEFAULT_PG_SEARCH_TIMEOUT_MS = 10_000;

/** A generation's in-memory snapshot and its cache of display rows. */
interface LoadedGeneration {
  snapshot: IndexSnapshot;
  rows: RowCache;
}

/** What a query computed on the snapshot in memory before the server's generation was known. */
type Speculation<T> = { result: T } | { error: unknown };

/** A read of the server saw another generation than the snapshot it was made for. */
class StaleReadError extends Error {
  override name = 'StaleReadError';
}

/** Opens the transaction of a query: one consistent view of the index. */
const BEGIN_READ = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
/** The index generation: it changes with every write, by any replica. */
const SELECT_GENERATION = 'SELECT generation FROM search_meta WHERE id = 1';

/**
 * The index in PostgreSQL tables shared by every replica: the same logical layout as the
 * SQLite store (doc sets, pages, sections with token blobs, terms, page and section postings
 * as `bytea`). A write is one transaction holding the meta row lock, so a failed or killed
 * write leaves the previous index serving; a query runs in one REPEATABLE READ transaction
 * and reloads the in-memory snapshot whenever the generation it sees changed, including after
 * writes by other replicas.
 */
export class PostgresIndexStore implements IndexStore {
  private readonly pool: pg.Pool;
  private snapshot: LoadedGeneration | undefined;
  private readonly loading = new Map<string, Promise<LoadedGeneration>>();
  private closed = false;
  private readonly limits: SearchMemoryLimits;

  private constructor(config: PostgresSearchConfig, limits: Partial<SearchMemoryLimits>) {
    this.limits = memoryLimits(limits);
    const timeoutMs = config.timeoutMs ?? DEFAULT_PG_SEARCH_TIMEOUT_MS;
    this.pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? 10,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      keepAlive: true,
      application_name: 'docs-portal-search',
    });
    // An idle connection dropped by the server is discarded by the pool; do not crash for it.
    // The next query opens a fresh connection, so the engine recovers when the server is back.
    this.pool.on('error', () => undefined);
    // A connection lost while a query holds it (or while a read's COMMIT finishes) makes its
    // client emit 'error' besides failing the query, and the pool listens only to idle ones: an
    // 'error' nobody listens to would end the process instead of the search answering 503.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /**
   * Connects and creates the tables when they are missing; the store's caches stay within
   * `limits`.
   */
  static async open(
    config: PostgresSearchConfig,
    limits: Partial<SearchMemoryLimits> = {},
  ): Promise<PostgresIndexStore> {
    const store = new PostgresIndexStore(config, limits);
    try {
      await migratePostgres(store.pool);
    } catch (error) {
      await store.pool.end();
      throw error;
    }
    return store;
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('the search index is closed');
  }

  /**
   * Runs `work` on one pooled connection inside a transaction opened with `begin`. When the
   * server cannot be reached, rejects with a `SearchUnavailableError`.
   */
  private transaction<T>(begin: string, work: (client: PoolClient) => Promise<T>): Promise<T> {
    this.ensureOpen();
    return unlessUnavailable(() => this.runTransaction(begin, work));
  }

  private async runTransaction<T>(
    begin: string,
    work: (client: PoolClient) => Promise<T>,
  ): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query(begin);
      try {
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A lost or stuck connection is dropped instead (the server rolls back when it closes).
        if (!isPgUnavailable(error)) {
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
        }
        throw error;
      }
    } catch (error) {
      if (isPgUnavailable(error)) broken = true;
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private readTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.transaction(BEGIN_READ, work);
  }

  /**
   * The snapshot of a generation, loaded once even when several queries ask at the same time,
   * with its caches warmed as the SQLite store warms them (the postings of the words the first
   * keystrokes complete to, and the typing of the most frequent words), through `client`'s
   * transaction, which sees that generation.
   */
  private async snapshotFor(client: PoolClient, generation: string): Promise<LoadedGeneration> {
    if (this.snapshot?.snapshot.generation === generation) return this.snapshot;
    let pending = this.loading.get(generation);
    if (pending === undefined) {
      pending = (async () => {
        const loaded = {
          snapshot: await loadPgSnapshot(client, generation, this.limits),
          rows: new RowCache(
            this.limits.postgresRowCacheBytes,
            this.limits.postgresTokenCacheBytes,
          ),
        };
        const reader = readerFor(client, loaded.snapshot, loaded.rows);
        // Warming takes at most half the cache, so searches keep room for their own lists.
        await warmPostings(
          reader,
          Math.min(WARM_POSTINGS_BYTES, this.limits.postingCacheBytes / 2),
        );
        await warmSearches(reader);
        return loaded;
      })();
      this.loading.set(generation, pending);
      pending
        .then((loaded) => {
          if (
            this.snapshot === undefined ||
            BigInt(loaded.snapshot.generation) > BigInt(this.snapshot.snapshot.generation)
          )
            this.snapshot = loaded;
        })
        .catch(() => undefined)
        .finally(() => this.loading.delete(generation));
    }
    return pending;
  }

  async read<T>(work: (reader: IndexReader) => Promise<T>): Promise<T> {
    this.ensureOpen();
    return unlessUnavailable(() => this.readOnce(work));
  }

  /**
   * Runs `work` on one generation of the index. With a snapshot in memory, one statement outside
   * any transaction reads the generation the server holds, and `work` does not wait for it: it
   * runs at once on the snapshot, whose caches usually hold all a query needs, while the server
   * answers. Its reads of the server each return the generation they saw with their rows (one
   * statement sees one state of the database), and fail when it is not the snapshot's. The
   * answer is kept when the generation read agrees too, so a warm search sends one statement,
   * which overlaps its work, and answers as if it had waited for it. Otherwise, or without a
   * snapshot, `work` runs again in a REPEATABLE READ transaction on the snapshot of the generation
   * that transaction sees, whose COMMIT is not waited for: a read-only transaction has nothing to
   * keep, so the answer goes back while the connection finishes it, and returns to the pool after
   * (dropped if that fails).
   */
  private async readOnce<T>(work: (reader: IndexReader) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let handedOver = false;
    let broken = false;
    try {
      const early = await this.speculate(client, work);
      if (early !== undefined) {
        if ('error' in early) throw early.error;
        return early.result;
      }
      let result: T;
      try {
        const opened = (await client.query(
          `${BEGIN_READ}; ${SELECT_GENERATION}`,
        )) as unknown as pg.QueryResult<{ generation: string }>[];
        const generation = opened.at(-1)?.rows[0]?.generation ?? '0';
        const { snapshot, rows } = await this.snapshotFor(client, generation);
        result = await work(readerFor(client, snapshot, rows));
      } catch (error) {
        // A lost or stuck connection is dropped instead (the server rolls back when it closes).
        if (!isPgUnavailable(error)) {
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
        }
        throw error;
      }
      handedOver = true;
      client.query('COMMIT').then(
        () => client.release(),
        () => client.release(true),
      );
      return result;
    } catch (error) {
      if (isPgUnavailable(error)) broken = true;
      throw error;
    } finally {
      if (!handedOver) client.release(broken);
    }
  }

  /**
   * `work` on the snapshot in memory, outside any transaction, while one statement reads the
   * generation the server holds: its result or error when that is the snapshot's generation and
   * every read of `work` saw it too. Undefined without a snapshot, or when a generation differs
   * (nothing of `work` is kept then).
   */
  private async speculate<T>(
    client: PoolClient,
    work: (reader: IndexReader) => Promise<T>,
  ): Promise<Speculation<T> | undefined> {
    const current = this.snapshot;
    if (current === undefined) return undefined;
    const opening = client
      .query<{ generation: string }>(SELECT_GENERATION)
      .then(({ rows }) => rows[0]?.generation ?? '0');
    // Awaited below in any case; this only keeps a failure from counting as unhandled first.
    opening.catch(() => undefined);
    let early: Speculation<T> | undefined;
    try {
      early = { result: await work(readerFor(client, current.snapshot, current.rows)) };
    } catch (error) {
      early = error instanceof StaleReadError ? undefined : { error };
    }
    return (await opening) === current.snapshot.generation ? early : undefined;
  }

  async indexedDocSets(): Promise<IndexedDocSet[]> {
    return this.readTransaction(async (client) =>
      (await readPgDocSets(client)).map(({ docSet, pages, sections, revision }) => ({
        docSet,
        pages,
        sections,
        revision,
      })),
    );
  }

  async indexedPages(docSetId: string): Promise<IndexedPages> {
    return this.readTransaction(async (client) => {
      const hashes = new Map<string, string>();
      const found = await client.query<{ id: number; revision: number }>(
        'SELECT id, revision FROM search_doc_sets WHERE key = $1',
        [docSetId],
      );
      const row = found.rows[0];
      if (row === undefined) return { revision: 0, hashes };
      const pages = await client.query<{ path: string; hash: string }>(
        'SELECT path, hash FROM search_pages WHERE doc_set_id = $1 ORDER BY path',
        [row.id],
      );
      for (const page of pages.rows) hashes.set(page.path, page.hash);
      return { revision: row.revision, hashes };
    });
  }

  async applyDocSetChanges(change: DocSetChange, options: WriteOptions = {}): Promise<void> {
    if (options.signal?.aborted) throw new IndexAbortError('indexing aborted');
    const changed = await this.transaction('BEGIN', (client) =>
      writePgDocSetChanges(client, change, options),
    );
    // Warm the snapshot now so the next query does not pay for loading it.
    if (changed && options.warm !== false) await this.read(async () => undefined);
  }

  async removeDocSet(docSetId: string, options: Pick<WriteOptions, 'warm'> = {}): Promise<void> {
    const removed = await this.transaction('BEGIN', async (client) => {
      await client.query('SELECT 1 FROM search_meta WHERE id = 1 FOR UPDATE');
      const found = await client.query<{ id: number }>(
        'SELECT id FROM search_doc_sets WHERE key = $1 FOR UPDATE',
        [docSetId],
      );
      const row = found.rows[0];
      if (row === undefined) return false;
      for (const table of [
        'search_postings',
        'search_page_postings',
        'search_sections',
        'search_pages',
      ]) {
        await client.query(`DELETE FROM ${table} WHERE doc_set_id = $1`, [row.id]);
      }
      await client.query('DELETE FROM search_doc_sets WHERE id = $1', [row.id]);
      await client.query('UPDATE search_meta SET generation = generation + 1 WHERE id = 1');
      return true;
    });
    if (removed && options.warm !== false) await this.read(async () => undefined);
  }

  async stats(): Promise<SearchIndexStats> {
    return this.readTransaction(async (client) => {
      const { rows } = await client.query<{
        docSets: string;
        pages: string;
        sections: string;
        bytes: string;
      }>(
        `SELECT COUNT(*) AS "docSets", COALESCE(SUM(pages), 0) AS pages,
           COALESCE(SUM(sections), 0) AS sections,
           (SELECT SUM(pg_total_relation_size(t::regclass)) FROM unnest($1::text[]) AS t) AS bytes
         FROM search_doc_sets`,
        [[...PG_TABLES]],
      );
      const row = rows[0];
      return {
        docSets: Number(row?.docSets ?? 0),
        pages: Number(row?.pages ?? 0),
        sections: Number(row?.sections ?? 0),
        bytes: Number(row?.bytes ?? 0),
      };
    });
  }

  async ping(): Promise<void> {
    this.ensureOpen();
    await unlessUnavailable(() => this.pool.query(SELECT_GENERATION));
  }

  async generation(): Promise<string> {
    this.ensureOpen();
    const result = await unlessUnavailable(() =>
      this.pool.query<{ generation: string }>(SELECT_GENERATION),
    );
    return String(result.rows[0]?.generation ?? '0');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

/** A read of the index: its prepared statement's name and text, and a column never null in its rows. */
interface IndexRead {
  name: string;
  text: string;
  key: string;
}

/**
 * The read of `select` (rows whose `key` column is never null, in the order of `orderBy`'s
 * columns) as a statement that also returns the index generation it saw, as `seen` in every
 * row, and one row of nulls besides it when nothing is found: a statement sees one state of the
 * database, so its rows are that generation's, inside a transaction or not.
 */
function indexRead(name: string, select: string, key: string, orderBy: string[] = []): IndexRead {
  const order = orderBy.length === 0 ? '' : ` ORDER BY ${orderBy.map((c) => `r.${c}`).join(', ')}`;
  return {
    name,
    text: `SELECT m.generation AS seen, r.* FROM search_meta m LEFT JOIN (${select}) r ON true
  WHERE m.id = 1${order}`,
    key,
  };
}

/** Page and section postings of terms, read together (see `readerFor`). */
const READ_BOTH_POSTINGS = indexRead(
  'search-read-both-postings',
  `SELECT 0 AS kind, term_id, doc_set_id, data FROM search_page_postings
  WHERE term_id = ANY($1::int[]) AND doc_set_id = ANY($2::int[])
  UNION ALL
  SELECT 1 AS kind, term_id, doc_set_id, data FROM search_postings
  WHERE term_id = ANY($1::int[]) AND doc_set_id = ANY($2::int[])`,
  'term_id',
  ['kind', 'term_id', 'doc_set_id'],
);

const READ_SECTION_POSTINGS = indexRead(
  'search-read-section-postings',
  `SELECT term_id, doc_set_id, data FROM search_postings
  WHERE term_id = ANY($1::int[]) AND doc_set_id = ANY($2::int[])`,
  'term_id',
  ['term_id', 'doc_set_id'],
);

const READ_SECTION_TOKENS = indexRead(
  'search-read-section-tokens',
  'SELECT id, tokens FROM search_sections WHERE id = ANY($1::int[])',
  'id',
);

/**
 * Section rows with their pages' rows, so that a search's hits need one round trip. The ids are
 * joined as a list rather than matched with `= ANY`: the planner, which expects a handful of
 * rows from a list but many from `= ANY`, then looks each page up by its key, where it hashed
 * every page of the index for a search's few sections (0.2-0.3 ms of the server's time, against
 * 0.03 ms, on the PostgreSQL manual's 1,169 pages, with or without table statistics).
 */
const READ_SECTIONS_WITH_PAGES = indexRead(
  'search-read-sections-with-pages',
  `SELECT s.id, s.page_id AS "pageId", s.heading, s.anchor, s.text,
    p.doc_set_id AS "docSetId", p.path, p.title, p.breadcrumb
  FROM unnest($1::int[]) AS wanted(id) JOIN search_sections s ON s.id = wanted.id
    JOIN search_pages p ON p.id = s.page_id`,
  'id',
);

const READ_PAGES = indexRead(
  'search-read-pages',
  `SELECT id, doc_set_id AS "docSetId", path, title, breadcrumb FROM search_pages
  WHERE id = ANY($1::int[])`,
  'id',
);

const READ_PAGES_AT = indexRead(
  'search-read-pages-at',
  `SELECT id, doc_set_id AS "docSetId", path FROM search_pages
  WHERE doc_set_id = ANY($1::int[]) AND path = ANY($2::text[])`,
  'id',
);

type PageRow = Omit<StoredPage, 'breadcrumb'> & { breadcrumb: string };

const pageOf = (row: PageRow): StoredPage => ({
  id: row.id,
  docSetId: row.docSetId,
  path: row.path,
  title: row.title,
  breadcrumb: JSON.parse(row.breadcrumb) as string[],
});

/**
 * Reads of one query, all through one connection, of the generation of `snapshot`: a read that
 * sees another generation fails with a {@link StaleReadError} (see `speculate`). Each round trip
 * to the server costs a query more than the work it asks for, so the reader asks for what the
 * query will want next in the same statement: the section postings of the terms whose page
 * postings it reads (the second pass scores the same terms), and the pages of the sections it
 * shows. Display rows and encoded section tokens come from the generation's `rows` cache when
 * there.
 */
function readerFor(client: PoolClient, snapshot: IndexSnapshot, rows: RowCache): IndexReader {
  // Section postings read along with page postings, until the query asks for them: term id →
  // rows (none when the term has no section postings in the doc sets), for `prefetchedFor`.
  const prefetched = new Map<number, PostingBlob[]>();
  let prefetchedFor = '';
  async function query<R extends pg.QueryResultRow>(
    read: IndexRead,
    values: unknown[],
  ): Promise<R[]> {
    const { rows: found } = await client.query<R & { seen: string | null }>({
      name: read.name,
      text: read.text,
      values,
    });
    if (found[0]?.seen !== snapshot.generation) {
      throw new StaleReadError('a read saw another generation than its snapshot');
    }
    return found.filter((row) => row[read.key] !== null);
  }
  return {
    snapshot,
    postings: async (kind, termIds, docSetIds) => {
      const out = new Map<number, PostingBlob[]>();
      for (const termId of termIds) out.set(termId, []);
      if (termIds.length === 0 || docSetIds.length === 0) return out;
      const scope = docSetIds.join(',');
      let wanted: readonly number[] = termIds;
      if (kind === 'section' && scope === prefetchedFor) {
        wanted = termIds.filter((termId) => {
          const blobs = prefetched.get(termId);
          if (blobs === undefined) return true;
          // Handed over once: the query caches what it decodes.
          prefetched.delete(termId);
          out.set(termId, blobs);
          return false;
        });
        if (wanted.length === 0) return out;
      }
      // Rows of doc sets outside the query's scope never leave the database.
      if (kind === 'page') {
        const found = await query<{
          kind: number;
          term_id: number;
          doc_set_id: number;
          data: Buffer;
        }>(READ_BOTH_POSTINGS, [[...wanted], [...docSetIds]]);
        if (scope !== prefetchedFor) prefetched.clear();
        prefetchedFor = scope;
        for (const termId of wanted) prefetched.set(termId, []);
        for (const row of found) {
          const blob = { docSetId: row.doc_set_id, blob: row.data };
          (row.kind === 0 ? out : prefetched).get(row.term_id)?.push(blob);
        }
        return out;
      }
      const found = await query<{
        term_id: number;
        doc_set_id: number;
        data: Buffer;
      }>(READ_SECTION_POSTINGS, [[...wanted], [...docSetIds]]);
      for (const row of found)
        out.get(row.term_id)?.push({ docSetId: row.doc_set_id, blob: row.data });
      return out;
    },
    sectionTokens: async (ids) => {
      const { out, missing } = rows.tokens(ids);
      if (missing.length === 0) return out;
      const found = await query<{ id: number; tokens: Buffer }>(READ_SECTION_TOKENS, [missing]);
      for (const row of found) {
        // A copy of its own: a small Buffer of the driver can be a slice of a shared 8 KB slab,
        // which the cache would keep whole.
        const blob = new Uint8Array(row.tokens);
        rows.setTokens(row.id, blob);
        out.set(row.id, blob);
      }
      return out;
    },
    sections: async (ids) => {
      const { out, missing } = rows.sections(ids);
      if (missing.length === 0) return out;
      const found = await query<StoredSection & PageRow & { pageId: number }>(
        READ_SECTIONS_WITH_PAGES,
        [missing],
      );
      for (const row of found) {
        const section: StoredSection = {
          id: row.id,
          pageId: row.pageId,
          heading: row.heading,
          anchor: row.anchor,
          text: row.text,
        };
        rows.setSection(section);
        out.set(row.id, section);
        if (!rows.hasPage(row.pageId)) rows.setPage(pageOf({ ...row, id: row.pageId }));
      }
      return out;
    },
    pages: async (ids) => {
      const { out, missing } = rows.pages(ids);
      if (missing.length === 0) return out;
      const found = await query<PageRow>(READ_PAGES, [missing]);
      for (const row of found) {
        rows.setPage(pageOf(row));
        out.set(row.id, pageOf(row));
      }
      return out;
    },
    pagesAt: async (docSetIds, paths) => {
      if (docSetIds.length === 0 || paths.length === 0) return [];
      const found = await query<{ id: number; docSetId: number; path: string }>(READ_PAGES_AT, [
        [...docSetIds],
        [...paths],
      ]);
      return found.map(({ id, docSetId, path }) => ({ id, docSetId, path }));
    },
  };
}
