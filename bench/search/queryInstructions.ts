// Steady-state cost of the query path in instructions, for callgrind (immune to the machine's
// load, unlike CPU time). `--prepare` builds a corpus's index into DIR and writes its bench
// queries there; a run opens that index with the engine of TREE (so two trees can be compared on
// the same index), asks N of the queries (search, then suggest, evenly spread over the exact,
// typo and prefix sets) WARM times, then writes DIR/TAG.ready and waits for DIR/TAG.go, asks
// them once more, writes DIR/TAG.done (the CPU ms of that pass) and waits for DIR/TAG.end. A
// driver zeroes callgrind's counts on `ready` and dumps them on `done`, so the dump holds the
// measured pass only, warm caches and most code compiled (see the results file of the session
// for the driver and for how to read the dump: JIT threads still compile during the pass).
// Run: node --import tsx bench/search/queryInstructions.ts --prepare --corpus python --dir DIR
//      node --import tsx bench/search/queryInstructions.ts --tree /work/wt/base --dir DIR
//           [--queries 100] [--warm 2] [--tag base]
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { resolve } from 'node:path';
import type * as SearchPackage from '@docs-portal/search';
import { option } from './options';

const dir = resolve(option('dir') ?? 'query-instructions');
const tree = resolve(option('tree') ?? '.');
const ACCESS = { docSetIds: ['bench'] };

async function prepare(name: string): Promise<void> {
  const { CORPORA } = await import('./benchCorpora');
  const { BENCH_DOC_SET } = await import('./ourEngine');
  const { createSearchEngine, NO_RESULT_CACHE } = await import('@docs-portal/search');
  const load = CORPORA[name];
  if (load === undefined) throw new Error(`--corpus: unknown ${name}`);
  const corpus = await load(1000, 42);
  const queries = Object.values(corpus.variants)
    .flatMap((list) => list)
    .map((q) => q.text);
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/queries.json`, JSON.stringify(queries));
  const engine = await createSearchEngine({
    engine: 'sqlite',
    dataDir: `${dir}/data`,
    resultCache: NO_RESULT_CACHE,
  });
  await engine.applyDocSetChanges({
    docSet: BENCH_DOC_SET,
    upserts: [...corpus.pages.records],
    removals: [],
  });
  await engine.close();
  console.log(`${name}: ${queries.length} queries and the index in ${dir}`);
}

async function waitFor(file: string): Promise<void> {
  while (!existsSync(file)) await new Promise((done) => setTimeout(done, 200));
}

async function run(): Promise<void> {
  const count = Number(option('queries') ?? 100);
  const warm = Number(option('warm') ?? 2);
  const tag = option('tag') ?? 'run';
  // The engine of the tree measured, not this one's: one script measures a base and a change.
  const { createSearchEngine, NO_RESULT_CACHE } = (await import(
    `${tree}/packages/search/src/index.ts`
  )) as typeof SearchPackage;
  const all = JSON.parse(readFileSync(`${dir}/queries.json`, 'utf8')) as string[];
  const stride = all.length / count;
  const queries = Array.from({ length: count }, (_, i) => all[Math.floor(i * stride)] as string);
  // A copy: opening an index may write to it, and both trees must read the same one.
  const data = mkdtempSync(`${dir}/data-`);
  cpSync(`${dir}/data`, data, { recursive: true });
  const engine = await createSearchEngine({
    engine: 'sqlite',
    dataDir: data,
    resultCache: NO_RESULT_CACHE,
  });
  const pass = async () => {
    for (const q of queries) {
      await engine.search(
        { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
        ACCESS,
      );
      await engine.suggest({ q, limit: 8 }, ACCESS);
    }
  };
  try {
    for (let p = 0; p < warm; p++) await pass();
    writeFileSync(`${dir}/${tag}.ready`, '');
    await waitFor(`${dir}/${tag}.go`);
    const cpu = process.cpuUsage();
    await pass();
    const used = process.cpuUsage(cpu);
    writeFileSync(`${dir}/${tag}.done`, ((used.user + used.system) / 1000).toFixed(0));
    await waitFor(`${dir}/${tag}.end`);
  } finally {
    await engine.close();
    rmSync(data, { recursive: true, force: true });
  }
}

if (process.argv.includes('--prepare')) await prepare(option('corpus') ?? 'gnucash');
else await run();
