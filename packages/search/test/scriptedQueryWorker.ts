// A query thread for tests: ends its thread when it is asked to search for `crash the thread`,
// as a thread that runs out of memory or meets a native fault would; answers everything else as
// the real one does (its module is loaded after this listener is added, so this one hears first).
import { parentPort } from 'node:worker_threads';
import type { QueryJob } from '../src/threads/queryMessages';

if (parentPort === null) throw new Error('crashingQueryWorker runs only as a worker thread');
parentPort.on('message', (job: QueryJob) => {
  if (job.kind === 'search' && job.request.q === 'crash the thread') process.exit(3);
});
void import('../src/threads/queryWorker');
