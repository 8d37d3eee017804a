import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  createSearchEngine,
  NO_RESULT_CACHE,
  type PageRecord,
  type SearchEngine,
} from '@docs-portal/search';
import { folderBytes, type BenchEngine } from './baselineEngines';

/** Doc set id the bench indexes every corpus under. */
const DOC_SET_ID = 'bench';

/** The one doc set the benches index a corpus into. */
export const BENCH_DOC_SET = {
  id: DOC_SET_ID,
  title: 'Bench corpus',
  product: 'Bench',
  version: '1',
  docType: 'Reference',
  urlPrefix: '',
  folder: '/usr/share/doc',
};

/**
 * Folds the write-ahead logs of the SQLite files under `dir` into their database files (a
 * passive reader connection does not block it), so the files measure the index, not the log.
 */
export function checkpointSqliteFiles(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) checkpointSqliteFiles(full);
    else if (entry.isFile() && entry.name.endsWith('-wal')) {
      const db = new Database(full.slice(0, -'-wal'.length), { fileMustExist: true });
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
    }
  }
}

/** PostgreSQL server the bench may use (a throwaway database is created and dropped). */
export const BENCH_PG_URL =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether the PostgreSQL server of the bench answers. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement on the bench server's admin database (CREATE or DROP DATABASE). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a throwaway database on the bench's server; the engine's connection settings for it. */
export async function createBenchDatabase(database: string): Promise<{ url: string }> {
  await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${database}`;
  return { url: url.href };
}

/** Our engine (SQLite, or PostgreSQL), fed the same page records through its write API. */
export function ourEngine(
  options: { ranking?: Record<string, unknown>; kind?: 'sqlite' | 'postgres' } = {},
): BenchEngine {
  let engine: SearchEngine;
  const kind = options.kind ?? 'sqlite';
  const dataDir = mkdtempSync(join(tmpdir(), 'search-bench-'));
  const database = `docs_portal_bench_${randomBytes(4).toString('hex')}`;
  return {
    name: kind === 'sqlite' ? 'ours (SQLite)' : 'ours (PostgreSQL)',
    async build(records: readonly PageRecord[]) {
      const postgres = kind === 'postgres' ? await createBenchDatabase(database) : undefined;
      engine = await createSearchEngine({
        engine: kind,
        dataDir,
        ranking: options.ranking ?? {},
        // The benches time the engine's work: a query asked again must not come from the cache.
        resultCache: NO_RESULT_CACHE,
        ...(postgres ? { postgres } : {}),
      });
      // The build ends with the index written, as syncDocSets with `warm: false` does (and as
      // the other engines' builds end); loading it for searches is `warm()`, timed apart.
      await engine.applyDocSetChanges(
        { docSet: BENCH_DOC_SET, upserts: [...records], removals: [] },
        { warm: false },
      );
    },
    async warm() {
      await engine.warm();
    },
    async search(query, limit) {
      const response = await engine.search(
        {
          q: query,
          product: [],
          version: [],
          docType: [],
          page: 1,
          pageSize: limit,
          explain: false,
        },
        { docSetIds: [DOC_SET_ID] },
      );
      return response.hits.map((hit) => decodeURI(hit.url.split('?')[0] as string));
    },
    async size() {
      if (kind === 'sqlite') {
        checkpointSqliteFiles(dataDir);
        return { bytes: folderBytes(dataDir), reported: (await engine.stats()).bytes };
      }
      const reported = (await engine.stats()).bytes;
      return { bytes: reported, reported };
    },
    async close() {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${database}`);
    },
  };
}
