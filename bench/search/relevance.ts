// Relevance and efficiency benchmark: our engine (SQLite and PostgreSQL) against MiniSearch,
// lunr, FlexSearch, Orama, SQLite FTS5 and PostgreSQL full-text search on several real corpora:
// the Python, Django and SQLAlchemy documentation (queries from their back-of-book indexes) and
// the GnuCash guide and help (known-item queries from page titles). For our SQLite engine and
// FTS5, measured in the same run: query latency, index size on disk and build rate, as ratios.
// Run: node --import tsx bench/search/relevance.ts [--corpus python,django,sqlalchemy,gnucash,scipy,pandas]
//      [--engines ours,ours-pg,minisearch,lunr,flexsearch,orama,fts5,pg-fts] [--queries 1000] [--seed 42]
//      [--out bench/out/search-relevance.json] [--no-sync] (leave out the build of our SQLite engine by
//      syncDocSet from the folders, as the portal builds it, which is timed by default)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSearchEngine,
  defaultParseThreads,
  NO_RESULT_CACHE,
  syncDocSets,
} from '@docs-portal/search';
import {
  flexSearchEngine,
  fts5Engine,
  lunrEngine,
  lunrFallbacks,
  miniSearchEngine,
  oramaEngine,
  type BenchEngine,
  type IndexSize,
} from './baselineEngines';
import { CORPORA, type LoadedCorpus } from './benchCorpora';
import type { BenchQuery } from './genindexQueries';
import { evaluateTimed, markdownTable, quantile, type EngineResult } from './metrics';
import { ourEngine, postgresReachable } from './ourEngine';
import { postgresFtsEngine } from './postgresFtsEngine';
import { portalHtmlBytes } from './sphinxCorpus';
import { option } from './options';

/** The goals of the search issue, as ratios of ours (SQLite) to FTS5 in the same run. */
const GOALS = {
  p95Ratio: 3,
  sizeRatio: 2,
  pagesPerSecond: 1000,
  postgresP95Ratio: 2,
  postgresSizeRatio: 2,
};
/** Queries run once, untimed, before an engine is measured (warm caches, JIT). */
const WARM_UP = 100;

function list(name: string, known: readonly string[], defaults = known): string[] {
  const value = option(name);
  const chosen = value === undefined ? [...defaults] : value.split(',').map((v) => v.trim());
  const unknown = chosen.filter((v) => !known.includes(v));
  if (unknown.length > 0 || chosen.length === 0) {
    throw new Error(`--${name}: unknown ${unknown.join(', ')}; known: ${known.join(', ')}`);
  }
  return chosen;
}

/** Engines by command-line name; `postgres` ones need the bench's PostgreSQL server. */
const ENGINES: Record<string, { make(): BenchEngine; postgres?: boolean }> = {
  ours: { make: () => ourEngine() },
  'ours-pg': { make: () => ourEngine({ kind: 'postgres' }), postgres: true },
  minisearch: { make: miniSearchEngine },
  lunr: { make: lunrEngine },
  flexsearch: { make: flexSearchEngine },
  orama: { make: oramaEngine },
  fts5: { make: fts5Engine },
  'pg-fts': { make: postgresFtsEngine, postgres: true },
};

/** What one engine did on one corpus. */
interface EngineRun {
  key: string;
  engine: string;
  buildMs: number;
  /** Loading the built index for searches and warming it (`BenchEngine.warm`), after the build. */
  warmMs?: number;
  size?: IndexSize;
  /**
   * Latency over every query of every variant, after the warm-up; for the compared engines
   * (ours, FTS5, ours on PostgreSQL) from the interleaved pass.
   */
  p50ms: number;
  p95ms: number;
  results: Record<string, EngineResult>;
}

/**
 * Our SQLite engine built the way the portal builds it: `syncDocSets` over the folders (listing,
 * reading, hashing, extracting and writing, with whatever parallelism it has), into a fresh
 * index. Its page list is the portal's (`listDocSetPages`), so it can differ a little from the
 * bench's own.
 */
async function syncRate(
  corpus: LoadedCorpus,
): Promise<{ pages: number; ms: number; bytes: number; warmMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-bench-sync-'));
  const engine = await createSearchEngine({
    engine: 'sqlite',
    dataDir,
    resultCache: NO_RESULT_CACHE,
  });
  try {
    const started = performance.now();
    // All folders in one run with shared parse workers, as the portal syncs its doc sets.
    const results = await syncDocSets(
      engine,
      corpus.folders.map(({ folder, rules }, i) => ({
        id: `sync${i}`,
        title: corpus.label,
        product: corpus.name,
        version: String(i + 1),
        docType: 'Reference',
        urlPrefix: `/docs/sync${i}`,
        folder,
        ...(rules === undefined ? {} : { extract: rules }),
      })),
      // The build ends with the index written; loading it for searches is timed apart.
      { warm: false },
    );
    const pages = [...results.values()].reduce((n, r) => n + r.pages, 0);
    const ms = performance.now() - started;
    const warmStarted = performance.now();
    await engine.warm();
    const warmMs = performance.now() - warmStarted;
    return { pages, ms, warmMs, bytes: await portalHtmlBytes(corpus.folders) };
  } finally {
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Engines whose latency is compared: kept open after their run for the paired latency pass. */
const PAIRED = ['ours', 'fts5', 'ours-pg'];

async function runEngine(
  key: string,
  corpus: LoadedCorpus,
): Promise<{ run: EngineRun; engine: BenchEngine }> {
  const engine = (ENGINES[key] as { make(): BenchEngine }).make();
  try {
    const started = performance.now();
    await engine.build(corpus.pages.records);
    const buildMs = performance.now() - started;
    let warmMs: number | undefined;
    if (engine.warm !== undefined) {
      const warmStarted = performance.now();
      await engine.warm();
      warmMs = performance.now() - warmStarted;
    }
    const size = await engine.size?.();
    for (const q of corpus.variants.exact.slice(0, WARM_UP)) await engine.search(q.text, 10);
    const results: Record<string, EngineResult> = {};
    const times: number[] = [];
    for (const [variant, queries] of Object.entries(corpus.variants)) {
      const run = await evaluateTimed(engine, queries);
      results[variant] = run.result;
      times.push(...run.times);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${engine.name}: built in ${Math.round(buildMs)} ms`);
    const run: EngineRun = {
      key,
      engine: engine.name,
      buildMs,
      ...(warmMs === undefined ? {} : { warmMs }),
      ...(size === undefined ? {} : { size }),
      p50ms: quantile(times, 0.5),
      p95ms: quantile(times, 0.95),
      results,
    };
    if (!PAIRED.includes(key)) await engine.close?.();
    return { run, engine };
  } catch (error) {
    await engine.close?.();
    throw error;
  }
}

/**
 * Latency of the compared engines on the same queries, interleaved: each query is asked of
 * every engine in turn (the order alternating), after a warm-up, so a load peak on the machine
 * hits all of them alike. Sets p50/p95 of each run to what this pass measured.
 */
async function pairedLatency(
  open: ReadonlyArray<{ run: EngineRun; engine: BenchEngine }>,
  corpus: LoadedCorpus,
): Promise<void> {
  const queries = Object.values(corpus.variants).flat();
  for (const { engine } of open)
    for (const q of queries.slice(0, WARM_UP)) await engine.search(q.text, 10);
  const times = open.map(() => [] as number[]);
  for (let i = 0; i < queries.length; i++) {
    const text = (queries[i] as BenchQuery).text;
    for (let k = 0; k < open.length; k++) {
      const at = i % 2 === 0 ? k : open.length - 1 - k;
      const started = performance.now();
      await (open[at] as { engine: BenchEngine }).engine.search(text, 10);
      (times[at] as number[]).push(performance.now() - started);
    }
  }
  open.forEach(({ run }, k) => {
    const sorted = (times[k] as number[]).sort((a, b) => a - b);
    run.p50ms = quantile(sorted, 0.5);
    run.p95ms = quantile(sorted, 0.95);
  });
}

/** Ours (SQLite) against FTS5 in the same run, and ours on PostgreSQL against ours on SQLite. */
interface Efficiency {
  pages: number;
  htmlBytes: number;
  ours?: {
    p50ms: number;
    p95ms: number;
    bytes: number;
    reportedBytes?: number;
    pagesPerSecond: number;
    extractMs: number;
    writeMs: number;
    /** Loading the index for searches and warming it, after the build (not part of it). */
    warmMs?: number;
  };
  fts5?: { p50ms: number; p95ms: number; bytes: number; pagesPerSecond: number };
  ratios?: { p95: number; p50: number; size: number; build: number };
  /** Our SQLite engine built by `syncDocSet` from the folders (unless `--no-sync`). */
  sync?: { pages: number; ms: number; bytes: number; pagesPerSecond: number; warmMs: number };
  postgres?: {
    p50ms: number;
    p95ms: number;
    bytes?: number;
    p95VsSqlite?: number;
    /** Bytes of PostgreSQL's own full-text table and index on the same sections. */
    ftsBytes?: number;
    sizeVsFts?: number;
  };
}

function efficiency(corpus: LoadedCorpus, runs: readonly EngineRun[]): Efficiency {
  const pages = corpus.pages.records.length;
  const out: Efficiency = { pages, htmlBytes: corpus.pages.htmlBytes };
  const ours = runs.find((r) => r.key === 'ours');
  const fts5 = runs.find((r) => r.key === 'fts5');
  const pg = runs.find((r) => r.key === 'ours-pg');
  const pgFts = runs.find((r) => r.key === 'pg-fts');
  if (ours !== undefined) {
    const ms = corpus.pages.extractMs + ours.buildMs;
    out.ours = {
      p50ms: ours.p50ms,
      p95ms: ours.p95ms,
      bytes: ours.size?.bytes ?? 0,
      ...(ours.size?.reported === undefined ? {} : { reportedBytes: ours.size.reported }),
      pagesPerSecond: pages / (ms / 1000),
      extractMs: corpus.pages.extractMs,
      writeMs: ours.buildMs,
      ...(ours.warmMs === undefined ? {} : { warmMs: ours.warmMs }),
    };
  }
  if (fts5 !== undefined) {
    out.fts5 = {
      p50ms: fts5.p50ms,
      p95ms: fts5.p95ms,
      bytes: fts5.size?.bytes ?? 0,
      pagesPerSecond: pages / (fts5.buildMs / 1000),
    };
  }
  if (out.ours !== undefined && out.fts5 !== undefined) {
    out.ratios = {
      p95: out.ours.p95ms / out.fts5.p95ms,
      p50: out.ours.p50ms / out.fts5.p50ms,
      size: out.ours.bytes / out.fts5.bytes,
      build: out.ours.pagesPerSecond / out.fts5.pagesPerSecond,
    };
  }
  if (pg !== undefined) {
    out.postgres = {
      p50ms: pg.p50ms,
      p95ms: pg.p95ms,
      ...(pg.size === undefined ? {} : { bytes: pg.size.bytes }),
      ...(ours === undefined ? {} : { p95VsSqlite: pg.p95ms / ours.p95ms }),
      ...(pgFts?.size === undefined ? {} : { ftsBytes: pgFts.size.bytes }),
      ...(pgFts?.size === undefined || pg.size === undefined
        ? {}
        : { sizeVsFts: pg.size.bytes / pgFts.size.bytes }),
    };
  }
  return out;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}×`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

function efficiencyTable(e: Efficiency): string {
  const lines = [
    '| | ours (SQLite) | SQLite FTS5 | ours / FTS5 | goal |',
    '|---|---:|---:|---:|---|',
  ];
  const { ours, fts5, ratios } = e;
  const cell = <T>(v: T | undefined, f: (v: T) => string) => (v === undefined ? '–' : f(v));
  lines.push(
    `| p50 latency per query | ${cell(ours?.p50ms, ms)} | ${cell(fts5?.p50ms, ms)} | ${cell(ratios?.p50, ratio)} | |`,
    `| p95 latency per query | ${cell(ours?.p95ms, ms)} | ${cell(fts5?.p95ms, ms)} | ${cell(ratios?.p95, ratio)} | ≤ ${GOALS.p95Ratio}× (${cell(ratios, (r) => verdict(r.p95 <= GOALS.p95Ratio))}) |`,
    `| index size on disk | ${cell(ours?.bytes, mb)}${ours?.reportedBytes === undefined ? '' : ` (stats ${mb(ours.reportedBytes)})`} | ${cell(fts5?.bytes, mb)} | ${cell(ratios?.size, ratio)} | ≤ ${GOALS.sizeRatio}× (${cell(ratios, (r) => verdict(r.size <= GOALS.sizeRatio))}) |`,
    `| build in this bench's one thread, pages/s | ${cell(ours, (o) => `${Math.round(o.pagesPerSecond)} (parse ${Math.round(o.extractMs)} ms + write ${Math.round(o.writeMs)} ms${o.warmMs === undefined ? '' : `; then ${Math.round(o.warmMs)} ms to load and warm it for searches`})`)} | ${cell(fts5, (f) => `${Math.round(f.pagesPerSecond)} (text only)`)} | ${cell(ratios?.build, ratio)} | ≥ ${GOALS.pagesPerSecond} pages/s (${cell(ours, (o) => verdict(o.pagesPerSecond >= GOALS.pagesPerSecond))}) |`,
  );
  if (e.sync !== undefined) {
    lines.push(
      `| build by syncDocSet (${defaultParseThreads(e.sync.pages)} parse worker(s), as the portal builds), pages/s | ${Math.round(e.sync.pagesPerSecond)} (${e.sync.pages} pages, ${mb(e.sync.bytes)} of HTML, in ${Math.round(e.sync.ms)} ms: ${((e.sync.bytes / 1e6 / e.sync.ms) * 1000).toFixed(1)} MB/s; then ${Math.round(e.sync.warmMs)} ms to load and warm it for searches) | | ${cell(fts5, (f) => ratio(e.sync!.pagesPerSecond / f.pagesPerSecond))} | ≥ ${GOALS.pagesPerSecond} pages/s (${verdict(e.sync.pagesPerSecond >= GOALS.pagesPerSecond)}) |`,
    );
  }
  const pg = e.postgres;
  if (pg !== undefined) {
    lines.push(
      '',
      '| | ours (PostgreSQL) | compared with | ratio | goal |',
      '|---|---:|---:|---:|---|',
      `| p95 latency per query | ${ms(pg.p95ms)} | ${cell(ours?.p95ms, ms)} (ours, SQLite) | ${cell(pg.p95VsSqlite, ratio)} | ≤ ${GOALS.postgresP95Ratio}× (${cell(pg.p95VsSqlite, (r) => verdict(r <= GOALS.postgresP95Ratio))}) |`,
      `| index size | ${cell(pg.bytes, mb)} | ${cell(pg.ftsBytes, mb)} (PostgreSQL full-text) | ${cell(pg.sizeVsFts, ratio)} | ≤ ${GOALS.postgresSizeRatio}× (${cell(pg.sizeVsFts, (r) => verdict(r <= GOALS.postgresSizeRatio))}) |`,
    );
  }
  return lines.join('\n');
}

function summaryLine(name: string, runs: readonly EngineRun[], e: Efficiency): string {
  const mrr = (key: string) => {
    const run = runs.find((r) => r.key === key);
    if (run === undefined) return undefined;
    return ['exact', 'typo', 'prefix']
      .map((v) => run.results[v]?.mrr10.toFixed(3) ?? '–')
      .join('/');
  };
  const parts = [`${name}: ours MRR exact/typo/prefix ${mrr('ours') ?? '–'}`];
  const fts = mrr('fts5');
  if (fts !== undefined) parts.push(`FTS5 ${fts}`);
  if (e.ratios !== undefined) {
    parts.push(`p95 ratio ${ratio(e.ratios.p95)}`, `size ratio ${ratio(e.ratios.size)}`);
  }
  if (e.ours !== undefined) parts.push(`pages/s ${Math.round(e.ours.pagesPerSecond)}`);
  if (e.sync !== undefined) parts.push(`sync pages/s ${Math.round(e.sync.pagesPerSecond)}`);
  if (e.postgres?.p95VsSqlite !== undefined)
    parts.push(`PostgreSQL/SQLite p95 ${ratio(e.postgres.p95VsSqlite)}`);
  if (e.postgres?.sizeVsFts !== undefined)
    parts.push(`PostgreSQL size / its full-text ${ratio(e.postgres.sizeVsFts)}`);
  return parts.join(' | ');
}

async function main(): Promise<void> {
  // The larger API references are asked for by name: Orama took over ten minutes to build
  // SciPy's 4,300 pages.
  const corpusNames = list('corpus', Object.keys(CORPORA), [
    'python',
    'django',
    'sqlalchemy',
    'gnucash',
    'gimp',
    'postgres',
  ]);
  let engineKeys = list('engines', Object.keys(ENGINES));
  const count = Number(option('queries') ?? 1000);
  const seed = Number(option('seed') ?? 42);
  const withSync = !process.argv.includes('--no-sync') && engineKeys.includes('ours');
  if (!Number.isInteger(count) || count < 1) throw new Error('--queries: a positive whole number');
  if (!Number.isInteger(seed)) throw new Error('--seed: a whole number');
  if (engineKeys.some((k) => ENGINES[k]?.postgres) && !(await postgresReachable())) {
    console.log(
      'PostgreSQL not reachable (BENCH_PG_URL): our PostgreSQL engine and PostgreSQL full-text are left out',
    );
    engineKeys = engineKeys.filter((k) => !ENGINES[k]?.postgres);
  }
  const report: Record<string, unknown>[] = [];
  const summaries: string[] = [];
  for (const name of corpusNames) {
    const corpus = await (CORPORA[name] as (c: number, s: number) => Promise<LoadedCorpus>)(
      count,
      seed,
    );
    const { records, extractMs, htmlBytes } = corpus.pages;
    const sections = records.reduce((n, r) => n + r.sections.length, 0);
    const { exact, typo, prefix } = corpus.variants;
    console.log(`\n## ${name}: ${corpus.label}\n`);
    console.log(
      `${records.length} pages, ${sections} sections, ${mb(htmlBytes)} of HTML (read and extracted in ${Math.round(extractMs)} ms); ` +
        `queries from ${corpus.querySource}: exact ${exact.length}, typo ${typo.length}, prefix ${prefix.length} (seed ${seed})`,
    );
    const runs: EngineRun[] = [];
    const open: Array<{ run: EngineRun; engine: BenchEngine }> = [];
    // The compared engines are built and timed before any other: the in-process baselines hold
    // their whole index in the JavaScript heap, and its collections then fell into the timed
    // searches (our PostgreSQL engine's p95 on postgres: 1.7 × the SQLite engine's with FTS5 and
    // PostgreSQL full text alone, 2.8 × with MiniSearch, lunr, Orama and FlexSearch built first).
    const paired = engineKeys.filter((key) => PAIRED.includes(key));
    try {
      for (const key of paired) {
        const done = await runEngine(key, corpus);
        runs.push(done.run);
        open.push(done);
      }
      if (open.length > 0) await pairedLatency(open, corpus);
    } finally {
      for (const { engine } of open) await engine.close?.();
    }
    for (const key of engineKeys.filter((k) => !paired.includes(k))) {
      runs.push((await runEngine(key, corpus)).run);
    }
    runs.sort((a, b) => engineKeys.indexOf(a.key) - engineKeys.indexOf(b.key));
    for (const variant of ['exact', 'typo', 'prefix'] as const) {
      console.log(`\n### ${name}, ${variant} (${corpus.variants[variant].length} queries)\n`);
      console.log(markdownTable(runs.map((r) => r.results[variant] as EngineResult)));
    }
    const e = efficiency(corpus, runs);
    if (withSync) {
      const sync = await syncRate(corpus);
      e.sync = { ...sync, pagesPerSecond: sync.pages / (sync.ms / 1000) };
    }
    if (e.ours !== undefined || e.fts5 !== undefined || e.postgres !== undefined || e.sync) {
      console.log(
        `\n### ${name}, efficiency (same run, in process; latency: each query asked of every engine in turn, after ${WARM_UP} warm-up queries)\n`,
      );
      console.log(efficiencyTable(e));
    }
    summaries.push(summaryLine(name, runs, e));
    report.push({
      corpus: name,
      label: corpus.label,
      pages: records.length,
      files: corpus.pages.files,
      sections,
      htmlBytes,
      extractMs,
      querySource: corpus.querySource,
      queries: { exact: exact.length, typo: typo.length, prefix: prefix.length },
      engines: runs,
      efficiency: e,
    });
  }
  if (lunrFallbacks > 0) {
    console.log(`\nnote: lunr threw on ${lunrFallbacks} queries and was retried with plain terms`);
  }
  console.log('\n## Summary\n');
  for (const line of summaries) console.log(line);
  const file =
    option('out') ??
    join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'search-relevance.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        seed,
        queriesPerCorpus: count,
        goals: GOALS,
        corpora: report,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${file}`);
}

await main();
