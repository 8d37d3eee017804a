// Child process of the damaged-WAL-index test: indexes a page, searches, has the index's -shm
// file shrunk under it (as a cleanup job or a restore would), searches again. A crash here
// (SIGBUS) must not take the test runner with it. Prints one JSON line per search.
import { truncateSync } from 'node:fs';
import { join } from 'node:path';
import { createSearchEngine, syncDocSet } from '../src/index';

const [dataDir, folder] = process.argv.slice(2);
if (dataDir === undefined || folder === undefined)
  throw new Error('usage: damagedWalIndexChild <dataDir> <folder>');
const engine = await createSearchEngine({ engine: 'sqlite', dataDir });
await syncDocSet(engine, {
  id: 'guide',
  title: 'Guide',
  product: 'Guide',
  version: '1',
  docType: 'Guide',
  urlPrefix: '/docs/guide',
  folder,
});
const request = {
  q: 'quokkaword',
  product: [],
  version: [],
  docType: [],
  page: 1,
  pageSize: 10,
  explain: false,
};

async function search(): Promise<void> {
  try {
    const response = await engine.search(request, { docSetIds: ['guide'] });
    process.stdout.write(`${JSON.stringify({ total: response.total })}\n`);
  } catch (error) {
    const failure = error as { name?: string; statusCode?: number };
    process.stdout.write(
      `${JSON.stringify({ error: failure.name, status: failure.statusCode })}\n`,
    );
  }
}

await search();
truncateSync(join(dataDir, 'search', 'index.sqlite-shm'), 0);
await search();
await search();
await engine.close();
process.stdout.write('DONE\n');
