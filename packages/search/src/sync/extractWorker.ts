// Entry of a parse worker thread: extracts the batches the indexer sends, one at a time (see
// ExtractPool).
import { parentPort } from 'node:worker_threads';
import { type ExtractBatch, extractBatch } from './extractTask';

if (parentPort === null) throw new Error('extractWorker runs only as a worker thread');
const port = parentPort;
port.on('message', (batch: ExtractBatch) => {
  port.postMessage(extractBatch(batch));
});
