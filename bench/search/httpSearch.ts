// Searches and suggestions per second that one portal process answers over HTTP, through the real
// app (session cookie, validation, access, analytics), loaded by wrk from its own process with N
// concurrent connections cycling through distinct reader queries (suggest: prefixes of them, as
// typed; completions: the same prefixes asked as the newer client asks, `kind=query&limit=5`).
// Each mode starts its own portal: with the engine's result cache on, and off (every answer
// computed). The time of one sequential reader is printed beside them, and the CPU time of the
// portal's process per request under load, against the most the goals leave per request on this
// machine's cores: whatever the machine's speed, it tells how far the engine is from them.
// Run: node --import tsx bench/search/httpSearch.ts [--corpus synthetic|python] [--pages 2000]
//        [--connections 20] [--seconds 10] [--queries 2000] [--cache both|on|off] [--threads 0,1,2]
// `--threads` lists the query-thread counts to measure (`search.queryThreads`; 0: searches in the
// thread that serves HTTP, as before threads existed), each with its own portal, one after the
// other in this run; the ratio column compares each with the first.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchEngine, DEFAULT_RESULT_CACHE, NO_RESULT_CACHE } from '@docs-portal/search';
import { BrowserlikeClient, signIn, startPortal } from '@docs-portal/server/testing';
import { syntheticCorpus, syntheticDocSetConfig } from '../corpus/syntheticCorpus';
import { buildLatencyQueries, loadPagePaths } from './latencyQueries';
import { ensurePythonDocs, PYTHON_DOCS } from './pythonCorpus';
import { seededRandom } from './genindexQueries';
import { WRK, wrkAvailable } from '../serving/loadGenerators';
import { option } from './options';

const CORPUS = option('corpus', 'synthetic');
const PAGES = Number(option('pages', '2000'));
const CONNECTIONS = Number(option('connections', '20'));
const SECONDS = Number(option('seconds', '10'));
const QUERIES = Number(option('queries', '2000'));
const CACHE = option('cache', 'both');
const THREADS = option('threads', '0,1,2')
  .split(',')
  .map((value) => Number(value));
if (THREADS.some((n) => !Number.isInteger(n) || n < 0)) {
  throw new Error('--threads takes a list of whole numbers, such as 0,1,2');
}

const SEARCH_GOAL = 1500;
const SUGGEST_GOAL = 2 * SEARCH_GOAL;

/** A wrk script that sends the paths in turn, each connection from its own offset. */
function wrkScript(paths: readonly string[]): string {
  const list = paths.map((p) => `  ${JSON.stringify(p)},`).join('\n');
  return `local paths = {\n${list}\n}
local counter = 0
setup = function(thread) thread:set("offset", counter * 997); counter = counter + 1 end
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[((i + (offset or 0)) % #paths) + 1])
end
`;
}

/** What wrk printed, and the CPU time the portal's process used meanwhile (all its threads). */
interface WrkRun {
  out: string;
  cpuMs: number;
}

/**
 * Runs wrk against the portal of this process: the process's own CPU time over the run is the
 * portal's (this bench's code only waits for wrk meanwhile), wrk's is apart.
 */
async function runWrk(url: string, script: string, cookie: string): Promise<WrkRun> {
  const before = process.cpuUsage();
  const out = await spawnWrk(url, script, cookie);
  const used = process.cpuUsage(before);
  return { out, cpuMs: (used.user + used.system) / 1000 };
}

function spawnWrk(url: string, script: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const args = ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-s', script];
    args.push('-H', `cookie: ${cookie}`, url);
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk ${code}`))));
  });
}

/** What wrk measured, with the portal's CPU time per answer. */
interface Load {
  rps: number;
  p50: string;
  p99: string;
  non2xx: number;
  /** CPU time of the portal's process (every thread) per request answered, in ms. */
  cpuPerRequest: number;
}

function readWrk({ out, cpuMs }: WrkRun): Load {
  const latency = (p: string) => new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '?';
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: latency('50'),
    p99: latency('99'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    cpuPerRequest: requests > 0 ? cpuMs / requests : NaN,
  };
}

/** A doc set of the chosen corpus, as the portal config takes it. */
async function corpusDocSet() {
  if (CORPUS === 'python') {
    ensurePythonDocs();
    // The package's folder is a symbolic link holding links to Debian's shared scripts, which
    // the portal refuses to publish: a copy of the pages alone, made once, is served instead.
    const folder = join(tmpdir(), 'docs-portal-python-docs');
    if (!existsSync(join(folder, 'index.html'))) {
      cpSync(`${PYTHON_DOCS}/`, folder, {
        recursive: true,
        dereference: true,
        filter: (source) => !/\/_(?:static|sources|images|downloads)(?:\/|$)/.test(source),
      });
    }
    return {
      label: 'Python documentation (python3-doc)',
      docSet: {
        id: 'python',
        mount: 'python',
        folder,
        title: 'Python documentation',
        product: 'Python',
        version: '3.11',
        docType: 'Reference',
        defaultPage: 'index.html',
      },
    };
  }
  if (CORPUS !== 'synthetic') throw new Error(`unknown corpus "${CORPUS}": synthetic or python`);
  const folder = await syntheticCorpus(PAGES);
  return { label: `${PAGES} synthetic pages`, docSet: syntheticDocSetConfig(folder) };
}

/** What the search box sends while a query is typed: a prefix of it, two characters or more. */
function typedPrefixes(queries: readonly string[]): string[] {
  const random = seededRandom(11);
  return queries.map((q) => q.slice(0, 2 + Math.floor(random() * Math.max(1, q.length - 1))));
}

/** Figures of one portal: search and suggest under load, with the cache on or off. */
async function measure(
  docSet: Awaited<ReturnType<typeof corpusDocSet>>['docSet'],
  cacheOn: boolean,
  queryThreads: number,
): Promise<{ sequential: number; search: Load; suggest: Load; complete: Load; hitRate: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'http-search-data-'));
  const engine = await createSearchEngine({
    engine: 'sqlite',
    dataDir,
    resultCache: cacheOn ? DEFAULT_RESULT_CACHE : NO_RESULT_CACHE,
    queryThreads,
  });
  const portal = await startPortal({ dataDir, docSets: [docSet] }, { searchEngine: engine });
  const work = mkdtempSync(join(tmpdir(), 'http-search-'));
  try {
    const client = new BrowserlikeClient(portal.origin);
    await signIn(client, 'customer');
    const cookie = [...client.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
    const base = portal.config.basePath;
    await loadPagePaths(docSet.folder);
    const queries = buildLatencyQueries(docSet.folder, QUERIES, 7);
    // The index is built in the background at start, in batches: wait until it has caught up
    // (measuring while it is written would time the indexing too, and empty the result cache).
    const started = performance.now();
    for (;;) {
      const caughtUp = await portal.app.searchIndexing.checkCaughtUp().then(
        () => true,
        () => false,
      );
      const response = await client.request(`${base}/search?q=${encodeURIComponent(queries[0]!)}`);
      const body = (await response.json()) as { total?: number };
      if (caughtUp && response.status === 200 && (body.total ?? 0) > 0) break;
      if (performance.now() - started > 600_000) throw new Error('index not ready in 10 min');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const searchPaths = queries.map((q) => `${base}/search?q=${encodeURIComponent(q)}`);
    const prefixes = typedPrefixes(queries);
    const suggestPaths = prefixes.map((q) => `${base}/search/suggest?q=${encodeURIComponent(q)}`);
    const completePaths = suggestPaths.map((path) => `${path}&kind=query&limit=5`);
    // Sequential figure on queries the cache has not seen (the last 500 of the list). Each answer
    // is read whole, as a reader's browser reads it: an answer left unread keeps its connection
    // from being used again, and the hundreds left open kept the portal's close waiting a minute.
    const fresh = searchPaths.slice(-500);
    const read = async (path: string) => (await client.request(path)).arrayBuffer();
    for (const path of fresh.slice(0, 100)) await read(path);
    const t = performance.now();
    for (const path of fresh.slice(100)) await read(path);
    const sequential = (performance.now() - t) / (fresh.length - 100);
    const before = engine.resultCacheStats?.();
    const searchScript = join(work, 'search.lua');
    writeFileSync(searchScript, wrkScript(searchPaths));
    const search = readWrk(await runWrk(`${portal.origin}${base}/search`, searchScript, cookie));
    const middle = engine.resultCacheStats?.();
    const suggestScript = join(work, 'suggest.lua');
    writeFileSync(suggestScript, wrkScript(suggestPaths));
    const suggest = readWrk(await runWrk(`${portal.origin}${base}/search`, suggestScript, cookie));
    const after = engine.resultCacheStats?.();
    const completeScript = join(work, 'complete.lua');
    writeFileSync(completeScript, wrkScript(completePaths));
    const complete = readWrk(
      await runWrk(`${portal.origin}${base}/search`, completeScript, cookie),
    );
    let hitRate = 'off';
    if (cacheOn && before !== undefined && middle !== undefined && after !== undefined) {
      const rate = (from: typeof before, to: typeof before) => {
        const hits = to.hits - from.hits;
        const total = hits + to.misses - from.misses;
        return `${((100 * hits) / Math.max(1, total)).toFixed(0)} %`;
      };
      hitRate = `${rate(before, middle)} / ${rate(middle, after)}`;
    }
    return { sequential, search, suggest, complete, hitRate };
  } finally {
    await portal.close();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!wrkAvailable()) throw new Error('wrk is not installed (apt-get install wrk)');
  const { label, docSet } = await corpusDocSet();
  const modes = CACHE === 'both' ? [true, false] : [CACHE !== 'off'];
  console.log(`### Search over HTTP: one portal process, ${label}\n`);
  console.log(
    `${QUERIES} distinct queries (suggest: a typed prefix of each), ${CONNECTIONS} connections, ` +
      `wrk ${SECONDS} s per figure. Goals: ${SEARCH_GOAL} searches/s, ${SUGGEST_GOAL} suggest/s.\n`,
  );
  // On this machine's cores, the CPU time a request may take for the goal to be reachable at all,
  // wrk's own share aside: the portal's CPU per request (every thread of its process) beside it
  // tells how far the engine and the HTTP path are from it, whatever the machine's speed.
  const cores = availableParallelism();
  const budget = (goal: number) => `${((cores * 1000) / goal).toFixed(2)} ms`;
  console.log(
    `CPU per request: the portal's process, every thread, over the wrk run. On ${cores} cores the ` +
      `goals leave at most ${budget(SEARCH_GOAL)} per search and ${budget(SUGGEST_GOAL)} per ` +
      `suggestion.\n`,
  );
  console.log(
    '| result cache | query threads | hit rate (search / suggest) | sequential search | searches/s (of goal) | × first | p50 / p99 | CPU per search | suggest/s (of goal) | × first | p50 / p99 | CPU per suggestion | completions/s (of suggest goal) | p50 / p99 | CPU per completion | non-2xx |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const cacheOn of modes) {
    let first: { search: number; suggest: number } | undefined;
    for (const threads of THREADS) {
      const m = await measure(docSet, cacheOn, threads);
      first ??= { search: m.search.rps, suggest: m.suggest.rps };
      const share = (rps: number, goal: number) =>
        `${rps.toFixed(0)} (${(rps / goal).toFixed(2)}x)`;
      const cpu = (load: Load) => `${load.cpuPerRequest.toFixed(2)} ms`;
      const ratio = (rps: number, reference: number) =>
        `${(rps / Math.max(1, reference)).toFixed(2)}×`;
      console.log(
        `| ${cacheOn ? 'on' : 'off'} | ${threads} | ${m.hitRate} | ${m.sequential.toFixed(2)} ms | ` +
          `${share(m.search.rps, SEARCH_GOAL)} | ${ratio(m.search.rps, first.search)} | ` +
          `${m.search.p50} / ${m.search.p99} | ${cpu(m.search)} | ` +
          `${share(m.suggest.rps, SUGGEST_GOAL)} | ${ratio(m.suggest.rps, first.suggest)} | ` +
          `${m.suggest.p50} / ${m.suggest.p99} | ${cpu(m.suggest)} | ` +
          `${share(m.complete.rps, SUGGEST_GOAL)} | ${m.complete.p50} / ${m.complete.p99} | ` +
          `${cpu(m.complete)} | ` +
          `${m.search.non2xx + m.suggest.non2xx + m.complete.non2xx} |`,
      );
    }
  }
}

await main();
