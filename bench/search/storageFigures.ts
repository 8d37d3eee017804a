/**
 * The figures of docs/adr/005-search-index-storage.md on the Python corpus: our engine's build
 * (wall and CPU time), index size (`stats().bytes` and the files), and per-query latency (wall
 * p50/p95 and CPU time, which a loaded machine disturbs less) on 800 genindex queries (exact,
 * typo, prefix), with SQLite FTS5 measured in the same run.
 *
 *   node --import tsx bench/search/storageFigures.ts [sqlite|postgres]
 *
 * PostgreSQL uses a throwaway database on BENCH_PG_URL's server.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createSearchEngine, NO_RESULT_CACHE, type SearchEngine } from '@docs-portal/search';
import { fts5Engine } from './baselineEngines';
import {
  prefixVariant,
  readGenindexEntries,
  sampleQueries,
  seededRandom,
  typoVariant,
  type BenchQuery,
} from './genindexQueries';
import { quantile } from './metrics';
import { BENCH_PG_URL, adminQuery } from './ourEngine';
import { buildPythonRecords, ensurePythonDocs } from './pythonCorpus';
import { PYTHON_CORPUS } from './sphinxCorpus';

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** Runs every query once after a warm-up; latency quantiles, CPU per query and MRR@10. */
async function measure(queries: readonly BenchQuery[], search: (q: string) => Promise<string[]>) {
  for (const query of queries.slice(0, 100)) await search(query.text);
  const times: number[] = [];
  let mrr = 0;
  const cpu = process.cpuUsage();
  for (const query of queries) {
    const started = performance.now();
    const pages = await search(query.text);
    times.push(performance.now() - started);
    const relevant = new Set(query.relevant);
    const first = pages.findIndex((page) => relevant.has(page));
    if (first >= 0) mrr += 1 / (first + 1);
  }
  const cpuPerQuery = cpuMs(cpu) / queries.length;
  times.sort((a, b) => a - b);
  return {
    p50: quantile(times, 0.5).toFixed(2),
    p95: quantile(times, 0.95).toFixed(2),
    cpuMsPerQuery: cpuPerQuery.toFixed(2),
    mrr10: (mrr / queries.length).toFixed(3),
  };
}

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
ensurePythonDocs();
const records = buildPythonRecords();
const exact = sampleQueries(
  readGenindexEntries(PYTHON_CORPUS, new Set(records.map((r) => r.path))),
  400,
  7,
);
const random = seededRandom(11);
const queries = [
  ...exact,
  ...exact.slice(0, 200).map((q) => ({ ...q, text: typoVariant(q.text, random) ?? q.text })),
  ...exact.slice(200).map((q) => ({ ...q, text: prefixVariant(q.text, random) ?? q.text })),
];

const dataDir = mkdtempSync(join(tmpdir(), 'storage-figures-'));
const database = `docs_portal_figures_${randomBytes(4).toString('hex')}`;
let engine: SearchEngine;
if (kind === 'postgres') {
  await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${database}`;
  engine = await createSearchEngine({
    engine: 'postgres',
    dataDir,
    postgres: { url: url.href },
    resultCache: NO_RESULT_CACHE,
  });
} else {
  engine = await createSearchEngine({ engine: 'sqlite', dataDir, resultCache: NO_RESULT_CACHE });
}
try {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await engine.applyDocSetChanges({
    docSet: {
      id: 'python',
      title: 'Python documentation',
      product: 'Python',
      version: '3',
      docType: 'Reference',
      urlPrefix: '',
      folder: '/usr/share/doc/python3-doc/html',
    },
    upserts: records,
    removals: [],
  });
  const build = { wallMs: Math.round(performance.now() - started), cpuMs: Math.round(cpuMs(cpu)) };
  const stats = await engine.stats();
  const files =
    kind === 'sqlite'
      ? Object.fromEntries(
          readdirSync(join(dataDir, 'search')).map((name) => [
            name,
            statSync(join(dataDir, 'search', name)).size,
          ]),
        )
      : {};
  const ours = await measure(queries, async (q) => {
    const response = await engine.search(
      { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
      { docSetIds: ['python'] },
    );
    return response.hits.map((hit) => decodeURI(hit.url.split('?')[0] as string));
  });
  const fts5 = fts5Engine();
  await fts5.build(records);
  const baseline = await measure(queries, (q) => fts5.search(q, 10));
  await fts5.close?.();
  console.log(
    JSON.stringify(
      { engine: kind, build, bytes: stats.bytes, files, ours, fts5: baseline },
      null,
      2,
    ),
  );
} finally {
  await engine.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${database}`);
}
