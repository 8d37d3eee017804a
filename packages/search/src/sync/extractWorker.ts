// Entry of a parse worker thread: does the jobs the indexer sends, one at a time (see
// ExtractPool): extracts batches of pages and splits them into terms, or reads the hierarchy links of some pages.
import { parentPort } from 'node:worker_threads';
import { readLinksOfPages } from '../indexer/readPageTrails';
import { extractBatch, transferablesOf, type WorkerJob } from './extractTask';

if (parentPort === null) throw new Error('extractWorker runs only as a worker thread');
const port = parentPort;
port.on('message', (job: WorkerJob) => {
  if (job.kind === 'extract') {
    const outcomes = extractBatch(job.batch);
    port.postMessage(outcomes, transferablesOf(outcomes));
  } else void readLinksOfPages(job.folder, job.paths).then((links) => port.postMessage(links));
});
