import { afterAll } from 'vitest';
import { DEFAULT_RANKING } from '../query/rankingOptions';
import { compileSynonyms } from '../query/synonyms';
import { runSearchEngineContract } from '../testing/runSearchEngineContract';
import { createPostgresSearchEngine } from './createPostgresSearchEngine';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';

const databases: TestDatabase[] = [];

afterAll(async () => {
  for (const database of databases) await database.drop();
});

runSearchEngineContract('postgres', async ({ synonyms }) => {
  const database = await createTestDatabase('docs_portal_search_test_');
  databases.push(database);
  return createPostgresSearchEngine(
    { url: database.url, poolSize: 4 },
    { ranking: { ...DEFAULT_RANKING }, synonyms: compileSynonyms(synonyms) },
  );
});
