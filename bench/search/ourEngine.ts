import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchEngine, type PageRecord, type SearchEngine } from '@docs-portal/search';
import type { BenchEngine } from './baselineEngines';

/** Our engine (SQLite), fed the same page records through its write API. */
export function ourEngine(options: { ranking?: Record<string, unknown> } = {}): BenchEngine {
  let engine: SearchEngine;
  const dataDir = mkdtempSync(join(tmpdir(), 'search-bench-'));
  return {
    name: 'ours (SQLite)',
    async build(records: readonly PageRecord[]) {
      engine = await createSearchEngine({
        engine: 'sqlite',
        dataDir,
        ranking: options.ranking ?? {},
      });
      await engine.applyDocSetChanges({
        docSet: {
          id: 'python',
          title: 'Python documentation',
          product: 'Python',
          version: '3.11',
          docType: 'Reference',
          audience: ['*'],
          urlPrefix: '',
          folder: '/usr/share/doc/python3-doc/html',
        },
        upserts: [...records],
        removals: [],
      });
    },
    async search(query, limit) {
      const response = await engine.search(
        {
          q: query,
          product: [],
          version: [],
          docType: [],
          page: 1,
          pageSize: limit,
          explain: false,
        },
        { audiences: ['reader'] },
      );
      return response.hits.map((hit) => decodeURI(hit.url.split('?')[0] as string));
    },
    async close() {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
