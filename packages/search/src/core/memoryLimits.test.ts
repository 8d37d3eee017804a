import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresIndexStore } from '../PostgresSearchEngine/PostgresIndexStore';
import { TEST_DOC_SET, editionPages } from '../PostgresSearchEngine/testPages';
import { DEFAULT_RANKING } from '../query/rankingOptions';
import { compileSynonyms } from '../query/synonyms';
import { SqliteIndexStore } from '../SqliteSearchEngine/SqliteIndexStore';
import { StoredSearchEngine } from '../StoredSearchEngine';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import type { IndexStore } from './IndexStore';
import type { SearchMemoryLimits } from './memoryLimits';

const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PAGES = 120;
const CEILING = 8 * 1024;

/** Every marker word of the pages (one posting each) and the words all pages share. */
const QUERIES = [
  'edition details',
  'text more',
  ...Array.from({ length: PAGES }, (_, n) => `aword${n}`),
];

type OpenStore = (limits: Partial<SearchMemoryLimits>) => Promise<IndexStore>;

const stores: Record<string, OpenStore> = {
  sqlite: async (limits) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'search-memory-'));
    const store = new SqliteIndexStore(dataDir, limits);
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return store;
  },
  postgres: async (limits) => {
    const database: TestDatabase = await createTestDatabase('docs_portal_search_memory_');
    cleanups.push(() => database.drop());
    return PostgresIndexStore.open({ url: database.url, poolSize: 2 }, limits);
  },
};

/** An engine on `store` with the pages indexed, and every query asked once. */
async function searchedEngine(store: IndexStore): Promise<{ found: number }> {
  const engine = new StoredSearchEngine('test', store, {
    ranking: { ...DEFAULT_RANKING },
    synonyms: compileSynonyms(),
  });
  cleanups.push(() => engine.close());
  await engine.applyDocSetChanges({
    docSet: TEST_DOC_SET,
    upserts: editionPages('a', PAGES),
    removals: [],
  });
  let found = 0;
  for (const q of QUERIES) {
    const response = await engine.search(
      { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
      { docSetIds: [TEST_DOC_SET.id] },
    );
    if (response.total > 0) found++;
  }
  return { found };
}

const heldBytes = (store: IndexStore) =>
  store.read(async (reader) => reader.snapshot.cache.heldBytes);
const tokenBytes = (store: IndexStore) =>
  store.read(async (reader) => reader.snapshot.sectionTokens.heldBytes);

describe.each(Object.keys(stores))('memory ceilings of the %s store', (name) => {
  const open = stores[name] as OpenStore;

  it('keeps decoded postings within the configured bytes, and answers as without a ceiling', async () => {
    const bounded = await open({ postingCacheBytes: CEILING });
    const unbounded = await open({ postingCacheBytes: 64 * 1024 * 1024 });

    const withCeiling = await searchedEngine(bounded);
    const without = await searchedEngine(unbounded);

    expect(withCeiling.found).toBe(QUERIES.length);
    expect(without.found).toBe(QUERIES.length);
    // The same queries need more than the ceiling: it is what stopped the bounded cache.
    expect(await heldBytes(unbounded)).toBeGreaterThan(2 * CEILING);
    const held = await heldBytes(bounded);
    expect(held).toBeLessThanOrEqual(CEILING);
    expect(held).toBeGreaterThan(CEILING / 2);
  }, 60_000);

  it('keeps decoded section tokens within the configured bytes, and answers as without a ceiling', async () => {
    const bounded = await open({ sectionTokenCacheBytes: CEILING });
    const unbounded = await open({ sectionTokenCacheBytes: 64 * 1024 * 1024 });

    const withCeiling = await searchedEngine(bounded);
    const without = await searchedEngine(unbounded);

    expect(withCeiling.found).toBe(QUERIES.length);
    expect(without.found).toBe(QUERIES.length);
    expect(await tokenBytes(unbounded)).toBeGreaterThan(2 * CEILING);
    const held = await tokenBytes(bounded);
    expect(held).toBeLessThanOrEqual(CEILING);
    expect(held).toBeGreaterThan(CEILING / 2);
  }, 60_000);
});
