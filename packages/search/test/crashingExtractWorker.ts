// A parse worker for tests: ends its thread when a batch holds a page named `crash`, as a worker
// that runs out of memory or meets a native fault would; extracts every other batch as usual.
import { parentPort } from 'node:worker_threads';
import { type ExtractBatch, extractBatch } from '../src/sync/extractTask';

const port = parentPort;
if (port === null) throw new Error('crashingExtractWorker runs only as a worker thread');
port.on('message', (batch: ExtractBatch) => {
  if (batch.tasks.some((task) => task.path.includes('crash'))) process.exit(3);
  port.postMessage(extractBatch(batch));
});
