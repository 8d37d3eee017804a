// `npm run bench` (root or bench/): the benchmarks by name. Without a name it runs the quick
// default set (bundle sizes of the current build, client budgets, search latency on a
// 500-page synthetic corpus; well under a minute) and lists the longer ones; with a name it runs
// that one, passing the remaining arguments on:
//
//   npm run bench                                  quick set, then the list
//   npm run bench -- latency --pages 10000         one benchmark with its own options
//   npm run bench -- list                          the list only
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One benchmark: the script under bench/ and what it measures. */
interface Benchmark {
  name: string;
  script: string;
  what: string;
  /** Arguments of its run in the quick default set; absent when it is not in that set. */
  quick?: string[];
}

const BENCHMARKS: Benchmark[] = [
  {
    name: 'size',
    script: 'bundle/size.ts',
    what: 'gzipped/brotli JS and CSS of the web app and search clients (after npm run build)',
    quick: [],
  },
  {
    name: 'clients',
    script: 'clients/budget.ts',
    what: 'first-load JS of each search client page against its budget',
    quick: [],
  },
  {
    name: 'latency',
    script: 'search/latency.ts',
    what: 'index build, size and query latency in process and over HTTP (default 10,000 pages)',
    quick: ['--pages', '500', '--queries', '200', '--seconds', '2'],
  },
  {
    name: 'relevance',
    script: 'search/relevance.ts',
    what: 'MRR@10, Recall@10, Success@1 against other engines on python, django, sqlalchemy and gnucash docs (installs them); ours vs FTS5 latency, size, build rate',
  },
  {
    name: 'http-search',
    script: 'search/httpSearch.ts',
    what: 'searches/s of one portal process over HTTP, 20 connections from wrk (needs wrk)',
  },
  {
    name: 'memory',
    script: 'search/memory.ts',
    what: 'RSS, heap and native memory of one portal process at 1,000 / 5,000 / 10,000 pages, and what the engine holds',
  },
  {
    name: 'cache-ceilings',
    script: 'search/cacheCeilings.ts',
    what: 'search time of one index under several cache ceilings (posting cache / SQLite cache), same run',
  },
  {
    name: 'versions',
    script: 'search/versionsCollapse.ts',
    what: 'search time with one version vs two versions collapsed into one hit with "also in"',
  },
  {
    name: 'serving',
    script: 'serving/throughput.ts',
    what: 'authenticated doc-page throughput against nginx on the same file',
  },
  {
    name: 'cluster',
    script: 'cluster/scaling.ts',
    what: '1 vs 2 replicas behind nginx; X-Accel-Redirect vs nginx alone (needs wrk)',
  },
  {
    name: 'keystroke',
    script: 'clients/keystroke.ts',
    what: 'keystroke-to-results in Chromium against a running portal (give its URL)',
  },
];

const here = dirname(fileURLToPath(import.meta.url));

function run(benchmark: Benchmark, args: string[]): number {
  console.log(
    `\n## ${benchmark.name}: node --import tsx bench/${benchmark.script} ${args.join(' ')}`,
  );
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(here, benchmark.script), ...args],
    {
      stdio: 'inherit',
    },
  );
  return child.status ?? 1;
}

function list(): void {
  console.log('\nbenchmarks (npm run bench -- <name> [options]):');
  for (const { name, script, what } of BENCHMARKS) {
    console.log(`  ${name.padEnd(10)} bench/${script.padEnd(22)} ${what}`);
  }
}

const [name, ...args] = process.argv.slice(2);
if (name === 'list') {
  list();
} else if (name !== undefined) {
  const benchmark = BENCHMARKS.find((b) => b.name === name);
  if (!benchmark) {
    console.error(
      `unknown benchmark "${name}"; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    process.exitCode = 2;
  } else {
    process.exitCode = run(benchmark, args);
  }
} else {
  let failed = 0;
  for (const benchmark of BENCHMARKS) {
    if (benchmark.quick && run(benchmark, benchmark.quick) !== 0) failed++;
  }
  list();
  if (failed > 0) process.exitCode = 1;
}
