// A query thread for tests: ends its thread when it is asked to search for `crash the thread`,
// as a thread that runs out of memory or meets a native fault would; asked `hold the thread
// until FILE`, it stays busy, as a long search would, until FILE exists. Everything else it
// answers as the real one does (its module is loaded after this listener is added, so this one
// hears first).
import { existsSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { QueryJob } from '../src/threads/queryMessages';

const HOLD = 'hold the thread until ';

if (parentPort === null) throw new Error('scriptedQueryWorker runs only as a worker thread');
parentPort.on('message', (job: QueryJob) => {
  if (job.kind !== 'search') return;
  if (job.request.q === 'crash the thread') process.exit(3);
  if (job.request.q.startsWith(HOLD)) {
    const file = job.request.q.slice(HOLD.length);
    // Busy, without giving the thread's event loop a turn, as a search computing its answer is.
    while (!existsSync(file));
  }
});
void import('../src/threads/queryWorker');
