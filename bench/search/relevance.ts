// Relevance benchmark: our engine against MiniSearch, lunr, FlexSearch, Orama, SQLite FTS5 and
// PostgreSQL full-text search
// on the Python documentation (python3-doc), queries from its general index.
// Run: node --import tsx bench/search/relevance.ts [--queries 1000] [--seed 42]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  lunrFallbacks,
  flexSearchEngine,
  fts5Engine,
  lunrEngine,
  miniSearchEngine,
  oramaEngine,
  type BenchEngine,
} from './baselineEngines';
import {
  prefixVariant,
  readGenindexEntries,
  sampleQueries,
  seededRandom,
  typoVariant,
  type BenchQuery,
} from './genindexQueries';
import { evaluate, markdownTable, type EngineResult } from './metrics';
import { ourEngine, postgresReachable } from './ourEngine';
import { postgresFtsEngine } from './postgresFtsEngine';
import { buildPythonRecords, ensurePythonDocs } from './pythonCorpus';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const QUERY_COUNT = option('queries', 1000);
const SEED = option('seed', 42);
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'out');

async function main(): Promise<void> {
  ensurePythonDocs();
  let started = performance.now();
  const records = buildPythonRecords();
  const sectionCount = records.reduce((n, r) => n + r.sections.length, 0);
  console.log(
    `corpus: ${records.length} pages, ${sectionCount} sections (extracted in ${Math.round(performance.now() - started)} ms)`,
  );
  const known = new Set(records.map((r) => r.path));
  const entries = readGenindexEntries(known);
  const exact = sampleQueries(entries, QUERY_COUNT, SEED);
  const random = seededRandom(SEED + 1);
  const variants: Record<string, BenchQuery[]> = {
    exact,
    typo: exact.flatMap((q) => {
      const text = typoVariant(q.text, random);
      return text === undefined ? [] : [{ text, relevant: q.relevant }];
    }),
    prefix: exact.flatMap((q) => {
      const text = prefixVariant(q.text, random);
      return text === undefined ? [] : [{ text, relevant: q.relevant }];
    }),
  };
  console.log(
    `queries: ${entries.length} usable index entries; sample of ${exact.length} (seed ${SEED}); ` +
      `typo ${variants.typo?.length}, prefix ${variants.prefix?.length}`,
  );

  const withPostgres = await postgresReachable();
  if (!withPostgres)
    console.log(
      'PostgreSQL not reachable (BENCH_PG_URL): our PostgreSQL engine and PostgreSQL full-text are left out',
    );
  const engines: BenchEngine[] = [
    ourEngine(),
    ...(withPostgres ? [ourEngine({ kind: 'postgres' })] : []),
    miniSearchEngine(),
    lunrEngine(),
    flexSearchEngine(),
    oramaEngine(),
    fts5Engine(),
    ...(withPostgres ? [postgresFtsEngine()] : []),
  ];
  const results: Record<string, EngineResult[]> = { exact: [], typo: [], prefix: [] };
  const builds: Record<string, number> = {};
  for (const engine of engines) {
    started = performance.now();
    await engine.build(records);
    builds[engine.name] = Math.round(performance.now() - started);
    console.log(`built ${engine.name} in ${builds[engine.name]} ms`);
    for (const [variant, queries] of Object.entries(variants)) {
      (results[variant] as EngineResult[]).push(await evaluate(engine, queries));
    }
    await engine.close?.();
  }
  for (const [variant, rows] of Object.entries(results)) {
    console.log(`\n### ${variant} (${variants[variant]?.length} queries)\n`);
    console.log(markdownTable(rows));
  }
  if (lunrFallbacks > 0) {
    console.log(`\nnote: lunr threw on ${lunrFallbacks} queries and was retried with plain terms`);
  }
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, 'search-relevance.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        corpus: { pages: records.length, sections: sectionCount },
        seed: SEED,
        queries: Object.fromEntries(Object.entries(variants).map(([k, v]) => [k, v.length])),
        buildMs: builds,
        results,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${file}`);
}

await main();
