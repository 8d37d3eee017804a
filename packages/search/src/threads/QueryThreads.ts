import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  SearchRequest,
  SearchResponse,
  SuggestRequest,
  SuggestResponse,
} from '@docs-portal/contracts';
import { SearchUnavailableError } from '../core/IndexStore';
import type { SearchEngineConfig } from '../openSearchEngine';
import {
  AnswerCache,
  DEFAULT_RESULT_CACHE,
  NO_RESULT_CACHE,
  type ResultCacheStats,
} from '../ResultCache';
import type { CompiledRules } from '../rules/compileRules';
import type {
  DocSetChange,
  IndexedDocSet,
  IndexedPages,
  ReaderAccess,
  SearchEngine,
  SearchIndexStats,
  SearchOptions,
  WriteOptions,
} from '../SearchEngine';
import {
  fromThreadError,
  type QueryAnswer,
  type QueryJob,
  type QueryThreadStart,
} from './queryMessages';
import { workerSource } from './workerBundle';

const extension = extname(fileURLToPath(import.meta.url));
/** The module query threads run (`queryWorker`). */
export const QUERY_WORKER_FILE = new URL(`./queryWorker${extension}`, import.meta.url);

/** Left out of the bundle: a native addon, and a driver with an optional native part. */
const EXTERNAL_PACKAGES = ['better-sqlite3', 'pg'];

/**
 * Threads in a row that may fail to start before searches are answered in the calling thread
 * instead: one may meet a passing shortage (threads, memory); a second means they cannot start.
 */
const START_ATTEMPTS = 2;

type JobOf<K extends QueryJob['kind']> = Omit<Extract<QueryJob, { kind: K }>, 'id'>;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Lane {
  worker: Worker;
  /** Resolves once the thread's engine is open; rejects when it could not start. */
  started: Promise<void>;
  /** Jobs sent and not answered, by id. */
  pending: Map<number, Pending>;
  /** Number of the rule set it was sent last. */
  rulesId: number | undefined;
}

/** This thread's engine, which also tells the index's current generation. */
export type GenerationEngine = SearchEngine & {
  /** The index's generation as the store holds it now (see `IndexStore.generation`). */
  generation(): Promise<string>;
};

/**
 * A `SearchEngine` whose searches, suggestions and warm-ups run in worker threads, each with
 * its own engine opened on the same index (its own connections, snapshot and caches within the
 * configured ceilings), while writes, hashes and statistics stay with the engine of the calling
 * thread, which then loads no snapshot of its own. A busy search no longer holds up the
 * requests of the thread that serves HTTP, and on several cores searches run side by side.
 * Every thread reads the index's current generation at each query, so an answer is never older
 * than the last write that resolved.
 *
 * Answers are kept in this thread (`search.resultCache`), keyed as the engine keys them with
 * the generation the store holds, so a repeated query is answered without crossing threads.
 * A job goes to the thread with the fewest waiting. A thread that dies fails the jobs it held
 * and is started again for the next call; threads that cannot start at all leave searches to
 * the calling thread's engine.
 */
export class QueryThreads implements SearchEngine {
  readonly id: string;
  private readonly lanes: Array<Lane | null>;
  private readonly config: SearchEngineConfig;
  private code: Promise<string> | undefined;
  private nextJob = 1;
  private lastLane = -1;
  private startFailures = 0;
  /** Set once threads failed to start {@link START_ATTEMPTS} times in a row. */
  private inThisThread = false;
  private closed = false;
  /** Answers kept in this thread, so that a repeated query crosses no thread. */
  private readonly answers: AnswerCache;

  /**
   * `engine` is this thread's engine on the index that `config` opens; `threads` at least 1;
   * `workerFile` the module the threads run (tests give one that fails on purpose).
   */
  constructor(
    private readonly engine: GenerationEngine,
    config: SearchEngineConfig,
    threads: number,
    private readonly workerFile: URL = QUERY_WORKER_FILE,
  ) {
    this.id = engine.id;
    this.answers = new AnswerCache(config.resultCache ?? DEFAULT_RESULT_CACHE);
    // The threads keep no answers: this thread does, once.
    this.config = { ...config, queryThreads: 0, resultCache: NO_RESULT_CACHE };
    this.lanes = Array.from({ length: Math.max(1, Math.floor(threads)) }, () => null);
  }

  /** Threads the engine runs searches in (started or not). */
  get size(): number {
    return this.lanes.length;
  }

  /**
   * Starts every thread now rather than with the first call, so that their start (loading their
   * code and opening the index, a few hundred milliseconds) overlaps what the caller does first,
   * such as the start-up sync, instead of delaying the first search.
   */
  start(): void {
    if (this.closed || this.inThisThread) return;
    for (let index = 0; index < this.lanes.length; index++) this.lanes[index] ??= this.spawn(index);
  }

  search(
    request: SearchRequest,
    access: ReaderAccess,
    options?: SearchOptions,
  ): Promise<SearchResponse> {
    const rules = options?.rules;
    const rulesId = this.answers.rulesId(rules);
    return this.cached('search', request, access, rules, () =>
      this.run<SearchResponse>(
        (lane) => {
          const job: JobOf<'search'> = { kind: 'search', request, access, rulesId };
          if (lane.rulesId !== rulesId && rules !== undefined) job.rules = rules;
          lane.rulesId = rulesId;
          return job;
        },
        () => this.engine.search(request, access, options),
      ),
    );
  }

  suggest(request: SuggestRequest, access: ReaderAccess): Promise<SuggestResponse> {
    return this.cached('suggest', request, access, undefined, () =>
      this.run<SuggestResponse>(
        () => ({ kind: 'suggest', request, access }),
        () => this.engine.suggest(request, access),
      ),
    );
  }

  /**
   * The answer kept for the index's current generation (read from the store, so a write by
   * another process counts too), or `compute`'s. A thread reads the generation after this
   * thread did, so what it computes is never older than the key it is kept under.
   */
  private async cached<R extends object>(
    operation: 'search' | 'suggest',
    request: SearchRequest | SuggestRequest,
    access: ReaderAccess,
    rules: CompiledRules | undefined,
    compute: () => Promise<R>,
  ): Promise<R> {
    if (!this.answers.enabled) return compute();
    const started = performance.now();
    const generation = await this.engine.generation();
    return this.answers.answer(generation, rules, operation, request, access, started, compute);
  }

  /** Loads the current generation in every thread (starting them), as `SearchEngine.warm`. */
  async warm(): Promise<void> {
    await Promise.all(
      this.lanes.map((_, index) =>
        this.runOn<void>(
          index,
          () => ({ kind: 'warm' }),
          () => this.engine.warm(),
        ),
      ),
    );
  }

  async applyDocSetChanges(change: DocSetChange, options: WriteOptions = {}): Promise<void> {
    await this.engine.applyDocSetChanges(change, { ...options, warm: false });
    if (options.warm !== false) await this.warm();
  }

  async removeDocSet(docSetId: string, options: Pick<WriteOptions, 'warm'> = {}): Promise<void> {
    await this.engine.removeDocSet(docSetId, { warm: false });
    if (options.warm !== false) await this.warm();
  }

  indexedDocSets(): Promise<IndexedDocSet[]> {
    return this.engine.indexedDocSets();
  }

  indexedPages(docSetId: string): Promise<IndexedPages> {
    return this.engine.indexedPages(docSetId);
  }

  stats(): Promise<SearchIndexStats> {
    return this.engine.stats();
  }

  ping(): Promise<void> {
    return this.engine.ping();
  }

  /** Hits and misses of the answers kept in this thread. */
  resultCacheStats(): ResultCacheStats {
    return this.answers.stats();
  }

  /** Closes every thread's engine, stops the threads, then closes this thread's engine. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const lanes = this.lanes.flatMap((lane) => (lane === null ? [] : [lane]));
    this.lanes.fill(null);
    await Promise.all(
      lanes.map(async (lane) => {
        try {
          await lane.started;
          await this.send(lane, { kind: 'close' });
        } catch {
          // A thread that did not start or died has nothing left open.
        }
        this.fail(lane, new Error('the search index is closed'));
        await lane.worker.terminate();
      }),
    );
    await this.engine.close();
  }

  /** Runs a job on the thread that holds the fewest (the first of them, after the last used). */
  private run<T>(job: (lane: Lane) => JobOf<QueryJob['kind']>, here: () => Promise<T>): Promise<T> {
    const count = this.lanes.length;
    let best = (this.lastLane + 1) % count;
    for (let step = 1; step < count; step++) {
      const index = (this.lastLane + 1 + step) % count;
      if ((this.lanes[index]?.pending.size ?? 0) < (this.lanes[best]?.pending.size ?? 0)) {
        best = index;
      }
    }
    this.lastLane = best;
    return this.runOn(best, job, here);
  }

  /** Runs a job on thread `index`, starting it when needed; `here` when threads cannot start. */
  private async runOn<T>(
    index: number,
    job: (lane: Lane) => JobOf<QueryJob['kind']>,
    here: () => Promise<T>,
  ): Promise<T> {
    for (;;) {
      if (this.closed) throw new Error('the search index is closed');
      if (this.inThisThread) return here();
      const lane = this.lanes[index] ?? this.spawn(index);
      try {
        await lane.started;
      } catch (error) {
        // An index out of reach fails the call; another failure is counted (startFailed) and
        // the thread started again, or this thread's engine answers.
        if (error instanceof SearchUnavailableError) throw error;
        continue;
      }
      return (await this.send(lane, job(lane))) as T;
    }
  }

  private send(lane: Lane, job: JobOf<QueryJob['kind']>): Promise<unknown> {
    const id = this.nextJob++;
    return new Promise((resolve, reject) => {
      lane.pending.set(id, { resolve, reject });
      // Kept alive while it has jobs: an idle thread does not hold the process open.
      lane.worker.ref();
      lane.worker.postMessage({ ...job, id } as QueryJob);
    });
  }

  private spawn(index: number): Lane {
    this.code ??= workerSource(this.workerFile, { external: EXTERNAL_PACKAGES });
    const code = this.code;
    let started!: () => void;
    let notStarted!: (error: Error) => void;
    const lane: Lane = {
      // Set once the code is ready (below); nothing reads it before `started` resolves.
      worker: undefined as unknown as Worker,
      started: new Promise<void>((resolve, reject) => {
        started = resolve;
        notStarted = reject;
      }),
      pending: new Map(),
      rulesId: undefined,
    };
    // Failures are handled by whoever awaits `started`; none may go unhandled meanwhile.
    lane.started.catch(() => {});
    this.lanes[index] = lane;
    let isReady = false;
    let isStopped = false;
    const stopped = (error: Error) => {
      if (isStopped) return;
      isStopped = true;
      if (this.lanes[index] === lane) this.lanes[index] = null;
      if (!isReady) {
        this.startFailed(error);
        notStarted(error);
      }
      this.fail(lane, error);
    };
    code.then(
      (source) => {
        if (this.closed) {
          stopped(new Error('the search index is closed'));
          return;
        }
        const worker = new Worker(source, { eval: true, workerData: this.config });
        lane.worker = worker;
        worker.unref();
        worker.on('message', (message: QueryAnswer | QueryThreadStart) => {
          if ('kind' in message) {
            if (message.kind === 'ready') {
              isReady = true;
              this.startFailures = 0;
              started();
            } else {
              stopped(fromThreadError(message.error));
              void worker.terminate();
            }
            return;
          }
          const pending = lane.pending.get(message.id);
          if (pending === undefined) return;
          lane.pending.delete(message.id);
          if (lane.pending.size === 0) worker.unref();
          if (message.ok) {
            pending.resolve(message.value);
          } else {
            pending.reject(fromThreadError(message.error));
          }
        });
        worker.on('error', stopped);
        worker.on('exit', (exitCode) =>
          stopped(new Error(`the search thread stopped (exit code ${exitCode})`)),
        );
      },
      (error: unknown) => stopped(error instanceof Error ? error : new Error(String(error))),
    );
    return lane;
  }

  /** Rejects every job a thread holds. */
  private fail(lane: Lane, error: Error): void {
    for (const pending of lane.pending.values()) pending.reject(error);
    lane.pending.clear();
  }

  /**
   * A thread could not start. One whose index was out of reach is tried again by the next call
   * (the outage passes); others count towards {@link START_ATTEMPTS}, after which this thread's
   * engine answers.
   */
  private startFailed(error: Error): void {
    if (this.closed || error instanceof SearchUnavailableError) return;
    if (++this.startFailures >= START_ATTEMPTS) this.inThisThread = true;
  }
}
