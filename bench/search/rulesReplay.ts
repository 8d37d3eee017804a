// Relevance workbench benchmark on a synthetic Flare doc set (10,000 pages by default): replay of
// 10,000 logged queries against a draft of 500 rules, and search latency with those 500 rules
// active against no rules.
// Run: node --import tsx bench/search/rulesReplay.ts [--pages 10000] [--queries 10000] [--rules 500]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchRule } from '@docs-portal/contracts';
import {
  compileRules,
  createSearchEngine,
  NO_RESULT_CACHE,
  listDocSetPages,
  syncDocSet,
  type CompiledRules,
} from '@docs-portal/search';
import { replayDraft, SqliteAnalyticsStore, type ReplayInput } from '@docs-portal/server';
import { syntheticCorpus, syntheticDescriptor } from '../corpus/syntheticCorpus';
import { createSeededRandom } from '../corpus/seededRandom';
import { seededRandom } from './genindexQueries';
import { buildLatencyQueries, loadPagePaths } from './latencyQueries';
import { quantile } from './metrics';
import { numberOption } from './options';

const PAGES = numberOption('pages', 10_000);
const QUERIES = numberOption('queries', 10_000);
const RULES = numberOption('rules', 500);
const LATENCY_QUERIES = numberOption('latency', 2_000);
const DISTINCT = numberOption('distinct', 3_000);

async function corpusFolder(): Promise<string> {
  return syntheticCorpus(PAGES);
}

/** A draft of `count` rules: pins for logged queries, boosts and buries by pattern, synonyms. */
function draftRules(
  queries: readonly string[],
  paths: readonly string[],
  count: number,
): SearchRule[] {
  const random = seededRandom(11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const rules: SearchRule[] = [];
  const words = queries.flatMap((q) => q.split(/\s+/)).filter((w) => /^[a-z]{4,}$/.test(w));
  for (let i = 0; rules.length < count; i++) {
    const kind = i % 10;
    if (kind < 5) {
      rules.push({
        id: `pin-${i}`,
        kind: 'pin',
        query: pick(queries),
        docSet: 'synthetic',
        path: pick(paths),
        rank: 1 + Math.floor(random() * 3),
      });
    } else if (kind < 9) {
      rules.push({
        id: `boost-${i}`,
        kind: 'boost',
        pattern: `*${pick(words)}*`,
        docSet: 'synthetic',
        path: pick(paths),
        factor: kind === 8 ? 0.2 : 3,
      });
    } else {
      rules.push({ id: `syn-${i}`, kind: 'synonym', words: [pick(words), `zz${i}term`] });
    }
  }
  return rules;
}

async function main(): Promise<void> {
  const folder = await corpusFolder();
  const dataDir = mkdtempSync(join(tmpdir(), 'rules-replay-'));
  const docSet = syntheticDescriptor(folder);
  // Replayed searches repeat: the engine's own work is measured, not its cache of answers.
  const engine = await createSearchEngine({
    engine: 'sqlite',
    dataDir,
    resultCache: NO_RESULT_CACHE,
  });
  const analytics = new SqliteAnalyticsStore(dataDir, { maxPendingEvents: 100_000 });
  try {
    let started = performance.now();
    await syncDocSet(engine, docSet);
    console.log(`indexed ${PAGES} pages in ${Math.round(performance.now() - started)} ms`);
    await loadPagePaths(folder);
    const paths = (await listDocSetPages(folder)).map((p) => (p.startsWith('/') ? p : `/${p}`));
    // A search log repeats its queries the way readers do (Zipf): QUERIES searches drawn from
    // DISTINCT queries, far enough apart not to fold, a click on one in five.
    const queries = buildLatencyQueries(folder, DISTINCT, 7);
    const zipf = createSeededRandom(3);
    const log = Array.from({ length: QUERIES }, () => zipf.zipf(queries));
    console.log(`log: ${QUERIES} searches of ${new Set(log).size} distinct queries`);
    const base = Date.now() - QUERIES * 60_000;
    const random = seededRandom(5);
    for (const [i, q] of log.entries()) {
      const at = new Date(base + i * 60_000);
      const kind = i % 3 === 0 ? 'employee' : 'customer';
      await analytics.recordSearch({ query: q, filters: {}, resultCount: 1, tookMs: 1, kind, at });
      if (random() < 0.2) {
        const path = paths[Math.floor(random() * paths.length)] as string;
        await analytics.recordClick({ query: q, rank: 1, url: `/docs/synthetic${path}`, kind, at });
      }
    }
    const rules = draftRules(queries, paths, RULES);
    const draft = compileRules(rules);
    const input: ReplayInput = {
      engine,
      analytics,
      docSets: [{ id: 'synthetic', audience: ['*'] }] as unknown as ReplayInput['docSets'],
      live: undefined,
      draft,
      queries: QUERIES,
    };
    started = performance.now();
    const report = await replayDraft(input);
    const replayMs = performance.now() - started;
    console.log(
      `replay: ${report.replayed} logged queries against ${RULES} draft rules in ${(replayMs / 1000).toFixed(1)} s (target <= 30 s): ${report.changed} queries change, clicked up ${report.clickedUp}, down ${report.clickedDown}`,
    );

    // The usual next step: the 500 rules are published and a draft adds ten pins to them.
    const next = compileRules([
      ...rules,
      ...draftRules(log, paths, 10).map((r) => ({ ...r, id: `next-${r.id}` })),
    ]);
    started = performance.now();
    const again = await replayDraft({ ...input, live: draft, draft: next });
    console.log(
      `replay of a draft 10 rules away from ${RULES} published: ${again.replayed} logged queries in ${(
        (performance.now() - started) /
        1000
      ).toFixed(1)} s: ${again.changed} queries change`,
    );

    // Latency: the same queries with no rules and with the 500 rules active, interleaved.
    const sample = queries.slice(0, LATENCY_QUERIES);
    const run = (q: string, withRules: CompiledRules | undefined) =>
      engine.search(
        { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
        { docSetIds: ['synthetic'] },
        { rules: withRules },
      );
    for (const q of sample.slice(0, 300)) {
      await run(q, undefined);
      await run(q, draft);
    }
    const plain: number[] = [];
    const ruled: number[] = [];
    for (const [i, q] of sample.entries()) {
      const order = i % 2 === 0 ? [undefined, draft] : [draft, undefined];
      for (const rulesNow of order) {
        const t = performance.now();
        await run(q, rulesNow);
        (rulesNow === undefined ? plain : ruled).push(performance.now() - t);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    plain.sort((a, b) => a - b);
    ruled.sort((a, b) => a - b);
    const fmt = (xs: number[]) =>
      `mean ${mean(xs).toFixed(2)} ms, p50 ${quantile(xs, 0.5).toFixed(2)} ms, p95 ${quantile(xs, 0.95).toFixed(2)} ms`;
    console.log(`search, no rules:        ${fmt(plain)}`);
    console.log(`search, ${RULES} rules active: ${fmt(ruled)}`);
    console.log(
      `latency with rules / without (mean): ${((mean(ruled) / mean(plain)) * 100).toFixed(1)}% (target <= 110%)`,
    );
  } finally {
    await analytics.close();
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
