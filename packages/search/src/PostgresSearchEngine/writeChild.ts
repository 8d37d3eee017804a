// Child process of the kill test: writes a new edition of the test doc set and, half way through
// the write transaction, announces it and blocks until it is killed.
import { DEFAULT_RANKING } from '../query/rankingOptions';
import { compileSynonyms } from '../query/synonyms';
import { createPostgresSearchEngine } from './createPostgresSearchEngine';
import { TEST_DOC_SET, editionPages } from './testPages';

const [url, count] = process.argv.slice(2);
if (url === undefined || count === undefined) throw new Error('usage: writeChild <url> <pages>');
const engine = await createPostgresSearchEngine(
  { url, poolSize: 2 },
  { ranking: { ...DEFAULT_RANKING }, synonyms: compileSynonyms(undefined) },
);
await engine.applyDocSetChanges(
  { docSet: TEST_DOC_SET, upserts: editionPages('two', Number(count)), removals: [] },
  {
    onProgress({ done, total }) {
      if (done >= total / 2 && done < total) {
        // Writes to a pipe are synchronous on Linux, so the parent sees this before we block.
        process.stdout.write('HALF\n');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      }
    },
  },
);
process.stdout.write('DONE\n');
await engine.close();
