import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createSearchEngine } from '../createSearchEngine';
import { runSearchEngineContract } from '../testing/runSearchEngineContract';

const dataDirs: string[] = [];

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

runSearchEngineContract('sqlite', ({ synonyms }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-contract-'));
  dataDirs.push(dataDir);
  return createSearchEngine({
    engine: 'sqlite',
    dataDir,
    ...(synonyms === undefined ? {} : { synonyms }),
  });
});
