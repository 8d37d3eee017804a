import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchEngine } from '../createSearchEngine';
import type { DocSetDescriptor, SearchEngine } from '../SearchEngine';
import { ExtractPool } from './ExtractPool';
import { hierarchyJob } from './extractTask';
import { defaultParseThreads, syncDocSet, syncDocSets } from './syncDocSet';

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

/** Operating-system threads of this process (parse workers are threads of their own). */
const threads = () => readdirSync('/proc/self/task').length;

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
    expect(threads()).toBe(idle);

    during = idle;
    await syncDocSets(engine, [docSet('two', 40), docSet('three', 40)], {
      threads: 2,
      onProgress: sample,
    });
    expect(during).toBeGreaterThanOrEqual(idle + 2);
    expect(threads()).toBe(idle);
  }, 60_000);

  it('are one per core beyond the first by default, one at least and two at most', async () => {
    expect([1, 2, 3, 4, 64].map((cores) => defaultParseThreads(cores))).toEqual([1, 1, 2, 2, 2]);
    await syncDocSet(engine, docSet('warm', 40), { threads: 0 });
    const idle = threads();
    let during = idle;
    // A doc set large enough for workers, synced with the default.
    await syncDocSet(engine, docSet('default', 120), {
      onProgress: () => (during = Math.max(during, threads())),
    });
    expect(during).toBe(idle + defaultParseThreads());
    expect(threads()).toBe(idle);
  }, 60_000);

  it('start before the first batch when the pool is told to start, and stop with it', async () => {
    await syncDocSet(engine, docSet('warm', 40), { threads: 0 });
    const idle = threads();
    const pool = new ExtractPool(2);
    pool.start();
    await vi.waitFor(() => expect(threads()).toBe(idle + 2), { timeout: 20_000 });
    const folder = docSet('early', 3).folder;
    const hierarchy = hierarchyJob(folder, []);
    const outcomes = await pool.run(
      { folder, tasks: [{ path: '/p0.htm' }], rulesKey: '', hierarchy: hierarchy.id },
      hierarchy,
    );
    expect(outcomes.map((outcome) => outcome.path)).toEqual(['/p0.htm']);
    expect(threads()).toBe(idle + 2);
    await pool.close();
    expect(threads()).toBe(idle);
  }, 60_000);
});
