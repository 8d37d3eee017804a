import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractBatch, ExtractOutcome } from './extractTask';

/** Heap ceiling of one parse worker: a hostile page that needs more fails alone, as a warning. */
export const DEFAULT_WORKER_HEAP_MB = 512;
/**
 * Young generation of a parse worker. Parsing allocates a DOM per page that dies right after,
 * so a larger nursery than V8's default saves most of the garbage-collection time.
 */
const WORKER_YOUNG_GENERATION_MB = 64;

const extension = extname(fileURLToPath(import.meta.url));
const WORKER_FILE = new URL(`./extractWorker${extension}`, import.meta.url);

/**
 * The code a parse worker starts with. Run from TypeScript sources (tests, `node --import tsx`),
 * the worker registers tsx's loader first: tsx registers itself in the main thread only.
 */
function workerSource(): string {
  const entry = JSON.stringify(WORKER_FILE.href);
  if (extension !== '.ts') return `import(${entry});`;
  // The ESM build of tsx's API (require.resolve finds its CommonJS twin).
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const loader = JSON.stringify(pathToFileURL(api).href);
  return `import(${loader}).then((tsx) => { tsx.register(); return import(${entry}); });`;
}

interface Pending {
  resolve(outcomes: ExtractOutcome[]): void;
  reject(error: Error): void;
}

interface Lane {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * Parse worker threads for the indexer: batches of pages go to the least busy worker and come
 * back as extracted pages. Workers start on the first batch. A worker that dies (a page that
 * exhausts its heap) fails only the batches it held and is replaced by the next batch. Idle
 * workers do not keep the process alive; {@link close} stops them.
 */
export class ExtractPool {
  private readonly lanes: Array<Lane | null>;
  private nextId = 1;
  private closed = false;

  constructor(
    threads: number,
    private readonly heapMb: number = DEFAULT_WORKER_HEAP_MB,
  ) {
    this.lanes = Array.from({ length: Math.max(1, threads) }, () => null);
  }

  /** Extracts a batch in a worker; rejects when the worker dies while holding it. */
  run(batch: ExtractBatch): Promise<ExtractOutcome[]> {
    if (this.closed) return Promise.reject(new Error('the parse workers are stopped'));
    let index = 0;
    for (let k = 1; k < this.lanes.length; k++) {
      if ((this.lanes[k]?.pending.size ?? 0) < (this.lanes[index]?.pending.size ?? 0)) index = k;
    }
    const lane = this.lanes[index] ?? this.spawn(index);
    const id = this.nextId++;
    return new Promise<ExtractOutcome[]>((resolve, reject) => {
      lane.pending.set(id, { resolve, reject });
      if (lane.pending.size === 1) lane.worker.ref();
      lane.worker.postMessage({ id, batch });
    });
  }

  /** Stops every worker; batches still running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const workers = this.lanes.flatMap((lane) => (lane === null ? [] : [lane.worker]));
    this.lanes.fill(null);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private spawn(index: number): Lane {
    const worker = new Worker(workerSource(), {
      eval: true,
      resourceLimits: {
        maxOldGenerationSizeMb: this.heapMb,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      },
    });
    const lane: Lane = { worker, pending: new Map() };
    this.lanes[index] = lane;
    worker.unref();
    worker.on('message', (message: { id: number; outcomes: ExtractOutcome[] }) => {
      const pending = lane.pending.get(message.id);
      lane.pending.delete(message.id);
      if (lane.pending.size === 0) worker.unref();
      pending?.resolve(message.outcomes);
    });
    const fail = (error: Error) => {
      if (this.lanes[index] === lane) this.lanes[index] = null;
      const pending = [...lane.pending.values()];
      lane.pending.clear();
      for (const p of pending) p.reject(error);
      void worker.terminate();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the parse worker stopped (exit code ${code})`)));
    return lane;
  }
}
