// A parse worker for tests: answers a batch only once the next one has arrived (or at once when
// the batch holds a page named `last`), so a pool that waits for each answer before it sends
// the next batch never gets one. Shows that a worker is sent its next batch while it works.
import { parentPort } from 'node:worker_threads';
import { WorkerState, type WorkerJob, WORKER_READY } from '../src/sync/extractTask';

const port = parentPort;
if (port === null) throw new Error('holdingExtractWorker runs only as a worker thread');
const state = new WorkerState();
let held: unknown[] | undefined;
port.on('message', (job: WorkerJob) => {
  const outcomes = state.run(job);
  if (outcomes === undefined) return;
  if (held !== undefined) port.postMessage(held);
  held = outcomes;
  if (job.kind === 'extract' && job.batch.tasks.some((task) => task.path.includes('last'))) {
    port.postMessage(held);
    held = undefined;
  }
});
port.postMessage(WORKER_READY);
