// Latency and scale benchmark of the search engine on a synthetic Flare doc set (10,000 pages
// by default): index build time and size, query latency in process and over HTTP, memory.
// Run: node --import tsx bench/search/latency.ts [--pages 10000] [--queries 2000] [--seconds 10]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSearchEngine, NO_RESULT_CACHE, syncDocSet } from '@docs-portal/search';
import { generateSyntheticDocSet } from '../corpus/generateSyntheticDocSet';
import {
  syntheticCorpusFolder,
  syntheticCorpusReady,
  syntheticDescriptor,
} from '../corpus/syntheticCorpus';
import { buildLatencyQueries, loadPagePaths } from './latencyQueries';
import { quantile } from './metrics';
import { measureHttp } from './measureHttp';
import { numberOption } from './options';

const PAGES = numberOption('pages', 10_000);
const QUERIES = numberOption('queries', 2000);
const SECONDS = numberOption('seconds', 10);
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'out');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function corpusFolder(): Promise<string> {
  const folder = syntheticCorpusFolder(PAGES);
  if (syntheticCorpusReady(folder)) return folder;
  const started = performance.now();
  const result = await generateSyntheticDocSet({ outDir: folder, pages: PAGES, seed: 1 });
  console.log(
    `generated ${PAGES} pages (${mb(result.bytes)}) in ${Math.round(performance.now() - started)} ms`,
  );
  return folder;
}

async function main(): Promise<void> {
  const folder = await corpusFolder();
  const dataDir = mkdtempSync(join(tmpdir(), 'search-latency-'));
  const docSet = syntheticDescriptor(folder);
  // Timed queries repeat: the engine's own work is measured, not its cache of answers.
  const engine = await createSearchEngine({
    engine: 'sqlite',
    dataDir,
    resultCache: NO_RESULT_CACHE,
  });
  let lastPrint = 0;
  let lastLine = '';
  let started = performance.now();
  const build = await syncDocSet(engine, docSet, {
    onProgress(p) {
      const now = performance.now();
      const line = `${p.phase} ${p.done}/${p.total} pages`;
      if (line !== lastLine && (now - lastPrint > 2000 || p.done === p.total)) {
        lastPrint = now;
        lastLine = line;
        process.stdout.write(`\r${line}   `);
      }
    },
  });
  const buildMs = performance.now() - started;
  process.stdout.write('\n');
  started = performance.now();
  const resync = await syncDocSet(engine, docSet);
  const resyncMs = performance.now() - started;
  const stats = await engine.stats();

  await loadPagePaths(folder);
  const queries = buildLatencyQueries(folder, QUERIES, 7);
  const run = async (q: string) =>
    engine.search(
      { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
      { docSetIds: [docSet.id] },
    );
  for (const q of queries.slice(0, 200)) await run(q);
  const times: number[] = [];
  let hits = 0;
  for (const q of queries) {
    const t = performance.now();
    const response = await run(q);
    times.push(performance.now() - t);
    if (response.total > 0) hits++;
  }
  times.sort((a, b) => a - b);
  const memory = process.memoryUsage();
  const single = await measureHttp(engine, queries, SECONDS, 1);
  const http = await measureHttp(engine, queries, SECONDS, 10);
  await engine.close();
  rmSync(dataDir, { recursive: true, force: true });

  const table = [
    '| measure | value |',
    '|---|---:|',
    `| pages / sections | ${stats.pages} / ${stats.sections} |`,
    `| index build (first sync) | ${(buildMs / 1000).toFixed(1)} s |`,
    `| re-sync, nothing changed | ${(resyncMs / 1000).toFixed(1)} s (${resync.changed} changed) |`,
    `| index size on disk | ${mb(stats.bytes)} |`,
    `| queries (with hits) | ${queries.length} (${hits}) |`,
    `| in-process p50 / p95 / p99 | ${quantile(times, 0.5).toFixed(2)} / ${quantile(times, 0.95).toFixed(2)} / ${quantile(times, 0.99).toFixed(2)} ms |`,
    ...[single, http].flatMap((h) => [
      `| HTTP (loopback, ${h.connections} connection(s), ${SECONDS} s) p50 / p90 / p97.5 / p99 | ${h.p50} / ${h.p90} / ${h.p97_5} / ${h.p99} ms |`,
      `| HTTP throughput, ${h.connections} connection(s) | ${h.requestsPerSecond.toFixed(0)} req/s (${h.errors} errors) |`,
    ]),
    `| memory: RSS / heap used | ${mb(memory.rss)} / ${mb(memory.heapUsed)} |`,
  ];
  console.log(`\n### Search latency, ${PAGES} synthetic pages\n\n${table.join('\n')}`);
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, 'search-latency.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        pages: stats.pages,
        sections: stats.sections,
        buildMs: Math.round(buildMs),
        resyncMs: Math.round(resyncMs),
        indexBytes: stats.bytes,
        queries: queries.length,
        inProcessMs: {
          p50: quantile(times, 0.5),
          p95: quantile(times, 0.95),
          p99: quantile(times, 0.99),
        },
        http: [single, http],
        memory: { rss: memory.rss, heapUsed: memory.heapUsed },
        warnings: build.warnings.length,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${file}`);
}

await main();
