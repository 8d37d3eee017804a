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
  WriteProgress,
} from '../SearchEngine';
import { loadPgSnapshot, readPgDocSets } from './loadSnapshot';
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
  private snapshot: IndexSnapshot | undefined;
  private readonly loading = new Map<string, Promise<IndexSnapshot>>();
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
  private transaction<T>(
    begin: string,
    work: (client: PoolClient, opened: unknown) => Promise<T>,
  ): Promise<T> {
    this.ensureOpen();
    return unlessUnavailable(() => this.runTransaction(begin, work));
  }

  private async runTransaction<T>(
    begin: string,
    work: (client: PoolClient, opened: unknown) => Promise<T>,
  ): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      const opened: unknown = await client.query(begin);
      try {
        const result = await work(client, opened);
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

  /** The snapshot of a generation, loaded once even when several queries ask at the same time. */
  private async snapshotFor(client: PoolClient, generation: string): Promise<IndexSnapshot> {
    if (this.snapshot?.generation === generation) return this.snapshot;
    let pending = this.loading.get(generation);
    if (pending === undefined) {
      pending = loadPgSnapshot(client, generation, this.limits);
      this.loading.set(generation, pending);
      pending
        .then((loaded) => {
          if (
            this.snapshot === undefined ||
            BigInt(loaded.generation) > BigInt(this.snapshot.generation)
          )
            this.snapshot = loaded;
        })
        .catch(() => undefined)
        .finally(() => this.loading.delete(generation));
    }
    return pending;
  }

  async read<T>(work: (reader: IndexReader) => Promise<T>): Promise<T> {
    // One round trip opens the transaction and reads the generation it sees (a query pays for
    // every round trip, so the reads below are prepared statements too).
    return this.transaction(`${BEGIN_READ}; ${SELECT_GENERATION}`, async (client, opened) => {
      const results = opened as pg.QueryResult<{ generation: string }>[];
      const generation = results[results.length - 1]?.rows[0]?.generation ?? '0';
      const snapshot = await this.snapshotFor(client, generation);
      return work(readerFor(client, snapshot));
    });
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

  async applyDocSetChanges(
    change: DocSetChange,
    options: { onProgress?(progress: WriteProgress): void; signal?: AbortSignal } = {},
  ): Promise<void> {
    if (options.signal?.aborted) throw new IndexAbortError('indexing aborted');
    const changed = await this.transaction('BEGIN', (client) =>
      writePgDocSetChanges(client, change, options),
    );
    // Warm the snapshot now so the next query does not pay for loading it.
    if (changed) await this.read(async () => undefined);
  }

  async removeDocSet(docSetId: string): Promise<void> {
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
    if (removed) await this.read(async () => undefined);
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

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

/** Reads of one query, all through the connection holding its transaction. */
function readerFor(client: PoolClient, snapshot: IndexSnapshot): IndexReader {
  return {
    snapshot,
    postings: async (kind, termIds, docSetIds) => {
      const out = new Map<number, PostingBlob[]>();
      for (const termId of termIds) out.set(termId, []);
      if (termIds.length === 0 || docSetIds.length === 0) return out;
      const table = kind === 'page' ? 'search_page_postings' : 'search_postings';
      // Rows of doc sets outside the query's scope never leave the database.
      const { rows } = await client.query<{ term_id: number; doc_set_id: number; data: Buffer }>({
        name: `search-read-${table}`,
        text: `SELECT term_id, doc_set_id, data FROM ${table}
         WHERE term_id = ANY($1::int[]) AND doc_set_id = ANY($2::int[]) ORDER BY term_id, doc_set_id`,
        values: [[...termIds], [...docSetIds]],
      });
      for (const row of rows)
        out.get(row.term_id)?.push({ docSetId: row.doc_set_id, blob: row.data });
      return out;
    },
    sectionTokens: async (ids) => {
      const out = new Map<number, Uint8Array>();
      if (ids.length === 0) return out;
      const { rows } = await client.query<{ id: number; tokens: Buffer }>({
        name: 'search-read-section-tokens',
        text: 'SELECT id, tokens FROM search_sections WHERE id = ANY($1::int[])',
        values: [[...ids]],
      });
      for (const row of rows) out.set(row.id, row.tokens);
      return out;
    },
    sections: async (ids) => {
      const out = new Map<number, StoredSection>();
      if (ids.length === 0) return out;
      const { rows } = await client.query<StoredSection>({
        name: 'search-read-sections',
        text: `SELECT id, page_id AS "pageId", heading, anchor, text FROM search_sections
         WHERE id = ANY($1::int[])`,
        values: [[...ids]],
      });
      for (const row of rows) out.set(row.id, row);
      return out;
    },
    pages: async (ids) => {
      const out = new Map<number, StoredPage>();
      if (ids.length === 0) return out;
      const { rows } = await client.query<Omit<StoredPage, 'breadcrumb'> & { breadcrumb: string }>({
        name: 'search-read-pages',
        text: `SELECT id, doc_set_id AS "docSetId", path, title, breadcrumb FROM search_pages
         WHERE id = ANY($1::int[])`,
        values: [[...ids]],
      });
      for (const row of rows)
        out.set(row.id, { ...row, breadcrumb: JSON.parse(row.breadcrumb) as string[] });
      return out;
    },
    pagesAt: async (docSetIds, paths) => {
      if (docSetIds.length === 0 || paths.length === 0) return [];
      const { rows } = await client.query<{ id: number; docSetId: number; path: string }>({
        name: 'search-read-pages-at',
        text: `SELECT id, doc_set_id AS "docSetId", path FROM search_pages
         WHERE doc_set_id = ANY($1::int[]) AND path = ANY($2::text[])`,
        values: [[...docSetIds], [...paths]],
      });
      return rows;
    },
  };
}
