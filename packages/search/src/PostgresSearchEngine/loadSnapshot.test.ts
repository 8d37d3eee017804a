import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RANKING } from '../query/rankingOptions';
import { compileSynonyms } from '../query/synonyms';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { createPostgresSearchEngine } from './createPostgresSearchEngine';
import { loadPgSnapshot } from './loadSnapshot';
import { TEST_DOC_SET, editionPages } from './testPages';

/** Cache ceilings of the snapshots loaded here (their caches are not used). */
const LIMITS = { postingCacheBytes: 1024, sectionTokenCacheBytes: 1024 };

const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('loadPgSnapshot', () => {
  it('builds the same page and section tables whatever the number of rows read per round trip', async () => {
    const database: TestDatabase = await createTestDatabase('docs_portal_search_snapshot_');
    cleanups.push(() => database.drop());
    const engine = await createPostgresSearchEngine(
      { url: database.url, poolSize: 2 },
      { ranking: { ...DEFAULT_RANKING }, synonyms: compileSynonyms() },
    );
    cleanups.push(() => engine.close());
    await engine.applyDocSetChanges({
      docSet: TEST_DOC_SET,
      upserts: editionPages('a', 25),
      removals: [],
    });
    // Re-written pages get new ids: the tables have holes, as in a long-lived index.
    await engine.applyDocSetChanges({
      docSet: TEST_DOC_SET,
      upserts: editionPages('b', 10),
      removals: [],
    });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());

    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const whole = await loadPgSnapshot(client, '1', LIMITS);
    const chunked = await loadPgSnapshot(client, '1', LIMITS, 7);
    await client.query('COMMIT');

    expect(whole.pages.maxId).toBeGreaterThan(25);
    expect(whole.sections.maxId).toBeGreaterThan(50);
    expect(chunked.pages).toEqual(whole.pages);
    expect(chunked.sections).toEqual(whole.sections);
    const live = [...whole.pages.docSet].filter((id) => id !== 0).length;
    expect(live).toBe(25);
  }, 60_000);
});
