// A parse worker for tests: ends its thread when a batch holds a page named `crash`, as a worker
// that runs out of memory or meets a native fault would; does every other job as usual.
import { parentPort } from 'node:worker_threads';
import { readLinksOfPages } from '../src/indexer/readPageTrails';
import { extractBatch, type WorkerJob } from '../src/sync/extractTask';

const port = parentPort;
if (port === null) throw new Error('crashingExtractWorker runs only as a worker thread');
port.on('message', (job: WorkerJob) => {
  if (job.kind === 'links') {
    void readLinksOfPages(job.folder, job.paths).then((links) => port.postMessage(links));
    return;
  }
  if (job.batch.tasks.some((task) => task.path.includes('crash'))) process.exit(3);
  port.postMessage(extractBatch(job.batch));
});
