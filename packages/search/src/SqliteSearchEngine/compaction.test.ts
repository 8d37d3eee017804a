import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSearchEngine } from '../createSearchEngine';
import type { PageRecord } from '../core/analysePage';
import type { DocSetDescriptor } from '../SearchEngine';

const dataDir = mkdtempSync(join(tmpdir(), 'search-compaction-'));
const file = join(dataDir, 'search', 'index.sqlite');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const docSet: DocSetDescriptor = {
  id: 'compaction',
  title: 'Compaction',
  product: 'Compaction',
  version: '1',
  docType: 'Guide',
  urlPrefix: '/docs/compaction',
  folder: '/nowhere',
};

/** 300 pages whose words change with the edition, so every write replaces every posting list. */
function pages(edition: number): PageRecord[] {
  return Array.from({ length: 300 }, (_, n) => ({
    path: `/p${n}.htm`,
    title: `Page ${n} edition ${edition}`,
    breadcrumb: ['Guide'],
    hash: `${edition}-${n}`,
    sections: Array.from({ length: 4 }, (__, s) => ({
      heading: `Part ${s}`,
      anchor: `part${s}`,
      text: Array.from(
        { length: 60 },
        (___, w) => `word${(n * 7 + s * 13 + w) % 900}e${edition}`,
      ).join(' '),
    })),
  }));
}

const size = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

describe('SQLite index file after writes', () => {
  it('truncates the WAL, reports the file size, and gives freed pages back', async () => {
    const engine = await createSearchEngine({ engine: 'sqlite', dataDir });
    try {
      await engine.applyDocSetChanges({ docSet, upserts: pages(1), removals: [] });
      expect(size(`${file}-wal`)).toBe(0);
      const first = size(file);
      expect((await engine.stats()).bytes).toBe(first);

      for (let edition = 2; edition <= 4; edition++) {
        await engine.applyDocSetChanges({ docSet, upserts: pages(edition), removals: [] });
        expect(size(`${file}-wal`)).toBe(0);
      }
      const rewritten = size(file);
      const inspect = new Database(file, { readonly: true });
      try {
        // Pages freed by the rewrites went back to the file system instead of a free list.
        expect(inspect.pragma('freelist_count', { simple: true })).toBe(0);
      } finally {
        inspect.close();
      }
      expect((await engine.stats()).bytes).toBe(rewritten);
      // Three full rewrites leave a file about as large as one build, not four times it.
      expect(rewritten).toBeLessThan(first * 1.25);
      const hits = await engine.search(
        {
          q: 'word5e4',
          product: [],
          version: [],
          docType: [],
          page: 1,
          pageSize: 5,
          explain: false,
        },
        { docSetIds: ['compaction'] },
      );
      expect(hits.total).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  }, 60_000);
});
