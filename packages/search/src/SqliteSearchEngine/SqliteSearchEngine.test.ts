import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchEngine } from '../createSearchEngine';
import { runSearchEngineContract } from '../testing/runSearchEngineContract';

runSearchEngineContract('sqlite', ({ synonyms }) =>
  createSearchEngine({
    engine: 'sqlite',
    dataDir: mkdtempSync(join(tmpdir(), 'search-contract-')),
    ...(synonyms === undefined ? {} : { synonyms }),
  }),
);
