// Entry of a parse worker thread: extracts the batches the indexer sends (see ExtractPool).
import { parentPort } from 'node:worker_threads';
import { type ExtractBatch, extractBatch } from './extractTask';

if (parentPort === null) throw new Error('extractWorker runs only as a worker thread');
const port = parentPort;
port.on('message', (message: { id: number; batch: ExtractBatch }) => {
  port.postMessage({ id: message.id, outcomes: extractBatch(message.batch) });
});
