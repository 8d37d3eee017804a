import Database from 'better-sqlite3';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type {
  IndexReader,
  PostingBlob,
  IndexSnapshot,
  IndexStore,
  StoredPage,
  StoredSection,
} from '../core/IndexStore';
import { IndexAbortError, SearchUnavailableError } from '../core/IndexStore';
import { type SearchMemoryLimits, memoryLimits } from '../core/memoryLimits';
import { Mutex } from '../core/Mutex';
import { RowCache } from '../core/RowCache';
import type {
  DocSetChange,
  IndexedDocSet,
  IndexedPages,
  SearchIndexStats,
  WriteOptions,
} from '../SearchEngine';
import { loadSnapshot, readDocSets } from './loadSnapshot';
import { WARM_POSTINGS_BYTES, warmPostings, warmSearches } from '../query/warmPostings';
import { WalIndexGuard, WalIndexLostError } from '../sqlite/WalIndexGuard';
import { migrate } from './schema';
import { writeDocSetChanges } from './writeDocSetChanges';

/** File name of the index inside `${dataDir}/search/`. */
export const SQLITE_INDEX_FILE = 'index.sqlite';
/** How long a write waits for another process's write to finish before giving up. */
const WRITE_LOCK_PATIENCE_MS = 10 * 60 * 1000;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_');
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** SQLite errors of the file or its disk, as opposed to a bad query: the index is unavailable. */
function isFileError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    /^SQLITE_(IOERR|READONLY|FULL|CANTOPEN|CORRUPT|NOTADB|PERM)(_|$)/.test(code)
  );
}

/** Runs `work`; a damaged or unwritable file becomes a {@link SearchUnavailableError} (503). */
async function unlessFileFails<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof WalIndexLostError || isFileError(error)
      ? new SearchUnavailableError(error)
      : error;
  }
}

/**
 * The index in one SQLite file (WAL mode) with two connections: one for queries, one for
 * writes. A write is one transaction, so a failed or killed run leaves the previous index
 * serving (SQLite rolls the journal back on the next open); queries read one consistent
 * generation each and reload the in-memory snapshot when the generation changed, including
 * after writes by another process (the `reindex` command).
 */
export class SqliteIndexStore implements IndexStore {
  private readonly file: string;
  private readonly reader: Database.Database;
  private readonly writer: Database.Database;
  private readonly readLock = new Mutex();
  private readonly writeLock = new Mutex();
  private snapshot: IndexSnapshot | undefined;
  /** Display rows of the snapshot's generation. */
  private rows: RowCache;
  private closed = false;
  private readonly queries;
  private readonly guard: WalIndexGuard;
  private readonly limits: SearchMemoryLimits;

  /** Opens (creating when missing) the index of `dataDir`, keeping its caches within `limits`. */
  constructor(dataDir: string, limits: Partial<SearchMemoryLimits> = {}) {
    this.limits = memoryLimits(limits);
    this.rows = new RowCache(this.limits.sqliteRowCacheBytes, 0);
    const dir = join(dataDir, 'search');
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, SQLITE_INDEX_FILE);
    this.writer = new Database(this.file, { timeout: 50 });
    this.writer.pragma('journal_mode = WAL');
    this.writer.pragma('synchronous = NORMAL');
    migrate(this.writer);
    this.reader = new Database(this.file, { timeout: 5000 });
    // Negative: a size in KiB rather than in pages.
    this.reader.pragma(`cache_size = -${Math.floor(this.limits.sqlitePageCacheBytes / 1024)}`);
    this.queries = {
      generation: this.reader.prepare("SELECT value FROM meta WHERE key = 'generation'").pluck(),
      postings: this.reader
        .prepare('SELECT doc_set_id, data FROM postings WHERE term_id = ?')
        .raw(),
      pagePostings: this.reader
        .prepare('SELECT doc_set_id, data FROM page_postings WHERE term_id = ?')
        .raw(),
      tokens: this.reader.prepare('SELECT tokens FROM sections WHERE id = ?').pluck(),
      section: this.reader.prepare(
        'SELECT id, page_id AS pageId, heading, anchor, text FROM sections WHERE id = ?',
      ),
      page: this.reader.prepare(
        'SELECT id, doc_set_id AS docSetId, path, title, breadcrumb FROM pages WHERE id = ?',
      ),
      pageAt: this.reader.prepare('SELECT id FROM pages WHERE doc_set_id = ? AND path = ?').pluck(),
      pageHashes: this.reader.prepare('SELECT path, hash FROM pages WHERE doc_set_id = ?').raw(),
      docSetByKey: this.reader.prepare('SELECT id, revision FROM doc_sets WHERE key = ?'),
    };
    this.guard = new WalIndexGuard(this.file, {
      repaired: ({ file }) => {
        throw new WalIndexLostError(`${file} shrank under the open index and was restored`);
      },
    });
    this.queries.generation.get();
    this.guard.check();
  }

  /**
   * Throws unless the connections may be used: the store is open, and its files are as SQLite
   * left them (touching a damaged WAL index would kill the process; see {@link WalIndexGuard}).
   * A repaired file fails this one call, so that the damage is logged, and serves again after.
   */
  private ensureOpen(): void {
    if (this.closed) throw new Error('the search index is closed');
    this.guard.check();
  }

  /** Runs `work` in a read transaction, on a snapshot matching the generation it reads. */
  async read<T>(work: (reader: IndexReader) => Promise<T>): Promise<T> {
    return unlessFileFails(() => this.readInTransaction(work));
  }

  private async readInTransaction<T>(work: (reader: IndexReader) => Promise<T>): Promise<T> {
    return this.readLock.run(async () => {
      this.ensureOpen();
      this.reader.exec('BEGIN');
      try {
        const generation = this.queries.generation.get() as string;
        if (this.snapshot?.generation !== generation) {
          // The old snapshot goes first, so that two never live at once.
          this.snapshot = undefined;
          this.rows = new RowCache(this.limits.sqliteRowCacheBytes, 0);
          this.snapshot = loadSnapshot(this.reader, generation, this.limits);
          // Warming takes at most half the cache, so searches keep room for their own lists.
          const warmBytes = Math.min(WARM_POSTINGS_BYTES, this.limits.postingCacheBytes / 2);
          await warmPostings(this.readerFor(this.snapshot), warmBytes);
          await warmSearches(this.readerFor(this.snapshot));
        }
        return await work(this.readerFor(this.snapshot));
      } finally {
        this.reader.exec('COMMIT');
      }
    });
  }

  private readerFor(snapshot: IndexSnapshot): IndexReader {
    const q = this.queries;
    const rows = this.rows;
    return {
      snapshot,
      postings: async (kind, termIds, docSetIds) => {
        const statement = kind === 'page' ? q.pagePostings : q.postings;
        const allowed = new Set(docSetIds);
        const out = new Map<number, PostingBlob[]>();
        for (const termId of termIds) {
          const blobs: PostingBlob[] = [];
          // Rows of doc sets outside the query's scope are dropped here, before anything decodes them.
          for (const row of statement.all(termId) as Array<[number, Uint8Array]>) {
            if (allowed.has(row[0])) blobs.push({ docSetId: row[0], blob: row[1] });
          }
          out.set(termId, blobs);
        }
        return out;
      },
      sectionTokens: async (ids) => {
        const out = new Map<number, Uint8Array>();
        for (const id of ids) {
          const blob = q.tokens.get(id) as Uint8Array | undefined;
          if (blob !== undefined) out.set(id, blob);
        }
        return out;
      },
      sections: async (ids) => {
        const { out, missing } = rows.sections(ids);
        for (const id of missing) {
          const row = q.section.get(id) as StoredSection | undefined;
          if (row === undefined) continue;
          rows.setSection(row);
          out.set(id, row);
        }
        return out;
      },
      pages: async (ids) => {
        const { out, missing } = rows.pages(ids);
        for (const id of missing) {
          const row = q.page.get(id) as
            (Omit<StoredPage, 'breadcrumb'> & { breadcrumb: string }) | undefined;
          if (row === undefined) continue;
          const page = { ...row, breadcrumb: JSON.parse(row.breadcrumb) as string[] };
          rows.setPage(page);
          out.set(id, { ...page, breadcrumb: [...page.breadcrumb] });
        }
        return out;
      },
      pagesAt: async (docSetIds, paths) => {
        const found: Array<{ id: number; docSetId: number; path: string }> = [];
        for (const docSetId of docSetIds) {
          for (const path of paths) {
            const id = q.pageAt.get(docSetId, path) as number | undefined;
            if (id !== undefined) found.push({ id, docSetId, path });
          }
        }
        return found;
      },
    };
  }

  async indexedDocSets(): Promise<IndexedDocSet[]> {
    return unlessFileFails(() =>
      this.readLock.run(() => {
        this.ensureOpen();
        return readDocSets(this.reader).map(({ docSet, pages, sections, revision }) => ({
          docSet,
          pages,
          sections,
          revision,
        }));
      }),
    );
  }

  async indexedPages(docSetId: string): Promise<IndexedPages> {
    return unlessFileFails(() =>
      this.readLock.run(() => {
        this.ensureOpen();
        return this.reader.transaction(() => {
          const row = this.queries.docSetByKey.get(docSetId) as
            { id: number; revision: number } | undefined;
          const hashes = new Map<string, string>();
          if (row === undefined) return { revision: 0, hashes };
          for (const [path, hash] of this.queries.pageHashes.all(row.id) as Array<
            [string, string]
          >) {
            hashes.set(path, hash);
          }
          return { revision: row.revision, hashes };
        })();
      }),
    );
  }

  /** Opens a write transaction, waiting (without blocking the event loop) for other writers. */
  private async beginWrite(signal: AbortSignal | undefined): Promise<void> {
    const started = Date.now();
    for (;;) {
      if (signal?.aborted) throw new IndexAbortError('indexing aborted');
      try {
        this.writer.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() - started > WRITE_LOCK_PATIENCE_MS) throw error;
      }
      await delay(100);
    }
  }

  private async write(
    { signal, warm = true }: WriteOptions,
    work: () => Promise<void> | void,
  ): Promise<void> {
    await this.writeLock.run(async () => {
      this.ensureOpen();
      await this.beginWrite(signal);
      try {
        await work();
        this.writer.exec('COMMIT');
      } catch (error) {
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw error;
      }
      await this.compact();
    });
    // Warm the snapshot now so the next query does not pay for loading it.
    if (warm) await this.read(async () => undefined);
  }

  /**
   * Gives the pages a write freed back to the file system and copies the WAL into the file,
   * truncating it: after a big write the WAL is as large as the index, and nothing needs it
   * once the file holds the pages. Waits for this process's readers to finish; readers of other
   * processes may make the checkpoint partial, which the next write completes.
   */
  private async compact(): Promise<void> {
    try {
      this.writer.pragma('incremental_vacuum');
      await this.readLock.run(() => {
        this.ensureOpen();
        this.writer.pragma('wal_checkpoint(TRUNCATE)');
      });
    } catch {
      // The write is committed; the space is reclaimed by the next write.
    }
  }

  async applyDocSetChanges(change: DocSetChange, options: WriteOptions = {}): Promise<void> {
    await unlessFileFails(() =>
      this.write(options, () => writeDocSetChanges(this.writer, change, options)),
    );
  }

  async removeDocSet(docSetId: string, options: Pick<WriteOptions, 'warm'> = {}): Promise<void> {
    await this.write(options, () => {
      const row = this.writer.prepare('SELECT id FROM doc_sets WHERE key = ?').get(docSetId) as
        { id: number } | undefined;
      if (row === undefined) return;
      for (const table of ['postings', 'page_postings', 'sections', 'pages']) {
        this.writer.prepare(`DELETE FROM ${table} WHERE doc_set_id = ?`).run(row.id);
      }
      this.writer.prepare('DELETE FROM doc_sets WHERE id = ?').run(row.id);
      this.writer
        .prepare(
          "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'generation'",
        )
        .run();
    });
  }

  async stats(): Promise<SearchIndexStats> {
    return unlessFileFails(() =>
      this.readLock.run(() => {
        this.ensureOpen();
        const totals = this.reader
          .prepare(
            'SELECT COUNT(*) AS docSets, COALESCE(SUM(pages), 0) AS pages, COALESCE(SUM(sections), 0) AS sections FROM doc_sets',
          )
          .get() as { docSets: number; pages: number; sections: number };
        // The file alone: the WAL is transient, truncated after every write (see compact()).
        const bytes = statSync(this.file).size;
        return { ...totals, bytes };
      }),
    );
  }

  async generation(): Promise<string> {
    return unlessFileFails(() =>
      this.readLock.run(() => {
        this.ensureOpen();
        return this.queries.generation.get() as string;
      }),
    );
  }

  async ping(): Promise<void> {
    await unlessFileFails(() =>
      this.readLock.run(() => {
        this.ensureOpen();
        this.queries.generation.get();
      }),
    );
  }

  async close(): Promise<void> {
    await this.writeLock.run(() =>
      this.readLock.run(() => {
        if (this.closed) return;
        this.closed = true;
        // Closing checkpoints through the WAL index: with a damaged one that would crash, so the
        // connections are left to the end of the process instead.
        if (!this.filesUsable()) return;
        this.reader.close();
        this.writer.close();
      }),
    );
  }

  /** True when the guard passes, repairing the files first when it can. */
  private filesUsable(): boolean {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        this.guard.check();
        return true;
      } catch {
        // A repair fails its first check on purpose; the second tells.
      }
    }
    return false;
  }
}
