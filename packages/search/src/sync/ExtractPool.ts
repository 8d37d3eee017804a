import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerSource } from '../threads/workerBundle';
import {
  type ExtractBatch,
  type ExtractOutcome,
  type HierarchyJob,
  WORKER_READY,
} from './extractTask';

/**
 * Young generation of a parse worker. Parsing allocates a DOM per page that dies right after,
 * so a larger nursery than V8's default saves most of the garbage-collection time.
 */
const WORKER_YOUNG_GENERATION_MB = 64;

/**
 * Batches a worker is sent at most before it answers the first: the next ones wait in its
 * message port, so the worker goes on while this thread is busy (writing batches to the index)
 * instead of idling until this thread reads its answer and sends it another.
 */
const BATCHES_PER_WORKER = 6;

/**
 * Workers in a row that may die before they are ready (see {@link WORKER_READY}) before the pool
 * gives up: one may meet a passing shortage (threads, memory); a second means they cannot start.
 */
const START_ATTEMPTS = 2;

/**
 * The parse workers cannot start (their code fails to load, or no thread can be made): no page
 * is to blame, so callers parse in their own thread instead of trying each page alone.
 */
export class WorkerStartError extends Error {
  override name = 'WorkerStartError';
}

const extension = extname(fileURLToPath(import.meta.url));
/** The module parse workers run (`extractWorker`). */
export const EXTRACT_WORKER_FILE = new URL(`./extractWorker${extension}`, import.meta.url);

interface Job {
  batch: ExtractBatch;
  /** Sent to the worker first unless it has it already. */
  hierarchy: HierarchyJob;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Lane {
  worker: Worker;
  /**
   * The batches sent to the worker, in order: it extracts the first and answers in order, so a
   * death is blamed on the first alone, and the others go back to the queue.
   */
  jobs: Job[];
  /** The hierarchy the worker was last given. */
  hierarchy: number | undefined;
  /** Whether its code has loaded: it is sent no job before, so a death before is its start's. */
  ready: boolean;
}

/**
 * Parse worker threads for the indexer: batches of pages wait in a queue and go to the worker
 * that holds the fewest (at most {@link BATCHES_PER_WORKER} each), and come back as extracted
 * pages. Workers start with the first batch (or at {@link start}), and more when the pool
 * grows. A worker that dies fails only the batch it was extracting and is replaced for the
 * next one, which is given the batches it had not begun. Workers that cannot start fail every
 * batch with a {@link WorkerStartError}.
 * Idle workers do not keep the process alive; {@link close} stops them.
 */
export class ExtractPool {
  private readonly lanes: Array<Lane | null>;
  private readonly queue: Job[] = [];
  private closed = false;
  /** What the workers run (see workerSource), once known. */
  private code: string | undefined;
  /** Workers that died before they were ready since one last was. */
  private startFailures = 0;
  /** Set once workers have failed to start {@link START_ATTEMPTS} times in a row. */
  private startError: WorkerStartError | undefined;

  constructor(
    threads: number,
    private readonly workerFile: URL = EXTRACT_WORKER_FILE,
  ) {
    this.lanes = Array.from({ length: Math.max(1, threads) }, () => null);
  }

  /** Workers the pool runs (started or not). */
  get size(): number {
    return this.lanes.length;
  }

  /** Makes room for `threads` workers in all, started like the others; never shrinks. */
  grow(threads: number): void {
    while (this.lanes.length < threads) this.lanes.push(null);
  }

  /**
   * Starts every worker now (once its code is ready) instead of with the first batches, so
   * their start overlaps what the caller does before it has pages to send.
   */
  start(): void {
    workerSource(this.workerFile)
      .then((code) => {
        this.code ??= code;
        if (this.closed || this.startError !== undefined) return;
        for (let index = 0; index < this.lanes.length; index++) {
          this.lanes[index] ??= this.spawn(index);
        }
      })
      // A worker that cannot start fails the first batch sent to it (see spawn).
      .catch(() => {});
  }

  /**
   * Extracts a batch in a worker, which is given the run's hierarchy first if it does not have
   * it; rejects when the worker dies while extracting it.
   */
  async run(batch: ExtractBatch, hierarchy: HierarchyJob): Promise<ExtractOutcome[]> {
    this.code ??= await workerSource(this.workerFile);
    if (this.closed) throw new Error('the parse workers are stopped');
    if (this.startError !== undefined) throw this.startError;
    return new Promise<ExtractOutcome[]>((resolve, reject) => {
      this.queue.push({
        batch,
        hierarchy,
        resolve: (result) => resolve(result as ExtractOutcome[]),
        reject,
      });
      this.dispatch();
    });
  }

  /** Stops every worker; batches waiting or running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const stopped = new Error('the parse workers are stopped');
    for (const job of this.queue.splice(0)) job.reject(stopped);
    for (const lane of this.lanes) {
      for (const job of lane?.jobs.splice(0) ?? []) job.reject(stopped);
    }
    const workers = this.lanes.flatMap((lane) => (lane === null ? [] : [lane.worker]));
    this.lanes.fill(null);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    if (this.startError !== undefined) return;
    // Every worker gets a batch before any gets a second.
    for (let depth = 1; depth <= BATCHES_PER_WORKER; depth++) {
      for (let index = 0; index < this.lanes.length && this.queue.length > 0; index++) {
        const lane = this.lanes[index] ?? this.spawn(index);
        if (!lane.ready) {
          // Kept alive while it starts for the batches that wait for it.
          lane.worker.ref();
          continue;
        }
        if (lane.jobs.length >= depth) continue;
        const job = this.queue.shift() as Job;
        lane.jobs.push(job);
        lane.worker.ref();
        if (lane.hierarchy !== job.hierarchy.id) {
          lane.worker.postMessage(job.hierarchy);
          lane.hierarchy = job.hierarchy.id;
        }
        lane.worker.postMessage({ kind: 'extract', batch: job.batch });
      }
    }
  }

  private spawn(index: number): Lane {
    const worker = new Worker(this.code as string, {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    const lane: Lane = { worker, jobs: [], hierarchy: undefined, ready: false };
    this.lanes[index] = lane;
    // Kept alive only while it has batches (see dispatch).
    worker.unref();
    worker.on('message', (result: unknown) => {
      if (!lane.ready && result === WORKER_READY) {
        lane.ready = true;
        this.startFailures = 0;
      } else {
        lane.jobs.shift()?.resolve(result);
      }
      this.dispatch();
      if (lane.jobs.length === 0) worker.unref();
    });
    const fail = (error: Error) => {
      if (this.lanes[index] !== lane) return;
      this.lanes[index] = null;
      void worker.terminate();
      if (!lane.ready) {
        this.startFailed(error);
        return;
      }
      const [job, ...waiting] = lane.jobs.splice(0);
      job?.reject(error);
      // The batches it had not begun go to the next worker.
      this.queue.unshift(...waiting);
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the parse worker stopped (exit code ${code})`)));
    return lane;
  }

  /** A worker died before it was ready: another is tried, or every batch fails. */
  private startFailed(error: Error): void {
    if (this.closed) return;
    if (++this.startFailures < START_ATTEMPTS) {
      this.dispatch();
      return;
    }
    this.startError = new WorkerStartError(`the parse workers cannot start: ${error.message}`);
    for (const job of this.queue.splice(0)) job.reject(this.startError);
  }
}
