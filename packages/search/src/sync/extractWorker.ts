// Entry of a parse worker thread: does the jobs the indexer sends, one at a time (see
// ExtractPool): keeps the hierarchy of the run it works for, and extracts batches of pages and
// splits them into terms.
import { parentPort } from 'node:worker_threads';
import { transferablesOf, WorkerState, type WorkerJob, WORKER_READY } from './extractTask';

if (parentPort === null) throw new Error('extractWorker runs only as a worker thread');
const port = parentPort;
const state = new WorkerState();
port.on('message', (job: WorkerJob) => {
  const outcomes = state.run(job);
  if (outcomes !== undefined) port.postMessage(outcomes, transferablesOf(outcomes));
});
port.postMessage(WORKER_READY);
