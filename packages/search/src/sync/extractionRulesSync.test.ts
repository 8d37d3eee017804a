import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSearchEngine } from '../createSearchEngine';
import type { ExtractionRules } from '../indexer/extractionRules';
import type { DocSetDescriptor, SearchEngine } from '../SearchEngine';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { syncDocSet, syncDocSets } from './syncDocSet';

const READER = { docSetIds: ['guide', 'other'] };

/** A page with a promotion box the built-in rules keep as content. */
function page(topic: string): string {
  return `<!doctype html><html><head><title>${topic}</title></head><body><main>
    <h1>${topic}</h1>
    <p>How to ${topic.toLowerCase()} the cluster.</p>
    <div class="promo-box">Try zephyrword cloud today</div>
  </main></body></html>`;
}

function writeDocSet(folder: string, topics: string[]): void {
  mkdirSync(folder, { recursive: true });
  for (const topic of topics) writeFileSync(join(folder, `${topic}.html`), page(topic));
}

/** Makes an empty engine of one kind (a PostgreSQL one in a throwaway database of its own). */
interface EngineKind {
  name: string;
  make(work: string): Promise<SearchEngine>;
}

const databases: TestDatabase[] = [];
const KINDS: EngineKind[] = [
  {
    name: 'sqlite',
    make: (work) =>
      createSearchEngine({ engine: 'sqlite', dataDir: mkdtempSync(join(work, 'data-')) }),
  },
  {
    name: 'postgres',
    async make(work) {
      const database = await createTestDatabase('docs_portal_search_rules_');
      databases.push(database);
      return createSearchEngine({
        engine: 'postgres',
        dataDir: join(work, 'data'),
        postgres: { url: database.url, poolSize: 2 },
      });
    },
  },
];

afterAll(async () => {
  for (const database of databases) await database.drop();
});

describe.each(KINDS)('changing a doc set’s extraction rules ($name)', (kind) => {
  let work: string;
  let engine: SearchEngine;
  let guide: DocSetDescriptor;
  let other: DocSetDescriptor;

  const descriptor = (id: string, extract?: ExtractionRules): DocSetDescriptor => ({
    id,
    title: id,
    product: id,
    version: '1.0',
    docType: 'User Guide',
    urlPrefix: `/docs/${id}`,
    folder: join(work, id),
    ...(extract === undefined ? {} : { extract }),
  });

  const docSetsMatching = async (q: string) => {
    const response = await engine.search(
      { q, product: [], version: [], docType: [], page: 1, pageSize: 20, explain: false },
      READER,
    );
    return response.hits.map((hit) => `${hit.docSet}:${hit.title}`).sort();
  };

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), `search-rules-${kind.name}-`));
    writeDocSet(join(work, 'guide'), ['Install', 'Upgrade', 'Remove']);
    writeDocSet(join(work, 'other'), ['Backup', 'Restore']);
  });

  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  beforeEach(async () => {
    engine = await kind.make(work);
    guide = descriptor('guide');
    other = descriptor('other');
    await syncDocSets(engine, [guide, other]);
  });

  afterEach(async () => {
    await engine.close();
  });

  it('re-extracts every page of that doc set, and no page of another', async () => {
    expect(await docSetsMatching('zephyrword')).toHaveLength(5);

    const results = await syncDocSets(engine, [
      descriptor('guide', { exclude: ['.promo-box'] }),
      other,
    ]);

    expect(results.get('guide')).toMatchObject({ pages: 3, changed: 3, removed: 0 });
    expect(results.get('other')).toMatchObject({ pages: 2, changed: 0, removed: 0 });
    expect(await docSetsMatching('zephyrword')).toEqual(['other:Backup', 'other:Restore']);
    expect(await docSetsMatching('upgrade')).toEqual(['guide:Upgrade']);
  });

  it('re-extracts nothing while the rules stay the same, and again when they go', async () => {
    const ruled = descriptor('guide', { exclude: ['.promo-box'], title: 'p' });
    expect((await syncDocSet(engine, ruled)).changed).toBe(3);
    expect((await syncDocSet(engine, ruled)).changed).toBe(0);
    expect(await docSetsMatching('cluster')).toContain('guide:How to install the cluster.');

    expect((await syncDocSet(engine, guide)).changed).toBe(3);
    expect(await docSetsMatching('zephyrword')).toHaveLength(5);
    expect(await docSetsMatching('cluster')).toContain('guide:Install');
  });
});
