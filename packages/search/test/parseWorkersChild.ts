// Child process of the parse-workers test: syncs a doc set with two parse workers in a process
// started the way the server and the bench start (`node --import tsx`) and prints the result.
import { createSearchEngine, syncDocSet } from '../src/index';

const [dataDir, folder] = process.argv.slice(2);
if (dataDir === undefined || folder === undefined)
  throw new Error('usage: parseWorkersChild <dataDir> <folder>');
const engine = await createSearchEngine({ engine: 'sqlite', dataDir });
const result = await syncDocSet(
  engine,
  {
    id: 'mixed',
    title: 'Mixed',
    product: 'Fixture',
    version: '1.0',
    docType: 'User Guide',
    urlPrefix: '/docs/mixed',
    folder,
  },
  { threads: 2 },
);
await engine.close();
process.stdout.write(`${JSON.stringify({ ...result, ms: 0 })}\n`);
