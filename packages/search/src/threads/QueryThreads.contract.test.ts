import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openSearchEngine } from '../openSearchEngine';
import { writesOnly } from '../../test/writesOnly';
import { QueryThreads } from './QueryThreads';
import { runSearchEngineContract } from '../testing/runSearchEngineContract';

const dataDirs: string[] = [];

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

// The whole contract with searches answered by two query threads (the calling thread's engine
// refuses to answer any): what the calling thread writes is what they find, with the same
// ranking, access, rules, caches and life cycle.
runSearchEngineContract('sqlite, two query threads', async ({ synonyms }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-contract-threads-'));
  dataDirs.push(dataDir);
  const config = { engine: 'sqlite', dataDir, ...(synonyms === undefined ? {} : { synonyms }) };
  return new QueryThreads(writesOnly(await openSearchEngine(config)), config, 2);
});
