// A parse worker for tests whose code fails as it loads, as a broken installation's would; with
// `UNSTEADY_WORKER_MARKER` set, only the first worker fails (it leaves that file behind) and the
// next ones start and do their jobs as usual, as after a passing shortage.
import { existsSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { WorkerState, type WorkerJob, WORKER_READY } from '../src/sync/extractTask';

const marker = process.env.UNSTEADY_WORKER_MARKER;
if (marker === undefined || !existsSync(marker)) {
  if (marker !== undefined) writeFileSync(marker, 'failed once');
  throw new Error('this parse worker cannot load its code');
}
const port = parentPort;
if (port === null) throw new Error('unstartableExtractWorker runs only as a worker thread');
const state = new WorkerState();
port.on('message', (job: WorkerJob) => {
  const outcomes = state.run(job);
  if (outcomes !== undefined) port.postMessage(outcomes);
});
port.postMessage(WORKER_READY);
