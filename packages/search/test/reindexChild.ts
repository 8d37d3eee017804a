// Child process of the atomic-reindex test: syncs a doc set and, half way through writing the
// index, announces it and blocks inside the open write transaction until it is killed.
import { createSearchEngine, syncDocSet } from '../src/index';

const [dataDir, folder, pageCount] = process.argv.slice(2);
if (dataDir === undefined || folder === undefined || pageCount === undefined)
  throw new Error('usage: reindexChild <dataDir> <folder> <pages>');
// Pages are streamed into the write, so its progress total grows as they arrive: half way is
// counted against the doc set's page count.
const pages = Number(pageCount);
const engine = await createSearchEngine({ engine: 'sqlite', dataDir });
await syncDocSet(
  engine,
  {
    id: 'atomic',
    title: 'Atomic',
    product: 'Atomic',
    version: '1',
    docType: 'Guide',
    urlPrefix: '/docs/atomic',
    folder,
  },
  {
    onProgress(progress) {
      if (progress.phase === 'write' && progress.done >= pages / 2 && progress.done < pages) {
        // Writes to a pipe are synchronous on Linux, so the parent sees this before we block.
        process.stdout.write('HALF\n');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      }
    },
  },
);
process.stdout.write('DONE\n');
