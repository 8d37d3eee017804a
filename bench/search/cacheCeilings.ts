// What the engine's cache ceilings cost in search time: one index of the synthetic corpus is
// built once, then opened by several engines in this process, each with its own ceilings
// (posting cache, SQLite page cache); each search goes to every engine in a rotating order,
// round after round, so that every engine sees the same machine load. Prints p50/p95 per engine and its ratio to
// the largest ceilings, and the bytes each posting cache holds at the end.
// Run: node --import tsx bench/search/cacheCeilings.ts [--pages 10000] [--queries 1000]
//      [--rounds 3] [--ceilings 128/64,32/16,16/8]   (posting cache MB / SQLite cache MB)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RANKING, NO_RESULT_CACHE, syncDocSet } from '@docs-portal/search';
import { syntheticCorpus, syntheticDescriptor } from '../corpus/syntheticCorpus';
import { buildLatencyQueries, loadPagePaths } from './latencyQueries';
import { quantile } from './metrics';
/* eslint-disable import-x/no-relative-packages -- the held bytes are read from the store's
   snapshot, which the package does not export. */
import type { IndexStore } from '../../packages/search/src/core/IndexStore';
import { compileSynonyms } from '../../packages/search/src/query/synonyms';
import { SqliteIndexStore } from '../../packages/search/src/SqliteSearchEngine/SqliteIndexStore';
import { StoredSearchEngine } from '../../packages/search/src/StoredSearchEngine';
import { option } from './options';
/* eslint-enable import-x/no-relative-packages */

const PAGES = Number(option('pages', '10000'));
const QUERIES = Number(option('queries', '1000'));
const ROUNDS = Number(option('rounds', '3'));
const MB = 1024 * 1024;
const CEILINGS = option('ceilings', '128/64,32/16,16/8')
  .split(',')
  .map((pair) => {
    const [posting, sqlite] = pair.split('/').map(Number);
    return {
      label: pair,
      postingCacheBytes: (posting ?? 0) * MB,
      sqlitePageCacheBytes: (sqlite ?? 0) * MB,
    };
  });

async function main(): Promise<void> {
  const folder = await syntheticCorpus(PAGES);
  const dataDir = mkdtempSync(join(tmpdir(), 'cache-ceilings-'));
  const docSet = syntheticDescriptor(folder);
  const settings = { ranking: { ...DEFAULT_RANKING }, synonyms: compileSynonyms() };
  const engines = CEILINGS.map((ceiling) => {
    const store = new SqliteIndexStore(dataDir, ceiling);
    // No cache of answers: after the warm-up round every search would be answered from it,
    // and the ceilings under test would not come into it.
    const engine = new StoredSearchEngine('sqlite', store, settings, NO_RESULT_CACHE);
    return { ceiling, store, engine };
  });
  try {
    const first = engines[0];
    if (first === undefined) throw new Error('no ceilings given');
    await syncDocSet(first.engine, docSet);
    await loadPagePaths(folder);
    const queries = buildLatencyQueries(folder, QUERIES, 7);
    const times = engines.map(() => [] as number[]);
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [n, q] of queries.entries()) {
        // Each query goes to every engine, in an order that rotates, so none is always first.
        for (let k = 0; k < engines.length; k++) {
          const at = (n + k) % engines.length;
          const started = performance.now();
          await engines[at]?.engine.search(
            { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
            { docSetIds: [docSet.id] },
          );
          // Round 0 warms every engine up (snapshot, caches) and is not counted.
          if (round > 0) times[at]?.push(performance.now() - started);
        }
      }
    }
    const p = (at: number, q: number) =>
      quantile(
        [...(times[at] ?? [])].sort((a, b) => a - b),
        q,
      );
    console.log(
      `### Cache ceilings, ${PAGES} synthetic pages, ${QUERIES} searches x ${ROUNDS} rounds, in process\n`,
    );
    console.log(
      '| posting cache / SQLite cache (MB) | p50 (ms) | p95 (ms) | p50, p95 vs first | posting cache held (MB) |',
    );
    console.log('|---|---:|---:|---:|---:|');
    for (const [at, { ceiling, store }] of engines.entries()) {
      const held = await (store as IndexStore).read(async (r) => r.snapshot.cache.heldBytes);
      console.log(
        `| ${ceiling.label} | ${p(at, 0.5).toFixed(2)} | ${p(at, 0.95).toFixed(2)} | ${(p(at, 0.5) / p(0, 0.5)).toFixed(2)}, ${(p(at, 0.95) / p(0, 0.95)).toFixed(2)} | ${(held / MB).toFixed(1)} |`,
      );
    }
  } finally {
    for (const { engine } of engines) await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
