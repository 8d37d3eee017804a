import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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
 * Batches a worker is sent at most before it answers the first: the next one waits in its
 * message port, so the worker goes on while this thread is busy (writing the last batch to the
 * index) instead of idling until this thread reads its answer and sends it another.
 */
const BATCHES_PER_WORKER = 2;

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

/** Bundled worker code, by worker module: bundled once per process. */
const bundles = new Map<string, Promise<string>>();

/**
 * The code a parse worker starts with. Run from TypeScript sources (tests, `node --import tsx`,
 * the portal itself), the worker module and everything it imports are bundled into one script
 * by esbuild, once per process: a worker that registered tsx's loader to import the sources
 * took 0.3–0.5 s of CPU to start, each time, against about 40 ms for the script. The bundle is
 * kept on disk for the next process (see {@link BUNDLE_CACHE}). Should bundling fail, the worker
 * registers tsx's loader instead (tsx registers itself in the main thread only).
 */
export function workerSource(file: URL): Promise<string> {
  const entry = JSON.stringify(file.href);
  if (!file.pathname.endsWith('.ts')) return Promise.resolve(`import(${entry});`);
  let bundle = bundles.get(file.href);
  if (bundle === undefined) {
    bundle = bundleWorker(file).catch(() => {
      // The ESM build of tsx's API (require.resolve finds its CommonJS twin).
      const api = createRequire(import.meta.url)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs');
      const loader = JSON.stringify(pathToFileURL(api).href);
      return `import(${loader}).then((tsx) => { tsx.register(); return import(${entry}); });`;
    });
    bundles.set(file.href, bundle);
  }
  return bundle;
}

/**
 * The last worker bundle, with the SHA-256 of every file it was built from, so that a process
 * uses it only while none of them changed (bundling costs about 100 ms and starts esbuild's
 * service). It lives in the package's own node_modules, writable only by who installed it.
 */
export const BUNDLE_CACHE = fileURLToPath(
  new URL('../../node_modules/.cache/docs-portal/extract-worker.json', import.meta.url),
);
/** Folder the bundle's input paths are relative to. */
const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface CachedBundle {
  /** What else decides the bundle: esbuild's version, the target, the entry module. */
  key: string;
  /** SHA-256 (base64) of each input file, by path relative to {@link PACKAGE_ROOT}. */
  inputs: Record<string, string>;
  code: string;
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('base64');

/** The cached bundle for `key` when every file it holds is unchanged, else undefined. */
function cachedBundle(key: string, cacheFile: string): string | undefined {
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as CachedBundle;
    if (cached.key !== key || typeof cached.code !== 'string') return undefined;
    for (const [path, hash] of Object.entries(cached.inputs)) {
      if (sha256(readFileSync(resolve(PACKAGE_ROOT, path))) !== hash) return undefined;
    }
    return cached.code;
  } catch {
    return undefined;
  }
}

/** Keeps a bundle for the next process; a cache that cannot be written is only slower. */
function keepBundle(bundle: CachedBundle, cacheFile: string): void {
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    // Written whole, then renamed: a process reading at the same time sees old or new.
    const part = `${cacheFile}.${process.pid}.${Date.now()}`;
    writeFileSync(part, JSON.stringify(bundle));
    renameSync(part, cacheFile);
  } catch {
    // Read-only installation: every process bundles.
  }
}

/** The worker module `file` bundled into one script, from `cacheFile` when it is still current. */
export async function bundleWorker(file: URL, cacheFile = BUNDLE_CACHE): Promise<string> {
  const { build, version } = await import('esbuild');
  const target = `node${process.versions.node.split('.')[0]}`;
  const key = JSON.stringify([version, target, fileURLToPath(file)]);
  const cached = cachedBundle(key, cacheFile);
  if (cached !== undefined) return cached;
  const result = await build({
    entryPoints: [fileURLToPath(file)],
    absWorkingDir: PACKAGE_ROOT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined || result.errors.length > 0) throw new Error('no worker bundle');
  const inputs: Record<string, string> = {};
  for (const path of Object.keys(result.metafile.inputs)) {
    inputs[path] = sha256(readFileSync(resolve(PACKAGE_ROOT, path)));
  }
  keepBundle({ key, inputs, code: output.text }, cacheFile);
  return output.text;
}

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
