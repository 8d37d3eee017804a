// A parse worker for tests: ends its thread when a batch holds a page named `crash`, as a worker
// that runs out of memory or meets a native fault would; does every other job as usual.
import { parentPort } from 'node:worker_threads';
import { WorkerState, type WorkerJob, WORKER_READY } from '../src/sync/extractTask';

const port = parentPort;
if (port === null) throw new Error('crashingExtractWorker runs only as a worker thread');
const state = new WorkerState();
port.on('message', (job: WorkerJob) => {
  if (job.kind === 'extract' && job.batch.tasks.some((task) => task.path.includes('crash'))) {
    process.exit(3);
  }
  const outcomes = state.run(job);
  if (outcomes !== undefined) port.postMessage(outcomes);
});
port.postMessage(WORKER_READY);
