import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchEngine } from '../createSearchEngine';
import type { DocSetDescriptor, SearchEngine } from '../SearchEngine';
import { ExtractPool, WorkerStartError } from './ExtractPool';
import { type ExtractBatch, type HierarchyJob, hierarchyJob } from './extractTask';
import { defaultParseThreads, syncDocSet, syncDocSets, TWO_WORKERS_MIN_PAGES } from './syncDocSet';

let work: string;
let engine: SearchEngine;

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'search-workers-stop-'));
  engine = await createSearchEngine({ engine: 'sqlite', dataDir: join(work, 'data') });
});

afterEach(async () => {
  await engine.close();
  rmSync(work, { recursive: true, force: true });
});

/** A batch of the one page `path` of `folder`. */
function onePage(folder: string, hierarchy: HierarchyJob, path: string): ExtractBatch {
  return { folder, tasks: [{ path }], rulesKey: '', hierarchy: hierarchy.id };
}

/** Ids of this process's operating-system threads (parse workers are threads of their own). */
const threadIds = () => readdirSync('/proc/self/task');

/** Number of this process's operating-system threads. */
const threads = () => threadIds().length;

/**
 * Waits until the process has `count` threads again. A worker's `exit` comes once its thread has
 * been joined, but the kernel may list the thread for a moment longer while it finishes exiting.
 */
async function threadsBackTo(count: number): Promise<void> {
  await vi.waitFor(() => expect(threads()).toBe(count), { timeout: 5_000 });
}

/**
 * Waits until none of `ids` runs any more. A thread is told apart by its id, not by a count: a
 * count taken right around close() once came out one short (CI, `expected 1 to be 2`), either
 * because a stopped worker's thread was still listed or because the test process started a
 * thread of its own meanwhile; ids and waiting cover both.
 */
async function allStopped(ids: readonly string[]): Promise<void> {
  await vi.waitFor(
    () => {
      const running = new Set(threadIds());
      expect(ids.filter((id) => running.has(id))).toEqual([]);
    },
    { timeout: 5_000 },
  );
}

function docSet(id: string, pages: number): DocSetDescriptor {
  const folder = join(work, id);
  mkdirSync(folder);
  for (let n = 0; n < pages; n++) {
    writeFileSync(join(folder, `p${n}.htm`), `<h1>${id} page ${n}</h1><p>Text of page ${n}.</p>`);
  }
  return {
    id,
    title: id,
    product: 'Fixture',
    version: '1.0',
    docType: 'User Guide',
    urlPrefix: `/docs/${id}`,
    folder,
  };
}

describe.runIf(process.platform === 'linux')('parse workers after a sync', () => {
  it('are all stopped once a sync is done, so an idle portal holds no parse heap', async () => {
    // Parsed in this thread first, so that the threads Node starts on first use already run.
    await syncDocSet(engine, docSet('warm', 40), { threads: 0 });
    const idle = threads();
    let during = idle;
    const sample = () => (during = Math.max(during, threads()));

    await syncDocSet(engine, docSet('one', 40), { threads: 2, onProgress: sample });
    expect(during).toBeGreaterThanOrEqual(idle + 2);
    await threadsBackTo(idle);

    during = idle;
    await syncDocSets(engine, [docSet('two', 40), docSet('three', 40)], {
      threads: 2,
      onProgress: sample,
    });
    expect(during).toBeGreaterThanOrEqual(idle + 2);
    await threadsBackTo(idle);
  }, 60_000);

  it('are two by default with a core to spare, and on 2 cores two only for large doc sets', async () => {
    const cores = [1, 2, 3, 4, 64];
    expect(cores.map((n) => defaultParseThreads(1000, n))).toEqual([1, 1, 2, 2, 2]);
    expect(cores.map((n) => defaultParseThreads(TWO_WORKERS_MIN_PAGES, n))).toEqual([
      1, 2, 2, 2, 2,
    ]);
    await syncDocSet(engine, docSet('warm', 40), { threads: 0 });
    const idle = threads();
    let during = idle;
    // A doc set large enough for workers, synced with the default.
    await syncDocSet(engine, docSet('default', 120), {
      onProgress: () => (during = Math.max(during, threads())),
    });
    expect(during).toBe(idle + defaultParseThreads(120));
    await threadsBackTo(idle);
  }, 60_000);

  it('start before the first batch when the pool is told to start, and stop with it', async () => {
    await syncDocSet(engine, docSet('warm', 40), { threads: 0 });
    const idle = threads();
    const before = new Set(threadIds());
    const pool = new ExtractPool(2);
    pool.start();
    await vi.waitFor(() => expect(threads()).toBe(idle + 2), { timeout: 20_000 });
    const started = threadIds().filter((id) => !before.has(id));
    expect(started.length).toBeGreaterThanOrEqual(2);
    const folder = docSet('early', 3).folder;
    const hierarchy = hierarchyJob(folder, []);
    const outcomes = await pool.run(onePage(folder, hierarchy, '/p0.htm'), hierarchy);
    expect(outcomes.map((outcome) => outcome.path)).toEqual(['/p0.htm']);
    // The threads that came with start(), and both stop with it.
    await pool.close();
    await allStopped(started);
  }, 60_000);

  it('grow when a larger doc set needs more of them, and all stop with the pool', async () => {
    await syncDocSet(engine, docSet('warm', 40), { threads: 0 });
    const idle = threads();
    const before = new Set(threadIds());
    const pool = new ExtractPool(1);
    pool.start();
    await vi.waitFor(() => expect(threads()).toBe(idle + 1), { timeout: 20_000 });
    pool.grow(2);
    expect(pool.size).toBe(2);
    pool.start();
    await vi.waitFor(() => expect(threads()).toBe(idle + 2), { timeout: 20_000 });
    const started = threadIds().filter((id) => !before.has(id));
    expect(started.length).toBeGreaterThanOrEqual(2);
    pool.grow(1);
    expect(pool.size).toBe(2);
    const folder = docSet('grown', 3).folder;
    const hierarchy = hierarchyJob(folder, []);
    const batch = (path: string) => onePage(folder, hierarchy, path);
    // Two batches at once: one for each worker.
    const outcomes = await Promise.all([
      pool.run(batch('/p0.htm'), hierarchy),
      pool.run(batch('/p1.htm'), hierarchy),
    ]);
    expect(outcomes.flat().map((outcome) => outcome.path)).toEqual(['/p0.htm', '/p1.htm']);
    await pool.close();
    await allStopped(started);
  }, 60_000);

  it('send a worker its next batch before it answers the one it works on', async () => {
    // The worker answers a batch only when the next one has come (or it holds `last`).
    const pool = new ExtractPool(1, new URL('../../test/holdingExtractWorker.ts', import.meta.url));
    const folder = docSet('held', 3).folder;
    writeFileSync(join(folder, 'last.htm'), '<h1>Last</h1><p>The last page.</p>');
    const hierarchy = hierarchyJob(folder, []);
    const batch = (path: string) => onePage(folder, hierarchy, path);
    const outcomes = await Promise.all(
      ['/p0.htm', '/p1.htm', '/p2.htm', '/last.htm'].map((path) =>
        pool.run(batch(path), hierarchy),
      ),
    );
    expect(outcomes.flat().map((outcome) => outcome.path)).toEqual([
      '/p0.htm',
      '/p1.htm',
      '/p2.htm',
      '/last.htm',
    ]);
    await pool.close();
  }, 60_000);

  it('give the batches a dead worker had not begun to the next worker', async () => {
    const pool = new ExtractPool(
      1,
      new URL('../../test/crashingExtractWorker.ts', import.meta.url),
    );
    const folder = docSet('crashed', 3).folder;
    writeFileSync(join(folder, 'crash.htm'), '<h1>Crash</h1>');
    const hierarchy = hierarchyJob(folder, []);
    const batch = (path: string) => onePage(folder, hierarchy, path);
    const runs = ['/crash.htm', '/p0.htm', '/p1.htm'].map((path) =>
      pool.run(batch(path), hierarchy).then(
        (outcomes) => outcomes.map((outcome) => outcome.path),
        (error: Error) => error.message,
      ),
    );
    expect(await Promise.all(runs)).toEqual([
      'the parse worker stopped (exit code 3)',
      ['/p0.htm'],
      ['/p1.htm'],
    ]);
    await pool.close();
  }, 60_000);

  it('fail every batch with a start error, and later ones at once, when workers cannot start', async () => {
    const idle = threads();
    const unstartable = new URL('../../test/unstartableExtractWorker.ts', import.meta.url);
    const pool = new ExtractPool(2, unstartable);
    const folder = docSet('unstartable', 3).folder;
    const hierarchy = hierarchyJob(folder, []);
    const batch = (path: string) => onePage(folder, hierarchy, path);
    const failures = await Promise.all(
      ['/p0.htm', '/p1.htm', '/p2.htm'].map((path) =>
        pool.run(batch(path), hierarchy).then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    for (const error of failures) {
      expect(error).toBeInstanceOf(WorkerStartError);
      expect((error as Error).message).toBe(
        'the parse workers cannot start: this parse worker cannot load its code',
      );
    }
    // The pool gave up: no page was sent to a worker, and none is started again.
    await expect(pool.run(batch('/p0.htm'), hierarchy)).rejects.toBeInstanceOf(WorkerStartError);
    await vi.waitFor(() => expect(threads()).toBe(idle), { timeout: 20_000 });
    await pool.close();
  }, 60_000);
});
