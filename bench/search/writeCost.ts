// What the thread that writes the index does during a build (numbering terms, planning and
// encoding postings, SQLite's inserts, the commit), without the parsing: every page of a real
// corpus is extracted and split into terms once, as two or more parse workers hand it over, then
// written into a fresh SQLite index round after round (ms and pages/s per round). With one parse
// worker (the default on 2 cores below 5,000 pages) the writing thread also splits the pages into
// terms, which this bench leaves out. A build uses all of a 2-core machine, so the CPU this
// thread spends is taken from the parse worker.
// With --markers DIR the last round is measured in instructions under callgrind, with the same
// driver as extractCost.ts (DIR/ready, go, done, end).
// Run: node --import tsx bench/search/writeCost.ts [--corpus gnucash,django,sqlalchemy,python]
//      [--rounds 3] [--markers DIR]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  createSearchEngine,
  extractBatch,
  extractionRulesKey,
  listDocSetPages,
  NO_RESULT_CACHE,
  PageHierarchy,
  type PageRecord,
  readFlareTocBreadcrumbs,
} from '@docs-portal/search';
import { corpusFolders } from './benchCorpora';
import { handOver } from './callgrindMarkers';
import { BENCH_DOC_SET } from './ourEngine';
import { option } from './options';

const CORPORA = (option('corpus') ?? 'gnucash,django,sqlalchemy,python').split(',');
const ROUNDS = Number(option('rounds') ?? 3);
const MARKERS = option('markers');

/** The records of every page of a corpus, with their analysis, as two or more workers make them. */
async function recordsOf(name: string): Promise<PageRecord[]> {
  const records: PageRecord[] = [];
  for (const { folder, rules } of corpusFolders(name)) {
    const paths = await listDocSetPages(folder);
    const toc = await readFlareTocBreadcrumbs(folder);
    const hierarchy = new PageHierarchy(
      folder,
      new Set(paths.filter((path) => !toc.byPath.has(path))),
    );
    const tasks = paths.map((path) => {
      const breadcrumb = toc.byPath.get(path);
      return { path, ...(breadcrumb === undefined ? {} : { breadcrumb }) };
    });
    const batch = {
      folder,
      tasks,
      rulesKey: extractionRulesKey(rules),
      hierarchy: 0,
      ...(rules === undefined ? {} : { rules }),
    };
    for (const outcome of extractBatch(batch, hierarchy)) {
      if (!('page' in outcome)) continue;
      const { page } = outcome;
      records.push({
        path: outcome.path,
        title: page.title,
        breadcrumb: page.breadcrumb,
        hash: outcome.hash,
        sections: page.indexable ? page.sections : [],
        analysis: outcome.analysis,
      });
    }
  }
  return records;
}

for (const name of CORPORA) {
  const records = await recordsOf(name);
  for (let round = 1; round <= ROUNDS; round++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'write-cost-'));
    const engine = await createSearchEngine({
      engine: 'sqlite',
      dataDir,
      resultCache: NO_RESULT_CACHE,
    });
    if (round === ROUNDS) await handOver(MARKERS, 'ready', 'go');
    const cpu = process.cpuUsage();
    const started = performance.now();
    await engine.applyDocSetChanges(
      { docSet: BENCH_DOC_SET, upserts: records, removals: [] },
      { warm: false },
    );
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (round === ROUNDS) await handOver(MARKERS, 'done', 'end');
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(
      `${name}, round ${round}: ${records.length} pages written in ${Math.round(ms)} ms = ${Math.round((records.length * 1000) / ms)} pages/s, CPU ${Math.round((used.user + used.system) / 1000)} ms`,
    );
  }
}
