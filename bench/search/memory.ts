// Memory of one portal process by corpus size: a real portal (HTTP, sign-in, the start-up publish
// and sync of the synthetic Flare doc set, the SQLite engine) runs in a child process per size; the
// child samples RSS and threads while it starts (the publish's figures until it listens are also
// given apart) and the index is built, runs a fixed set of searches over HTTP,
// forces garbage collection and reports RSS, V8 heap, external memory and what the engine's
// in-memory snapshot holds (measured by loading one more copy of it and weighing the heap).
// With --heap-snapshot the largest size also writes a heap snapshot, summarised by constructor.
// Run: node --import tsx bench/search/memory.ts [--pages 1000,5000,10000] [--queries 1000]
//      [--heap-snapshot] [--posting-cache-mb N] [--sqlite-cache-mb N] [--section-token-cache-mb N]
// The last three set the engine's memory ceilings (default: the engine's defaults);
// `--query-threads N` answers the searches in N query threads (`search.queryThreads`; default 0,
// in the thread that serves HTTP), each with its own snapshot and caches. The portal
// process gets MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072, as scripts/serve.sh
// (`npm start`) gives it, unless the environment sets other values (16 arenas is glibc's own
// limit on 2 cores; `MALLOC_MMAP_THRESHOLD_=` empty leaves glibc's threshold to adjust itself).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import Database from 'better-sqlite3';
import { BrowserlikeClient, signIn, startPortal } from '@docs-portal/server/testing';
import {
  DEFAULT_MEMORY_LIMITS,
  DEFAULT_RANKING,
  QueryThreads,
  type SearchMemoryLimits,
} from '@docs-portal/search';
import {
  syntheticCorpus,
  syntheticCorpusFolder,
  syntheticDocSetConfig,
} from '../corpus/syntheticCorpus';
import { summariseHeapSnapshot } from './heapSummary';
import { buildLatencyQueries, loadPagePaths } from './latencyQueries';
import { quantile } from './metrics';
/* eslint-disable import-x/no-relative-packages -- the break-down weighs the store's in-memory
   snapshot, which the package does not export (nor should it, for a bench). */
import type { IndexSnapshot, IndexStore } from '../../packages/search/src/core/IndexStore';
import { compileSynonyms } from '../../packages/search/src/query/synonyms';
import { loadSnapshot } from '../../packages/search/src/SqliteSearchEngine/loadSnapshot';
import {
  SQLITE_INDEX_FILE,
  SqliteIndexStore,
} from '../../packages/search/src/SqliteSearchEngine/SqliteIndexStore';
import { StoredSearchEngine } from '../../packages/search/src/StoredSearchEngine';
/* eslint-enable import-x/no-relative-packages */
import { option } from './options';

const SIZES = option('pages', '1000,5000,10000').split(',').map(Number);
const QUERIES = Number(option('queries', '1000'));
const HEAP_SNAPSHOT = process.argv.includes('--heap-snapshot');
const LIMIT_OPTIONS = [
  'posting-cache-mb',
  'sqlite-cache-mb',
  'section-token-cache-mb',
  'query-threads',
] as const;
const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** Process memory at one moment, bytes. */
interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** OS threads of the process (the main thread, libuv's pool, V8's helpers, parse workers). */
  threads: number;
  /** Resident bytes of mapped files (node, shared libraries, better-sqlite3's addon). */
  fileBacked: number;
  /** Resident bytes of the main thread's malloc heap (brk): SQLite and other native allocations. */
  mallocHeap: number;
  /** Resident anonymous bytes elsewhere: V8's pages, other threads' malloc arenas, stacks. */
  anonymous: number;
}

/** What a child reports. */
interface ChildReport {
  pages: number;
  sections: number;
  indexBytes: number;
  syncMs: number;
  /** Before the portal starts. */
  start: Memory;
  /** Largest values sampled while the index was built (each field its own maximum). */
  duringSync: Memory;
  /** Largest V8 heap used right after a full collection during the sync (live objects). */
  liveHeapDuringSync: number;
  /**
   * The same until the portal listens: its start-up publish of the doc set (copy, prepare, link
   * check), the release index, and the first moments of the sync. Null from the older bench.
   */
  liveHeapUntilListening?: number;
  /** Peak RSS (VmHWM) when the portal listens, and the time it took (ms). */
  peakRssAtListening?: number;
  listeningMs?: number;
  /** After the start-up sync, after garbage collection. */
  afterSync: Memory;
  /** After the searches, after garbage collection. */
  steady: Memory;
  /** V8's heap spaces after the searches: name → [size, used] (bytes). */
  spaces: Record<string, [number, number]>;
  /** Peak RSS of the whole run (VmHWM). */
  peakRss: number;
  /** Search time over HTTP, one reader: median and 95th percentile (ms). */
  searchP50: number;
  searchP95: number;
  engine: EngineBreakdown;
  /** What each cache really holds: the memory freed by emptying it (after the figures above). */
  dropped: CacheDrop[];
  heapSnapshot?: string;
}

/** Memory freed by emptying one cache, after a full collection. */
interface CacheDrop {
  name: string;
  /** Entries it held, and the bytes it counted for them. */
  entries: number;
  counted: number;
  heapUsed: number;
  arrayBuffers: number;
  rss: number;
}

/** What the engine's in-memory snapshot holds. */
interface EngineBreakdown {
  terms: number;
  termChars: number;
  /** V8 heap of one snapshot without its trie and cache (vocabulary strings and maps). */
  snapshotHeap: number;
  /** Typed-array bytes of one snapshot (page and section tables, vocabulary arrays). */
  snapshotArrays: number;
  pageTableBytes: number;
  sectionTableBytes: number;
  /** Heap and array bytes the typo trie adds once built. */
  trieHeap: number;
  trieArrays: number;
  /** Decoded posting lists cached after the searches. */
  postingCacheBytes: number;
  /** Decoded section tokens cached after the searches. */
  sectionTokenCacheBytes: number;
}

function threadCount(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 0);
}

/** Resident bytes by kind of mapping, from /proc/self/smaps. */
function residentByKind(): Pick<Memory, 'fileBacked' | 'mallocHeap' | 'anonymous'> {
  const kinds = { fileBacked: 0, mallocHeap: 0, anonymous: 0 };
  let kind: keyof typeof kinds = 'anonymous';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping !== null) {
      const name = mapping[2] ?? '';
      kind = name === '[heap]' ? 'mallocHeap' : name.startsWith('/') ? 'fileBacked' : 'anonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss !== null) kinds[kind] += Number(rss[1]) * 1024;
  }
  return kinds;
}

function peakRss(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
}

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run the child with --expose-gc');
  // Twice: the first pass may only queue finalizers whose objects the second frees.
  gc();
  gc();
}

function memoryNow(): Memory {
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    threads: threadCount(),
    ...residentByKind(),
  };
}

/** Heap figures right after a full collection (exact, for weighing objects). */
function collectedMemory(): Memory {
  collect();
  return memoryNow();
}

/**
 * Memory after a full collection, once V8 has handed the freed pages back (it unmaps them on
 * a helper thread, so RSS read at once still counts them).
 */
async function settledMemory(): Promise<Memory> {
  collect();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  collect();
  return memoryNow();
}

function tableBytes(arrays: ArrayLike<unknown>[]): number {
  return arrays.reduce((sum, a) => sum + (a as unknown as ArrayBufferView).byteLength, 0);
}

/** Weighs one more copy of the snapshot the store serves, and the trie it builds on demand. */
function weighSnapshot(dataDir: string, live: IndexSnapshot): EngineBreakdown {
  const db = new Database(join(dataDir, 'search', SQLITE_INDEX_FILE), { readonly: true });
  try {
    const before = collectedMemory();
    const copy = loadSnapshot(db, 'probe', {
      postingCacheBytes: live.cache.heldBytes,
      sectionTokenCacheBytes: live.sectionTokens.heldBytes,
    });
    const loaded = collectedMemory();
    const everyDocSet = new Uint8Array(256).fill(1);
    copy.vocabulary.similar('memoryprobe', 2, everyDocSet);
    const withTrie = collectedMemory();
    const { pages, sections } = copy;
    const breakdown: EngineBreakdown = {
      terms: copy.vocabulary.size,
      termChars: copy.vocabulary.terms.reduce((sum, term) => sum + term.length, 0),
      snapshotHeap: loaded.heapUsed - before.heapUsed,
      snapshotArrays: loaded.arrayBuffers - before.arrayBuffers,
      pageTableBytes: tableBytes([
        pages.docSet,
        pages.lengths,
        pages.firstSection,
        pages.lastSection,
      ]),
      sectionTableBytes: tableBytes([sections.page, sections.docSet, sections.lengths]),
      trieHeap: withTrie.heapUsed - loaded.heapUsed,
      trieArrays: withTrie.arrayBuffers - loaded.arrayBuffers,
      postingCacheBytes: live.cache.heldBytes,
      sectionTokenCacheBytes: live.sectionTokens.heldBytes,
    };
    // Keeps the copy alive until every figure above is taken.
    if (copy.generation !== 'probe') throw new Error('unexpected snapshot');
    return breakdown;
  } finally {
    db.close();
  }
}

/** The private parts of the engine's caches that the bench empties to weigh them. */
interface Emptiable {
  size: number;
  clear(): void;
}

/**
 * Empties the result cache, then the row cache, the section token cache and the posting cache,
 * weighing what each frees: the figures the caches count for themselves are what their ceilings
 * bound, and these are what the process really holds for them.
 */
function dropCaches(engine: StoredSearchEngine, live: IndexSnapshot): CacheDrop[] {
  const stats = engine.resultCacheStats();
  // The engine's AnswerCache, and the ResultCache inside it.
  const results = (engine as unknown as { cache: { cache: { useGeneration(g: string): void } } })
    .cache.cache;
  // The SQLite store's display rows of the generation (core/RowCache.ts).
  const rows = (
    engine as unknown as {
      store: { rows?: { heldBytes: number; sectionRows?: Emptiable; pageRows?: Emptiable } };
    }
  ).store.rows;
  const tokens = (live.sectionTokens as unknown as { entries?: Emptiable }).entries;
  const postings = (live.cache as unknown as { entries: Emptiable }).entries;
  const steps: Array<{ name: string; entries: number; counted: number; empty: () => void }> = [
    {
      name: 'answers (result cache)',
      entries: stats.entries,
      counted: stats.bytes,
      empty: () => results.useGeneration('memory bench: dropped'),
    },
    {
      name: 'row cache (SQLite)',
      entries: (rows?.sectionRows?.size ?? 0) + (rows?.pageRows?.size ?? 0),
      counted: rows?.heldBytes ?? 0,
      empty: () => {
        rows?.sectionRows?.clear();
        rows?.pageRows?.clear();
      },
    },
    {
      name: 'section token cache',
      entries: tokens?.size ?? 0,
      counted: live.sectionTokens.heldBytes,
      empty: () => tokens?.clear(),
    },
    {
      name: 'posting cache',
      entries: postings.size,
      counted: live.cache.heldBytes,
      empty: () => postings.clear(),
    },
  ];
  const out: CacheDrop[] = [];
  let before = collectedMemory();
  for (const step of steps) {
    step.empty();
    const after = collectedMemory();
    out.push({
      name: step.name,
      entries: step.entries,
      counted: step.counted,
      heapUsed: before.heapUsed - after.heapUsed,
      arrayBuffers: before.arrayBuffers - after.arrayBuffers,
      rss: before.rss - after.rss,
    });
    before = after;
  }
  return out;
}

async function child(pages: number): Promise<void> {
  const folder = syntheticCorpusFolder(pages);
  const start = await settledMemory();
  const dataDir = mkdtempSync(join(tmpdir(), 'memory-bench-'));
  const limits = memoryLimitsOption();
  const store = new SqliteIndexStore(dataDir, limits);
  // The settings createSearchEngine gives the default config; built here to keep the store.
  const engine = new StoredSearchEngine('sqlite', store, {
    ranking: { ...DEFAULT_RANKING },
    synonyms: compileSynonyms(),
  });
  const threads = Number(option('query-threads', '0'));
  const threadConfig = { engine: 'sqlite', dataDir, memory: limits };
  const peak: Memory = { ...start };
  const sample = () => {
    const now = memoryNow();
    for (const key of Object.keys(peak) as Array<keyof Memory>) {
      peak[key] = Math.max(peak[key], now[key]);
    }
  };
  const sampler = setInterval(sample, 100);
  // What the sync really keeps alive, as opposed to garbage not yet collected: a full
  // collection every few seconds (it pauses the sync a little; this is a memory bench).
  let liveHeapDuringSync = 0;
  const weigher = setInterval(() => {
    collect();
    liveHeapDuringSync = Math.max(liveHeapDuringSync, process.memoryUsage().heapUsed);
  }, 3000);
  const started = performance.now();
  const portal = await startPortal(
    {
      docSets: [syntheticDocSetConfig(folder)],
    },
    { searchEngine: threads > 0 ? new QueryThreads(engine, threadConfig, threads) : engine },
  );
  const listeningMs = performance.now() - started;
  const liveHeapUntilListening = liveHeapDuringSync;
  const peakRssAtListening = peakRss();
  try {
    await portal.app.searchIndexing.ready;
    const syncMs = performance.now() - started;
    clearInterval(sampler);
    clearInterval(weigher);
    sample();
    const afterSync = await settledMemory();
    const stats = await engine.stats();

    const client = new BrowserlikeClient(portal.origin);
    await signIn(client, 'customer');
    await loadPagePaths(folder);
    const base = portal.config.basePath;
    let hits = 0;
    const times: number[] = [];
    for (const q of buildLatencyQueries(folder, QUERIES, 7)) {
      const sent = performance.now();
      const response = await client.request(`${base}/search?q=${encodeURIComponent(q)}`);
      const body = (await response.json()) as { total?: number };
      times.push(performance.now() - sent);
      if (response.status !== 200) throw new Error(`search answered ${response.status}`);
      if ((body.total ?? 0) > 0) hits++;
    }
    times.sort((a, b) => a - b);
    if (hits === 0) throw new Error('no search found anything: the index is not built');
    const steady = await settledMemory();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name,
        [space.space_size, space.space_used_size] as [number, number],
      ]),
    );
    const live = await (store as IndexStore).read(async (reader) => reader.snapshot);
    const report: ChildReport = {
      pages: stats.pages,
      sections: stats.sections,
      indexBytes: stats.bytes,
      syncMs,
      start,
      duringSync: peak,
      liveHeapDuringSync,
      liveHeapUntilListening,
      peakRssAtListening,
      listeningMs,
      afterSync,
      steady,
      spaces,
      peakRss: peakRss(),
      searchP50: quantile(times, 0.5),
      searchP95: quantile(times, 0.95),
      engine: weighSnapshot(dataDir, live),
      dropped: [],
    };
    report.dropped = dropCaches(engine, live);
    if (process.argv.includes('--heap-snapshot')) {
      collect();
      report.heapSnapshot = writeHeapSnapshot(join(tmpdir(), `memory-bench-${pages}.heapsnapshot`));
    }
    process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
  } finally {
    clearInterval(sampler);
    clearInterval(weigher);
    await portal.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The engine's memory ceilings given on the command line (bytes), the rest left to defaults. */
function memoryLimitsOption(): Partial<SearchMemoryLimits> {
  const limits: Partial<SearchMemoryLimits> = {};
  const posting = option('posting-cache-mb', '');
  const sqlite = option('sqlite-cache-mb', '');
  if (posting !== '') limits.postingCacheBytes = Number(posting) * MB;
  if (sqlite !== '') limits.sqlitePageCacheBytes = Number(sqlite) * MB;
  const tokens = option('section-token-cache-mb', '');
  if (tokens !== '') limits.sectionTokenCacheBytes = Number(tokens) * MB;
  return limits;
}

/** The portal's malloc arenas and mmap threshold, as scripts/serve.sh sets them. */
const MALLOC_ARENAS = process.env.MALLOC_ARENA_MAX ?? '2';
const MALLOC_MMAP_THRESHOLD = process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072';

/** The child's environment: the variables above, an empty threshold left out (glibc's own). */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MALLOC_ARENA_MAX: MALLOC_ARENAS };
  if (MALLOC_MMAP_THRESHOLD === '') delete env.MALLOC_MMAP_THRESHOLD_;
  else env.MALLOC_MMAP_THRESHOLD_ = MALLOC_MMAP_THRESHOLD;
  return env;
}

function runChild(pages: number, heapSnapshot: boolean): Promise<ChildReport> {
  const args = ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)];
  args.push('--child', '--pages', String(pages), '--queries', String(QUERIES));
  if (heapSnapshot) args.push('--heap-snapshot');
  for (const name of LIMIT_OPTIONS) {
    const value = option(name, '');
    if (value !== '') args.push(`--${name}`, value);
  }
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, {
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('error', reject);
    proc.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('REPORT '));
      if (code !== 0 || line === undefined) reject(new Error(`child exited ${code}: ${out}`));
      else resolve(JSON.parse(line.slice('REPORT '.length)) as ChildReport);
    });
  });
}

function memoryRows(label: string, reports: ChildReport[], pick: (r: ChildReport) => Memory) {
  const cells = (f: (m: Memory) => string) => reports.map((r) => f(pick(r))).join(' | ');
  return [
    `| ${label}: RSS (MB) | ${cells((m) => mb(m.rss))} |`,
    `| ${label}: V8 heap used / total (MB) | ${cells((m) => `${mb(m.heapUsed)} / ${mb(m.heapTotal)}`)} |`,
    `| ${label}: external / of which array buffers (MB) | ${cells((m) => `${mb(m.external)} / ${mb(m.arrayBuffers)}`)} |`,
    `| ${label}: RSS outside V8 heap and external (MB) | ${cells((m) => mb(m.rss - m.heapTotal - m.external))} |`,
    `| ${label}: resident files / malloc heap / other anonymous (MB) | ${cells((m) => `${mb(m.fileBacked)} / ${mb(m.mallocHeap)} / ${mb(m.anonymous)}`)} |`,
    `| ${label}: threads | ${cells((m) => String(m.threads))} |`,
  ];
}

async function main(): Promise<void> {
  if (process.argv.includes('--child')) {
    await child(Number(option('pages', '1000')));
    return;
  }
  const reports: ChildReport[] = [];
  for (const pages of SIZES) {
    await syntheticCorpus(pages);
    const last = pages === SIZES[SIZES.length - 1];
    reports.push(await runChild(pages, HEAP_SNAPSHOT && last));
  }
  const cells = (f: (r: ChildReport) => string) => reports.map(f).join(' | ');
  const e = (f: (b: EngineBreakdown) => string) => cells((r) => f(r.engine));
  const lines = [
    `### Memory of one portal process, synthetic corpus, ${QUERIES} searches over HTTP\n`,
    `Ceilings: ${JSON.stringify({ ...DEFAULT_MEMORY_LIMITS, ...memoryLimitsOption() })} (bytes); MALLOC_ARENA_MAX=${MALLOC_ARENAS}, MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD || "glibc's own"}\n`,
    `| measure | ${cells((r) => `${r.pages} pages`)} |`,
    `|---|${reports.map(() => '---:').join('|')}|`,
    `| sections / index on disk (MB) | ${cells((r) => `${r.sections} / ${mb(r.indexBytes)}`)} |`,
    `| start-up sync (s) | ${cells((r) => (r.syncMs / 1000).toFixed(1))} |`,
    ...memoryRows('before start', reports, (r) => r.start),
    ...memoryRows('during sync (max)', reports, (r) => r.duringSync),
    `| until listening (publish, release index), s | ${cells((r) => (r.listeningMs === undefined ? '' : (r.listeningMs / 1000).toFixed(1)))} |`,
    `| until listening: largest live V8 heap, after a GC every 3 s (MB) | ${cells((r) => (r.liveHeapUntilListening === undefined ? '' : mb(r.liveHeapUntilListening)))} |`,
    `| until listening: peak RSS (MB) | ${cells((r) => (r.peakRssAtListening === undefined ? '' : mb(r.peakRssAtListening)))} |`,
    `| during sync: largest live V8 heap, after a GC every 3 s (MB) | ${cells((r) => mb(r.liveHeapDuringSync))} |`,
    ...memoryRows('after sync, GC', reports, (r) => r.afterSync),
    ...memoryRows('after searches, GC', reports, (r) => r.steady),
    ...['new_space', 'old_space', 'code_space', 'large_object_space'].map(
      (name) =>
        `| after searches, V8 ${name.replace(/_/g, ' ')}: size / used (MB) | ${cells((r) => {
          const [size, used] = r.spaces[name] ?? [0, 0];
          return `${mb(size)} / ${mb(used)}`;
        })} |`,
    ),
    `| peak RSS of the run (MB) | ${cells((r) => mb(r.peakRss))} |`,
    `| search over HTTP, one reader, p50 / p95 (ms) | ${cells((r) => `${r.searchP50.toFixed(1)} / ${r.searchP95.toFixed(1)}`)} |`,
    `| vocabulary: terms / characters | ${e((b) => `${b.terms} / ${b.termChars}`)} |`,
    `| snapshot: V8 heap (vocabulary strings, maps) (MB) | ${e((b) => mb(b.snapshotHeap))} |`,
    `| snapshot: typed arrays (MB) | ${e((b) => mb(b.snapshotArrays))} |`,
    `| of which page / section tables (MB) | ${e((b) => `${mb(b.pageTableBytes)} / ${mb(b.sectionTableBytes)}`)} |`,
    `| typo trie once built: heap / arrays (MB) | ${e((b) => `${mb(b.trieHeap)} / ${mb(b.trieArrays)}`)} |`,
    `| posting cache after the searches (MB) | ${e((b) => mb(b.postingCacheBytes))} |`,
    `| section token cache after the searches (MB) | ${e((b) => mb(b.sectionTokenCacheBytes))} |`,
  ];
  for (let i = 0; i < (reports[0]?.dropped.length ?? 0); i++) {
    const d = (f: (drop: CacheDrop) => string) =>
      cells((r) => {
        const drop = r.dropped[i];
        return drop === undefined ? '' : f(drop);
      });
    const name = reports[0]?.dropped[i]?.name ?? '';
    lines.push(
      `| ${name}: entries / counted (MB) | ${d((x) => `${x.entries} / ${mb(x.counted)}`)} |`,
      `| ${name}, emptied: V8 heap / array buffers / RSS freed (MB) | ${d((x) => `${mb(x.heapUsed)} / ${mb(x.arrayBuffers)} / ${mb(x.rss)}`)} |`,
    );
  }
  console.log(lines.join('\n'));
  const snapshot = reports.at(-1)?.heapSnapshot;
  if (snapshot !== undefined) {
    console.log(
      `\nHeap of the ${reports.at(-1)?.pages}-page process by constructor (self size):\n`,
    );
    console.log('| constructor | MB | objects |\n|---|---:|---:|');
    for (const group of summariseHeapSnapshot(snapshot, 20)) {
      console.log(`| ${group.name} | ${mb(group.bytes)} | ${group.count} |`);
    }
    rmSync(snapshot, { force: true });
  }
}

await main();
