import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/fixtures';
import { BROKEN_PAGE } from '../../test/fixtures/malformedPages';
import type { PageRecord } from '../core/analysePage';
import { createSearchEngine } from '../createSearchEngine';
import { SQLITE_INDEX_FILE } from '../SqliteSearchEngine/SqliteIndexStore';
import type { DocSetChange, DocSetDescriptor, SearchEngine } from '../SearchEngine';
import { bundleWorker, workerSource } from '../threads/workerBundle';
import { EXTRACT_WORKER_FILE } from './ExtractPool';
import { listDocSetPages } from './listDocSetPages';
import { IN_THREAD_MAX_PAGES, syncDocSet, type SyncProgress } from './syncDocSet';

let work: string;
const engines: SearchEngine[] = [];

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'search-workers-'));
});

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  rmSync(work, { recursive: true, force: true });
});

function descriptor(folder: string): DocSetDescriptor {
  return {
    id: 'mixed',
    title: 'Mixed',
    product: 'Fixture',
    version: '1.0',
    docType: 'User Guide',
    urlPrefix: '/docs/mixed',
    folder,
  };
}

/** A real SQLite engine whose writes are also kept, to compare what two runs wrote. */
async function recordingEngine(name: string) {
  const engine = await createSearchEngine({ engine: 'sqlite', dataDir: join(work, name) });
  engines.push(engine);
  const written: PageRecord[] = [];
  const apply = engine.applyDocSetChanges.bind(engine);
  engine.applyDocSetChanges = async (change: DocSetChange, options) => {
    const upserts: PageRecord[] = [];
    for await (const record of change.upserts) upserts.push(record);
    written.push(...upserts);
    return apply({ ...change, upserts }, options);
  };
  return { engine, written };
}

/** Flare, Sphinx, DocBook and generic pages and a malformed one, twice over (several batches). */
function mixedDocSet(): string {
  const folder = join(work, 'mixed');
  for (const copy of ['one', 'two']) {
    for (const generator of [
      'flare',
      'flare12',
      'sphinx',
      'sphinx-site',
      'docbook-site',
      'generic',
    ]) {
      cpSync(join(FIXTURES, generator), join(folder, copy, generator), { recursive: true });
    }
    writeFileSync(join(folder, copy, 'broken.htm'), BROKEN_PAGE);
  }
  return folder;
}

const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);

/** A parse worker whose code fails as it loads (see the file). */
const UNSTARTABLE_WORKER = new URL('../../test/unstartableExtractWorker.ts', import.meta.url);

/** Every row of every index table of an engine's SQLite file, in key order. */
function storedRows(name: string): Record<string, unknown[]> {
  const db = new Database(join(work, name, 'search', SQLITE_INDEX_FILE), { readonly: true });
  try {
    const tables: Array<[string, string]> = [
      ['doc_sets', 'id'],
      ['pages', 'id'],
      ['sections', 'id'],
      ['terms', 'id'],
      ['postings', 'term_id, doc_set_id'],
      ['page_postings', 'term_id, doc_set_id'],
    ];
    return Object.fromEntries(
      tables.map(([table, key]) => [
        table,
        db.prepare(`SELECT * FROM ${table} ORDER BY ${key}`).raw().all(),
      ]),
    );
  } finally {
    db.close();
  }
}

describe('syncDocSet with parse workers', () => {
  it('writes the same records, warnings and counts as parsing in the calling thread', async () => {
    const folder = mixedDocSet();
    const pages = await listDocSetPages(folder);
    expect(pages.length).toBeGreaterThan(32);
    const inThread = await recordingEngine('in-thread');
    const workers = await recordingEngine('workers');
    const progress: SyncProgress[] = [];
    const one = await syncDocSet(inThread.engine, descriptor(folder), { threads: 0 });
    const two = await syncDocSet(workers.engine, descriptor(folder), {
      threads: 2,
      onProgress: (p) => progress.push(p),
    });

    expect(inThread.written.length).toBe(pages.length);
    expect(workers.written).toEqual(inThread.written);
    expect(workers.written.some((r) => r.sections.length > 2)).toBe(true);
    expect({ ...two, ms: 0 }).toEqual({ ...one, ms: 0, warnings: two.warnings });
    expect([...two.warnings].sort(byPath)).toEqual([...one.warnings].sort(byPath));
    expect(two.warnings.filter((w) => w.message.startsWith('malformed HTML'))).toHaveLength(2);
    expect(progress.filter((p) => p.phase === 'read').at(-1)).toEqual({
      done: pages.length,
      total: pages.length,
      changed: pages.length,
      phase: 'read',
    });
  }, 60_000);

  it('stores the same rows whether pages are split into terms by the workers or by the store', async () => {
    const folder = mixedDocSet();
    const workers = await recordingEngine('workers');
    await syncDocSet(workers.engine, descriptor(folder), { threads: 2 });
    expect(workers.written.every((record) => record.analysis !== undefined)).toBe(true);
    // The same records without their analysis: the store splits them into terms itself.
    const store = await recordingEngine('store');
    await store.engine.applyDocSetChanges({
      docSet: descriptor(folder),
      upserts: workers.written.map(({ analysis: _analysis, ...record }) => record),
      removals: [],
    });

    const rows = storedRows('workers');
    expect(rows['sections']?.length).toBeGreaterThan(workers.written.length);
    expect(rows['postings']?.length).toBeGreaterThan(100);
    expect(storedRows('store')).toEqual(rows);
  }, 60_000);

  it('has one worker only extract, and the writing thread split the pages into terms', async () => {
    const folder = mixedDocSet();
    const one = await recordingEngine('one');
    await syncDocSet(one.engine, descriptor(folder), { threads: 1 });
    expect(one.written.length).toBeGreaterThan(32);
    expect(one.written.every((record) => record.analysis === undefined)).toBe(true);
    const two = await recordingEngine('two');
    await syncDocSet(two.engine, descriptor(folder), { threads: 2 });
    expect(two.written.every((record) => record.analysis !== undefined)).toBe(true);
    expect(storedRows('one')).toEqual(storedRows('two'));
  }, 60_000);

  it('skips a page whose worker dies with a warning, and indexes every other page', async () => {
    const folder = mixedDocSet();
    writeFileSync(join(folder, 'one', 'crash.htm'), '<h1>Crash</h1><p>never indexed</p>');
    const { engine, written } = await recordingEngine('crashing');
    const pages = await listDocSetPages(folder);

    const result = await syncDocSet(engine, descriptor(folder), {
      threads: 2,
      workerFile: new URL('../../test/crashingExtractWorker.ts', import.meta.url),
    });

    const failed = result.warnings.filter((w) => w.message.startsWith('cannot extract the page'));
    expect(failed).toEqual([
      {
        path: '/one/crash.htm',
        message: 'cannot extract the page: the parse worker stopped (exit code 3)',
      },
    ]);
    expect(written.map((r) => r.path)).toEqual(pages.filter((p) => p !== '/one/crash.htm'));
    expect(result).toMatchObject({ pages: pages.length - 1, changed: pages.length - 1 });
    const hits = await engine.search(
      {
        q: 'administrators',
        product: [],
        version: [],
        docType: [],
        page: 1,
        pageSize: 10,
        explain: false,
      },
      { docSetIds: ['mixed'] },
    );
    expect(hits.hits.length).toBeGreaterThan(0);
  }, 60_000);

  it('parse on the indexing thread, said once, when the workers cannot start', async () => {
    const folder = mixedDocSet();
    const expected = await recordingEngine('expected');
    const inThread = await syncDocSet(expected.engine, descriptor(folder), { threads: 0 });
    const { engine } = await recordingEngine('unstartable');
    const logged: string[] = [];
    const result = await syncDocSet(engine, descriptor(folder), {
      threads: 2,
      workerFile: UNSTARTABLE_WORKER,
      logger: { warn: (_details, message) => logged.push(message) },
    });
    expect(logged.filter((message) => message.includes('parse workers'))).toEqual([
      'the parse workers cannot start: this parse worker cannot load its code: the pages are parsed on the indexing thread',
    ]);
    // Every page is indexed, with the warnings of the pages themselves and no other.
    expect({ ...result, ms: 0 }).toEqual({ ...inThread, ms: 0 });
    expect(storedRows('unstartable')).toEqual(storedRows('expected'));
  }, 60_000);

  it('start another worker when one fails to start once', async () => {
    const folder = mixedDocSet();
    const marker = join(work, 'failed-once');
    const { engine, written } = await recordingEngine('unsteady');
    const logged: string[] = [];
    process.env.UNSTEADY_WORKER_MARKER = marker;
    try {
      await syncDocSet(engine, descriptor(folder), {
        threads: 1,
        workerFile: UNSTARTABLE_WORKER,
        logger: { warn: (_details, message) => logged.push(message) },
      });
    } finally {
      delete process.env.UNSTEADY_WORKER_MARKER;
    }
    expect(readFileSync(marker, 'utf8')).toBe('failed once');
    expect(logged.filter((message) => message.includes('parse workers'))).toEqual([]);
    expect(written.map((record) => record.path)).toEqual(await listDocSetPages(folder));
    // Parsed in the worker that started: with one worker, this thread splits the terms.
    expect(written.every((record) => record.analysis === undefined)).toBe(true);
  }, 60_000);

  it('start from one bundled script, not by loading the TypeScript sources in each worker', async () => {
    const code = await workerSource(EXTRACT_WORKER_FILE);
    expect(code).not.toContain('tsx');
    // The extractor and its HTML parser are inside, so nothing is loaded through a loader.
    expect(code).toContain('function extractBatch(');
    expect(code).toContain('node_modules/htmlparser2/');
    expect(await workerSource(EXTRACT_WORKER_FILE)).toBe(code);
  });

  it('keep their bundle for the next process, and bundle again when a file in it changed', async () => {
    const cacheFile = join(work, 'cache', 'extract-worker.json');
    const code = await bundleWorker(EXTRACT_WORKER_FILE, cacheFile);
    const kept = JSON.parse(readFileSync(cacheFile, 'utf8')) as {
      inputs: Record<string, string>;
      code: string;
    };
    expect(kept.code).toBe(code);
    expect(Object.keys(kept.inputs)).toContain('src/sync/extractWorker.ts');
    expect(Object.keys(kept.inputs).some((path) => path.includes('htmlparser2'))).toBe(true);
    // While every file hashes as kept, the kept code is what a worker gets...
    writeFileSync(cacheFile, JSON.stringify({ ...kept, code: 'kept code' }));
    expect(await bundleWorker(EXTRACT_WORKER_FILE, cacheFile)).toBe('kept code');
    // ...and once one differs, the workers are bundled again (and that bundle kept).
    const [first] = Object.keys(kept.inputs);
    const inputs = { ...kept.inputs, [first as string]: 'another hash' };
    writeFileSync(cacheFile, JSON.stringify({ ...kept, inputs, code: 'stale code' }));
    expect(await bundleWorker(EXTRACT_WORKER_FILE, cacheFile)).toBe(code);
    expect(JSON.parse(readFileSync(cacheFile, 'utf8'))).toEqual(kept);
    // An unreadable cache is only slower.
    writeFileSync(cacheFile, '{ not json');
    expect(await bundleWorker(EXTRACT_WORKER_FILE, cacheFile)).toBe(code);
  }, 60_000);

  it('parses in workers from 100 pages on, and in the calling thread below', async () => {
    const crashing = new URL('../../test/crashingExtractWorker.ts', import.meta.url);
    const folder = join(work, 'plain');
    mkdirSync(folder);
    writeFileSync(join(folder, 'crash.htm'), '<h1>Crash</h1><p>only parsed in this thread</p>');
    const addPages = (upTo: number) => {
      for (let n = 1; n < upTo; n++) writeFileSync(join(folder, `p${n}.htm`), `<h1>Page ${n}</h1>`);
    };
    expect(IN_THREAD_MAX_PAGES).toBe(100);
    addPages(99);
    const small = await recordingEngine('small');
    const below = await syncDocSet(small.engine, descriptor(folder), { workerFile: crashing });
    expect(below).toMatchObject({ pages: 99, warnings: [] });

    addPages(100);
    const large = await recordingEngine('large');
    const above = await syncDocSet(large.engine, descriptor(folder), { workerFile: crashing });
    expect(above.pages).toBe(99);
    expect(above.warnings.map((w) => w.path)).toEqual(['/crash.htm']);
  }, 60_000);

  it('works in a process started with node --import tsx, as the server and the bench start', async () => {
    const folder = mixedDocSet();
    const { engine } = await recordingEngine('in-thread');
    const expected = await syncDocSet(engine, descriptor(folder), { threads: 0 });
    const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join('test', 'parseWorkersChild.ts'), join(work, 'child'), folder],
      { cwd: packageRoot },
    );
    const result = JSON.parse(stdout) as typeof expected;
    expect(result.pages).toBe(expected.pages);
    expect(result.changed).toBe(expected.changed);
    expect([...result.warnings].sort(byPath)).toEqual([...expected.warnings].sort(byPath));
  }, 60_000);
});
