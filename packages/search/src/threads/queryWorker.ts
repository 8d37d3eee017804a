// Entry of a query thread (see QueryThreads): opens its own engine on the index the portal's
// thread writes, and answers the searches, suggestions and warm-ups it is sent, several at a
// time (a PostgreSQL engine waits on the server between statements).
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchResponse, SuggestResponse } from '@docs-portal/contracts';
import { openSearchEngine, type SearchEngineConfig } from '../openSearchEngine';
import type { CompiledRules } from '../rules/compileRules';
import type { SearchEngine } from '../SearchEngine';
import {
  toThreadError,
  type QueryAnswer,
  type QueryJob,
  type QueryThreadStart,
} from './queryMessages';

if (parentPort === null) throw new Error('queryWorker runs only as a worker thread');
const port = parentPort;

async function answer(
  engine: SearchEngine,
  job: QueryJob,
  rules: CompiledRules | undefined,
): Promise<SearchResponse | SuggestResponse | undefined> {
  switch (job.kind) {
    case 'search':
      return engine.search(job.request, job.access, rules ? { rules } : {});
    case 'suggest':
      return engine.suggest(job.request, job.access);
    case 'warm':
      await engine.warm();
      return undefined;
    case 'close':
      await engine.close();
      return undefined;
  }
}

async function main(): Promise<void> {
  let engine: SearchEngine;
  try {
    engine = await openSearchEngine(workerData as SearchEngineConfig);
  } catch (error) {
    port.postMessage({ kind: 'failed', error: toThreadError(error) } satisfies QueryThreadStart);
    return;
  }
  // The last rule set sent: the calling thread sends one again only when it changes.
  let rules: { id: number; compiled: CompiledRules } | undefined;
  port.on('message', (job: QueryJob) => {
    if (job.kind === 'search' && job.rules !== undefined) {
      rules = { id: job.rulesId, compiled: job.rules };
    }
    const current =
      job.kind === 'search' && job.rulesId !== 0 && rules?.id === job.rulesId
        ? rules.compiled
        : undefined;
    answer(engine, job, current).then(
      (value) => {
        port.postMessage({ id: job.id, ok: true, value } satisfies QueryAnswer);
      },
      (error: unknown) => {
        port.postMessage({
          id: job.id,
          ok: false,
          error: toThreadError(error),
        } satisfies QueryAnswer);
      },
    );
  });
  port.postMessage({ kind: 'ready' } satisfies QueryThreadStart);
}

void main();
