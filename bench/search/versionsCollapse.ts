// How much the version collapse ("also in" links) adds to a search: the same synthetic doc set
// indexed as two versions of one product, searched by a reader of the newest only (no other
// version to look at) and by a reader of both (every shown hit looks for itself in the other).
// Run: node --import tsx bench/search/versionsCollapse.ts [--pages 2000] [--rounds 200]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchEngine, syncDocSet, type DocSetDescriptor } from '@docs-portal/search';
import { syntheticCorpus } from '../corpus/syntheticCorpus';
import { quantile } from './metrics';
import { numberOption } from './options';

const PAGES = numberOption('pages', 2000);
const ROUNDS = numberOption('rounds', 200);
const QUERIES = ['protection', 'backup policy', 'cluster', 'replication target', 'retention'];

async function main(): Promise<void> {
  const folder = await syntheticCorpus(PAGES);
  const dataDir = mkdtempSync(join(tmpdir(), 'search-versions-'));
  const engine = await createSearchEngine({ engine: 'sqlite', dataDir });
  const version = (v: string): DocSetDescriptor => ({
    id: `guide-${v}`,
    title: `Guide ${v}`,
    product: 'Acme Data Platform',
    version: v,
    docType: 'User Guide',
    urlPrefix: `/docs/${v}`,
    folder,
  });
  for (const v of ['7.0', '6.9']) await syncDocSet(engine, version(v));
  const readers = {
    'newest only': { docSetIds: ['guide-7.0'] },
    'both versions': { docSetIds: ['guide-7.0', 'guide-6.9'] },
  };
  for (const [name, access] of Object.entries(readers)) {
    const times: number[] = [];
    let also = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const q = QUERIES[round % QUERIES.length] as string;
      const started = performance.now();
      const response = await engine.search(
        { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
        access,
      );
      times.push(performance.now() - started);
      also += response.hits.filter((h) => h.alsoIn !== undefined).length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name}: p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms, hits with "also in": ${also}/${ROUNDS * 10}`,
    );
  }
  await engine.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
