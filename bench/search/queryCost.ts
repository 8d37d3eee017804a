// Per-query engine cost: builds our SQLite engine once per corpus, then asks every query of the
// relevance bench (exact, typo and prefix sets) several times, as a search (10 hits, with
// snippets, as the bench asks) and as a suggestion (search as you type, 8 suggestions), and
// prints the CPU time per query and the wall-clock p50/p95 of each. Run it under `--cpu-prof`
// to see where a query's time goes. `--save FILE` writes every answer (less `tookMs`);
// `--check FILE` compares the answers with a saved run, so a change that should only make the
// engine faster can be shown not to change any hit, score, snippet, facet or suggestion.
// With `--engine postgres` the same on our PostgreSQL engine (a throwaway database on the bench's
// server, BENCH_PG_URL), with the statements sent per query: `--check` against a file saved
// from the SQLite engine shows that both engines give the same answers.
// Run: node --import tsx bench/search/queryCost.ts [--corpus gnucash,sqlalchemy] [--rounds 3]
//      [--queries 1000] [--seed 42] [--save FILE | --check FILE] [--token-cache-mb 32]
//      [--sqlite-cache-mb 16] [--posting-cache-mb 64] [--cpu-profile FILE]
//      [--variant exact,typo,prefix] [--engine sqlite|postgres] [--ask search,suggest,complete]
//      [--alloc-profile FILE]
// `--cpu-profile` writes a V8 CPU profile of the timed rounds only (not the corpus reading,
// the build or the answer pass), for a profile of the query path alone. `--ask suggest` times
// (and profiles) only the suggestions, `--ask search` only the searches, `--ask complete` only
// the completions the newer client asks for while the reader types (`kind: 'query'`, 5).
// `--alloc-profile` writes V8's sampling heap profile of the timed rounds, objects the garbage
// collector has since freed included (open it in Chrome's DevTools), and prints the memory the
// queries allocated per query, as the profile estimates it: short-lived objects are what the
// young generation's collections cost, and unlike CPU time the figure hardly moves between runs.
import { Session } from 'node:inspector/promises';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { SearchRequest } from '@docs-portal/contracts';
import { createSearchEngine, NO_RESULT_CACHE, type SearchEngine } from '@docs-portal/search';
import { BENCH_DOC_SET, BENCH_PG_URL, adminQuery, createBenchDatabase } from './ourEngine';
import { CORPORA } from './benchCorpora';
import { quantile } from './metrics';
import { option } from './options';

const ACCESS = { docSetIds: ['bench'] };

function searchRequest(q: string): SearchRequest {
  return { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false };
}

/** Every answer of one pass, as JSON lines, without the time the engine reports it took. */
async function answers(engine: SearchEngine, queries: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const q of queries) {
    const { tookMs: _took, ...search } = await engine.search(searchRequest(q), ACCESS);
    const suggest = await engine.suggest({ q, limit: 8 }, ACCESS);
    out.push(JSON.stringify({ search, suggest }));
  }
  return out;
}

/** Statements sent to PostgreSQL so far by any client of this process (see `countStatements`). */
let statements = 0;
/** The same by statement: its name when prepared, else its first words. */
const statementsByName = new Map<string, number>();

/** Counts the statements the `pg` driver sends, to show a query's round trips. */
function countStatements(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    const first = args[0] as string | { name?: string; text?: string };
    const name =
      typeof first === 'string'
        ? first.slice(0, 24)
        : (first.name ?? first.text?.slice(0, 24) ?? '?');
    statementsByName.set(name, (statementsByName.get(name) ?? 0) + 1);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Statements per query by name since the last call, most sent first. */
function statementsPerQuery(queries: number): string {
  const out = [...statementsByName.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${(n / queries).toFixed(2)}`)
    .join(', ');
  statementsByName.clear();
  return out;
}

/**
 * CPU milliseconds each server process of `database` has used so far (process id → ms), read
 * from /proc: the server runs on this machine. With the engine's own CPU time it gives what a
 * query costs the machine, which does not depend on how busy other processes keep the cores.
 */
async function serverCpuMs(database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        // Fields 14 and 15 (utime, stime), in clock ticks of 10 ms, after the command in parentheses.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // The connection ended in between.
      }
    }
    return out;
  } finally {
    await client.end();
  }
}

/** CPU milliseconds the server processes used between two `serverCpuMs` readings. */
function serverCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** Bytes a sampling heap profile estimates were allocated under a node, its callees' included. */
function sampledBytes(node: { selfSize: number; children: Array<typeof node> }): number {
  let bytes = node.selfSize;
  for (const child of node.children) bytes += sampledBytes(child);
  return bytes;
}

/** CPU milliseconds, statements sent per query and sorted wall-clock milliseconds of each query. */
async function timed(
  queries: readonly string[],
  ask: (q: string) => Promise<unknown>,
): Promise<{ cpuMs: number; statements: number; times: number[] }> {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const sent = statements;
  for (const q of queries) {
    const started = performance.now();
    await ask(q);
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1000 / queries.length,
    statements: (statements - sent) / queries.length,
    times,
  };
}

async function main(): Promise<void> {
  const names = (option('corpus') ?? 'gnucash,sqlalchemy').split(',');
  const rounds = Number(option('rounds') ?? 3);
  const count = Number(option('queries') ?? 1000);
  const seed = Number(option('seed') ?? 42);
  const save = option('save');
  const check = option('check');
  // The ceiling of the engine's cache of decoded section tokens, to compare with it off (0).
  const tokenCacheMb = option('token-cache-mb');
  const profileFile = option('cpu-profile');
  const allocFile = option('alloc-profile');
  // Only these query variants (exact, typo, prefix), to see what each kind of query costs.
  const variants = option('variant')?.split(',');
  // SQLite's page cache of the query connection (the rest comes from the system's file cache).
  const sqliteCacheMb = option('sqlite-cache-mb');
  const postingCacheMb = option('posting-cache-mb');
  const kind = option('engine') ?? 'sqlite';
  const ask = (option('ask') ?? 'search,suggest,complete').split(',');
  if (ask.some((a) => a !== 'search' && a !== 'suggest' && a !== 'complete')) {
    throw new Error('--ask: search, suggest, complete or a list of them');
  }
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error('--engine: sqlite or postgres');
  if (kind === 'postgres') countStatements();
  const saved: Record<string, string[]> =
    check !== undefined && existsSync(check) ? JSON.parse(readFileSync(check, 'utf8')) : {};
  const written: Record<string, string[]> = {};
  let differences = 0;
  for (const name of names) {
    const load = CORPORA[name];
    if (load === undefined)
      throw new Error(`--corpus: unknown ${name}; known: ${Object.keys(CORPORA).join(', ')}`);
    const corpus = await load(count, seed);
    const queries = Object.entries(corpus.variants)
      .filter(([variant]) => variants === undefined || variants.includes(variant))
      .flatMap(([, list]) => list)
      .map((q) => q.text);
    const dataDir = mkdtempSync(join(tmpdir(), 'search-query-cost-'));
    const database = `docs_portal_query_cost_${randomBytes(4).toString('hex')}`;
    const postgres = kind === 'postgres' ? await createBenchDatabase(database) : undefined;
    const engine = await createSearchEngine({
      engine: kind,
      dataDir,
      resultCache: NO_RESULT_CACHE,
      ...(postgres ? { postgres } : {}),
      memory: {
        ...(tokenCacheMb === undefined
          ? {}
          : { sectionTokenCacheBytes: Number(tokenCacheMb) * 2 ** 20 }),
        ...(postingCacheMb === undefined
          ? {}
          : { postingCacheBytes: Number(postingCacheMb) * 2 ** 20 }),
        ...(sqliteCacheMb === undefined
          ? {}
          : { sqlitePageCacheBytes: Number(sqliteCacheMb) * 2 ** 20 }),
      },
    });
    try {
      await engine.applyDocSetChanges({
        docSet: BENCH_DOC_SET,
        upserts: [...corpus.pages.records],
        removals: [],
      });
      const got = await answers(engine, queries);
      if (save !== undefined) written[name] = got;
      const before = saved[name];
      if (before !== undefined) {
        const changed = got.flatMap((answer, i) => (answer === before[i] ? [] : [i]));
        differences += changed.length;
        console.log(`${name}: ${changed.length} of ${got.length} answers differ from ${check}`);
        for (const i of changed.slice(0, 5)) {
          console.log(`  ${JSON.stringify(queries[i])}\n    was ${before[i]}\n    now ${got[i]}`);
        }
      }
      const profiler = profileFile === undefined ? undefined : new Session();
      if (profiler !== undefined) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
        await profiler.post('Profiler.start');
      }
      const allocations = allocFile === undefined ? undefined : new Session();
      if (allocations !== undefined) {
        allocations.connect();
        await allocations.post('HeapProfiler.enable');
        await allocations.post('HeapProfiler.startSampling', {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      }
      for (let round = 1; round <= rounds; round++) {
        const server = postgres ? [await serverCpuMs(database)] : [];
        statementsByName.clear();
        const search = await timed(ask.includes('search') ? queries : [], (q) =>
          engine.search(searchRequest(q), ACCESS),
        );
        const searchStatements = statementsPerQuery(queries.length);
        if (postgres) server.push(await serverCpuMs(database));
        statementsByName.clear();
        const suggest = await timed(ask.includes('suggest') ? queries : [], (q) =>
          engine.suggest({ q, limit: 8 }, ACCESS),
        );
        const suggestStatements = statementsPerQuery(queries.length);
        if (postgres) server.push(await serverCpuMs(database));
        statementsByName.clear();
        const complete = await timed(ask.includes('complete') ? queries : [], (q) =>
          engine.suggest({ q, limit: 5, kind: 'query' }, ACCESS),
        );
        const completeStatements = statementsPerQuery(queries.length);
        if (postgres) server.push(await serverCpuMs(database));
        const serverMs = (i: number) =>
          serverCpuBetween(server[i] as Map<number, number>, server[i + 1] as Map<number, number>) /
          queries.length;
        const line = (
          label: string,
          r: { cpuMs: number; statements: number; times: number[] },
          at: number,
        ) => {
          const sorted = r.times.sort((a, b) => a - b);
          const sent = postgres
            ? `, ${r.statements.toFixed(2)} statements/query, server cpu ${serverMs(at).toFixed(3)} ms/query`
            : '';
          return `${label} cpu ${r.cpuMs.toFixed(3)} ms/query${sent}, p50 ${quantile(sorted, 0.5).toFixed(2)} ms, p95 ${quantile(sorted, 0.95).toFixed(2)} ms`;
        };
        const lines = [
          ...(ask.includes('search') ? [line('search', search, 0)] : []),
          ...(ask.includes('suggest') ? [line('suggest', suggest, 1)] : []),
          ...(ask.includes('complete') ? [line('complete', complete, 2)] : []),
        ];
        console.log(`${name} round ${round} (${queries.length} queries): ${lines.join(' | ')}`);
        if (postgres) {
          console.log(`  statements per search: ${searchStatements}`);
          console.log(`  statements per suggestion: ${suggestStatements}`);
          console.log(`  statements per completion: ${completeStatements}`);
        }
      }
      if (profiler !== undefined && profileFile !== undefined) {
        const { profile } = await profiler.post('Profiler.stop');
        const file = names.length > 1 ? `${profileFile}.${name}` : profileFile;
        writeFileSync(file, JSON.stringify(profile));
        profiler.disconnect();
        console.log(`${name}: CPU profile of the timed rounds in ${file}`);
      }
      if (allocations !== undefined && allocFile !== undefined) {
        const { profile } = await allocations.post('HeapProfiler.stopSampling');
        const file = names.length > 1 ? `${allocFile}.${name}` : allocFile;
        writeFileSync(file, JSON.stringify(profile));
        allocations.disconnect();
        const asked = rounds * queries.length * ask.length;
        const kb = sampledBytes(profile.head) / asked / 1024;
        console.log(
          `${name}: ${kb.toFixed(0)} KB allocated per query asked (${ask.join(', ')}; sampled), profile in ${file}`,
        );
      }
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (postgres) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  }
  if (save !== undefined) writeFileSync(save, JSON.stringify(written));
  if (check !== undefined && differences > 0) process.exitCode = 1;
}

await main();
