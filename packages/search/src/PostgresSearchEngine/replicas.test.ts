import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRequest } from '@docs-portal/contracts';
import { DEFAULT_RANKING } from '../query/rankingOptions';
import { compileSynonyms } from '../query/synonyms';
import type { SearchEngine } from '../SearchEngine';
import { createPostgresSearchEngine } from './createPostgresSearchEngine';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { TEST_DOC_SET, editionPages } from './testPages';

const PAGES = 120;
const settings = { ranking: { ...DEFAULT_RANKING }, synonyms: compileSynonyms(undefined) };
let database: TestDatabase;
const open: SearchEngine[] = [];

async function replica(): Promise<SearchEngine> {
  const engine = await createPostgresSearchEngine({ url: database.url, poolSize: 3 }, settings);
  open.push(engine);
  return engine;
}

const query = (q: string): SearchRequest => ({
  q,
  product: [],
  version: [],
  docType: [],
  page: 1,
  pageSize: 20,
  explain: false,
});

async function answers(engine: SearchEngine) {
  const out = [];
  for (const q of ['edition ', 'oneword7 ', 'twoword7 ', 'oneword42 ']) {
    const { tookMs: _tookMs, ...rest } = await engine.search(query(q), {
      docSetIds: [TEST_DOC_SET.id],
    });
    out.push(rest);
  }
  return out;
}

beforeAll(async () => {
  database = await createTestDatabase('docs_portal_search_test_');
});

afterAll(async () => {
  for (const engine of open) await engine.close();
  await database.drop();
});

describe('PostgreSQL engine shared by replicas', () => {
  it('creates its tables once when replicas start together', async () => {
    const engines = await Promise.all([replica(), replica(), replica()]);
    for (const engine of engines) await expect(engine.ping()).resolves.toBeUndefined();
    expect((await engines[0]?.stats())?.docSets).toBe(0);
  });

  it('serves a write of one replica from every other replica', async () => {
    const [writer, reader] = [await replica(), await replica()];
    expect((await reader.search(query('oneword7 '), { docSetIds: [TEST_DOC_SET.id] })).total).toBe(
      0,
    );
    await writer.applyDocSetChanges({
      docSet: TEST_DOC_SET,
      upserts: editionPages('one', PAGES),
      removals: [],
    });
    const response = await reader.search(query('oneword7 '), { docSetIds: [TEST_DOC_SET.id] });
    expect(response.hits.map((hit) => hit.title)).toEqual(['Page 7']);
    expect((await reader.indexedPages('atomic')).hashes.size).toBe(PAGES);
  });

  it('lets one of two writers based on the same revision win and rejects the other', async () => {
    const [a, b] = [await replica(), await replica()];
    const { revision } = await a.indexedPages('atomic');
    const change = (edition: string) => ({
      docSet: TEST_DOC_SET,
      upserts: editionPages(edition, 3),
      removals: [],
      basedOn: revision,
    });
    const results = await Promise.allSettled([
      a.applyDocSetChanges(change('one')),
      b.applyDocSetChanges(change('one')),
    ]);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({
      name: 'IndexConflictError',
    });
    expect((await b.indexedPages('atomic')).revision).toBe(revision + 1);
  });

  it('writes nothing when the write is aborted half way', async () => {
    const engine = await replica();
    const before = await answers(engine);
    const controller = new AbortController();
    const write = engine.applyDocSetChanges(
      { docSet: TEST_DOC_SET, upserts: editionPages('two', PAGES), removals: [] },
      {
        signal: controller.signal,
        onProgress: ({ done, total }) => {
          if (done >= total / 2) controller.abort();
        },
      },
    );
    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    expect(await answers(engine)).toEqual(before);
  });

  it('keeps the previous index serving when a writer is killed half way', async () => {
    const engine = await replica();
    const before = await answers(engine);
    expect(before[0]?.total).toBe(PAGES);
    expect(before[1]?.total).toBe(1);
    expect(before[2]?.total).toBe(0);

    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./writeChild.ts', import.meta.url)),
        database.url,
        String(PAGES),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(child, 'exit');
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('HALF')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`child exited early (${code}): ${output}`)));
    });

    // The child holds an open write transaction with half the pages written.
    expect(await answers(engine)).toEqual(before);
    child.kill('SIGKILL');
    const [code, signal] = await exited;
    expect(code).toBeNull();
    expect(signal).toBe('SIGKILL');
    expect(output).not.toContain('DONE');
    expect(await answers(engine)).toEqual(before);

    // The index is not damaged: the next write completes and serves edition two.
    const { revision } = await engine.indexedPages('atomic');
    await engine.applyDocSetChanges({
      docSet: TEST_DOC_SET,
      upserts: editionPages('two', PAGES),
      removals: [],
      basedOn: revision,
    });
    const after = await answers(engine);
    expect(after[0]?.total).toBe(PAGES);
    expect(after[1]?.total).toBe(0);
    expect(after[2]?.hits.map((hit) => hit.title)).toEqual(['Page 7']);
  }, 30_000);
});
