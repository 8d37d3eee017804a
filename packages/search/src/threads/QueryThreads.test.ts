import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchUnavailableError } from '../core/IndexStore';
import type { PageRecord } from '../core/analysePage';
import { createSearchEngine } from '../createSearchEngine';
import { openSearchEngine, type SearchEngineConfig } from '../openSearchEngine';
import type { DocSetDescriptor, SearchEngine } from '../SearchEngine';
import { searchRequest } from '../testing/runSearchEngineContract';
import { fromThreadError, toThreadError } from './queryMessages';
import { QueryThreads, type GenerationEngine } from './QueryThreads';
import { writesOnly } from '../../test/writesOnly';

const DOC_SET: DocSetDescriptor = {
  id: 'guide',
  title: 'Guide',
  product: 'Data Platform',
  version: '1.0',
  docType: 'User Guide',
  urlPrefix: '/docs/guide',
  folder: '/nonexistent',
};
const ACCESS = { docSetIds: ['guide'] };
const page = (path: string, title: string, text: string): PageRecord => ({
  path,
  title,
  breadcrumb: [],
  hash: `${title} ${text}`,
  sections: [{ heading: '', anchor: '', text }],
});
const SCRIPTED = new URL('../../test/scriptedQueryWorker.ts', import.meta.url);
const UNSTARTABLE = new URL('../../test/unstartableQueryWorker.ts', import.meta.url);

describe('query threads', () => {
  let dataDir: string;
  let config: SearchEngineConfig;
  const engines: SearchEngine[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'query-threads-'));
    config = { engine: 'sqlite', dataDir };
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function threads(count: number, workerFile?: URL, own?: GenerationEngine) {
    const engine = new QueryThreads(
      own ?? (await openSearchEngine(config)),
      config,
      count,
      workerFile,
    );
    engines.push(engine);
    await engine.applyDocSetChanges({
      docSet: DOC_SET,
      upserts: [page('/a.htm', 'Rotation policy', 'Rotate the keys every ninety days.')],
      removals: [],
    });
    return engine;
  }

  it('answers in the threads what the calling thread wrote, and follows every later write', async () => {
    const engine = await threads(2, undefined, writesOnly(await openSearchEngine(config)));
    const first = await engine.search(searchRequest('rotation'), ACCESS);
    expect(first.hits.map((hit) => hit.title)).toEqual(['Rotation policy']);
    await engine.applyDocSetChanges({
      docSet: DOC_SET,
      upserts: [page('/b.htm', 'Rotation schedule', 'Rotation happens at night.')],
      removals: ['/a.htm'],
    });
    // Both threads, whichever the query goes to, see the write as soon as it resolved.
    for (const q of ['rotation', 'rotation schedule', 'schedule', 'rotat']) {
      const titles = (await engine.search(searchRequest(q), ACCESS)).hits.map((hit) => hit.title);
      expect(titles).toEqual(['Rotation schedule']);
    }
    const suggested = await engine.suggest({ q: 'rotation sch', limit: 8 }, ACCESS);
    expect(suggested.suggestions.filter((s) => s.kind === 'title').map((s) => s.text)).toEqual([
      'Rotation schedule',
    ]);
    await engine.removeDocSet('guide');
    expect((await engine.search(searchRequest('rotation'), ACCESS)).total).toBe(0);
  });

  it('answers a repeated query from the answers it keeps, without asking a thread', async () => {
    const engine = await threads(2);
    for (let round = 0; round < 3; round++) {
      for (const q of ['rotation', 'keys', 'ninety days', 'policy']) {
        await engine.search(searchRequest(q), ACCESS);
      }
    }
    // Four queries computed once each, then answered from this thread's cache.
    expect(engine.resultCacheStats()).toMatchObject({ misses: 4, hits: 8, entries: 4 });
    const first = await engine.search(searchRequest('keys'), ACCESS);
    expect(await engine.search(searchRequest('keys'), ACCESS)).toMatchObject({
      hits: first.hits,
    });
    // The same objects: kept here, not copied across threads again.
    expect((await engine.search(searchRequest('keys'), ACCESS)).hits).toBe(first.hits);
  });

  it('fails only the jobs of a thread that dies, and starts another for the next call', async () => {
    const engine = await threads(1, SCRIPTED);
    await expect(engine.search(searchRequest('crash the thread'), ACCESS)).rejects.toThrow(
      /search thread stopped/,
    );
    const after = await engine.search(searchRequest('rotation'), ACCESS);
    expect(after.hits.map((hit) => hit.title)).toEqual(['Rotation policy']);
  });

  it('keeps the calling thread free while a thread computes a search', async () => {
    const engine = await threads(1, SCRIPTED);
    const release = join(dataDir, 'release');
    const held = engine.search(searchRequest(`hold the thread until ${release}`), ACCESS);
    let answered = false;
    void held.then(() => (answered = true));
    // While the thread is busy with it, this thread's timers fire and its engine answers.
    await new Promise((resolve) => setImmediate(resolve));
    expect((await engine.indexedPages('guide')).hashes.size).toBe(1);
    expect(await engine.stats()).toMatchObject({ pages: 1 });
    expect(answered).toBe(false);
    writeFileSync(release, '');
    expect((await held).total).toBe(0);
  });

  it('answers in the calling thread when the threads cannot start', async () => {
    const engine = await threads(2, UNSTARTABLE);
    const answer = await engine.search(searchRequest('rotation'), ACCESS);
    expect(answer.hits.map((hit) => hit.title)).toEqual(['Rotation policy']);
    const suggested = await engine.suggest({ q: 'rot', limit: 8 }, ACCESS);
    expect(suggested.suggestions.map((s) => s.text)).toContain('Rotation policy');
  });

  it('is what createSearchEngine gives for queryThreads above 0, and the plain engine for 0', async () => {
    const threaded = await createSearchEngine({ ...config, queryThreads: 2 });
    engines.push(threaded);
    expect(threaded).toBeInstanceOf(QueryThreads);
    expect((threaded as QueryThreads).size).toBe(2);
    const plain = await createSearchEngine({ ...config, queryThreads: 0 });
    engines.push(plain);
    expect(plain).not.toBeInstanceOf(QueryThreads);
  });

  it('refuses calls once closed', async () => {
    const engine = await threads(1);
    await engine.search(searchRequest('rotation'), ACCESS);
    await engine.close();
    engines.splice(engines.indexOf(engine), 1);
    await expect(engine.search(searchRequest('rotation'), ACCESS)).rejects.toThrow(/closed/);
  });
});

describe('errors of query threads', () => {
  it('come back as an unavailable index (503, product wording) with the driver message as cause', () => {
    const sent = toThreadError(
      new SearchUnavailableError(new Error('connect ECONNREFUSED 10.0.0.1:5432')),
    );
    expect(JSON.stringify(sent)).not.toContain('"stack"');
    const error = fromThreadError(sent);
    expect(error).toBeInstanceOf(SearchUnavailableError);
    expect((error as SearchUnavailableError).statusCode).toBe(503);
    expect(error.message).not.toContain('ECONNREFUSED');
    expect((error.cause as Error).message).toBe('connect ECONNREFUSED 10.0.0.1:5432');
  });

  it('keep the name, message and status of any other error', () => {
    const thrown = Object.assign(new RangeError('page out of range'), { statusCode: 400 });
    const error = fromThreadError(toThreadError(thrown));
    expect(error).toMatchObject({
      name: 'RangeError',
      message: 'page out of range',
      statusCode: 400,
    });
  });
});
