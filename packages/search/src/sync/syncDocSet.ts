import { availableParallelism } from 'node:os';
import type { PageRecord } from '../core/analysePage';
import { IndexAbortError } from '../core/IndexStore';
import { extractionRulesKey } from '../indexer/extractionRules';
import { readFlareTocBreadcrumbs } from '../indexer/readFlareTocBreadcrumbs';
import { PageHierarchy } from '../indexer/readPageTrails';
import type { DocSetDescriptor, SearchEngine } from '../SearchEngine';
import { ExtractPool, WorkerStartError } from './ExtractPool';
import {
  type ExtractBatch,
  type ExtractOutcome,
  type ExtractTask,
  type HierarchyJob,
  extractBatch,
  hierarchyJob,
  indexedSections,
} from './extractTask';
import { listDocSetPages } from './listDocSetPages';

export { INDEXER_VERSION } from './extractTask';

/** Progress of a sync: pages read so far (`phase: 'read'`), then pages written (`'write'`). */
export interface SyncProgress {
  /** Pages done in the current phase. */
  done: number;
  /** Pages in the current phase. */
  total: number;
  /** Pages found changed so far (new, edited or removed). */
  changed: number;
  /** Reading and extracting pages, then writing the index. */
  phase: 'read' | 'write';
}

/** Where problems with pages are reported (a pino logger fits). */
export interface SyncLogger {
  /** Reports a problem that did not stop the run. */
  warn(details: Record<string, unknown>, message: string): void;
}

/** Options of a sync. */
export interface SyncOptions {
  /** Called as pages are read and written. */
  onProgress?(progress: SyncProgress): void;
  /** Stops the run; the previous index stays as it was. */
  signal?: AbortSignal;
  /** Receives page problems (malformed HTML, unreadable files) as they are found. */
  logger?: SyncLogger;
  /**
   * Parse worker threads. Default: {@link defaultParseThreads} for a doc set of
   * {@link IN_THREAD_MAX_PAGES} pages or more, none (parse in the calling thread) below. A run
   * keeps its workers for its next doc sets, and adds one when a larger doc set needs it.
   */
  threads?: number;
  /** The module parse workers run; tests give one that fails on purpose. */
  workerFile?: URL;
  /**
   * Whether the run ends by loading the index it wrote and warming its caches, so the next
   * search does not pay for it (default true). It is done once, after the last doc set, not
   * after each; a command that exits after the run passes false.
   */
  warm?: boolean;
}

/**
 * Parse workers for a doc set of `pages` pages by default: two where a third core is left for
 * the calling thread (terms, writes) and V8's compiler threads, one on a single core. On 2 cores,
 * one below {@link TWO_WORKERS_MIN_PAGES} pages and two from there: each worker compiles the
 * extractor for itself, and a second one cost 10-30 % more CPU for the same or a slower build
 * of the Debian corpora of 166-539 pages (gnucash 480 against 390 pages/s, django 370 against
 * 330, python 172-174 against 172-182) and of 2,000 and 5,000 synthetic Flare pages (equal),
 * but built 10,000 synthetic pages 15-25 % faster (bench/search/results, build, session 6).
 */
export function defaultParseThreads(pages: number, cores = availableParallelism()): number {
  if (cores >= 3) return 2;
  return cores === 2 && pages >= TWO_WORKERS_MIN_PAGES ? 2 : 1;
}

/** On 2 cores, doc sets with fewer pages get one parse worker (see defaultParseThreads). */
export const TWO_WORKERS_MIN_PAGES = 5000;

/** Doc sets with fewer pages are parsed in the calling thread: starting workers costs more. */
export const IN_THREAD_MAX_PAGES = 100;
/** Pages per batch sent to a parse worker (which reads, hashes and extracts them). */
const BATCH_PAGES = 16;
/**
 * Batches out per parse thread, what bounds the memory of a run: the one the index is being
 * written from, and those each worker holds (see ExtractPool). Pages differ in their cost to
 * extract and to write, so with a short queue the worker and the writer take turns waiting for
 * each other: 3 built the PostgreSQL, GIMP and Python manuals 4-8 % slower than 8, for the same
 * peak memory (bench/search/results, session 31).
 */
const BATCHES_AHEAD = 8;

/** A problem with one page; the run went on. */
export interface PageWarning {
  /** Page path. */
  path: string;
  /** What was wrong. */
  message: string;
}

/** What a sync did. */
export interface SyncResult {
  /** Pages of the doc set now in the index. */
  pages: number;
  /** Pages added or re-indexed. */
  changed: number;
  /** Pages removed from the index. */
  removed: number;
  /** Duration in milliseconds. */
  ms: number;
  /** Problems met; each was also sent to the logger. */
  warnings: PageWarning[];
}

/** Attempts when another writer changes the same doc set during a run. */
const MAX_ATTEMPTS = 3;

/**
 * Brings the index of one doc set up to date with its folder: pages whose content hash
 * (file bytes, breadcrumb, indexer version, the doc set's extraction rules) changed are
 * extracted again, new pages added and vanished ones removed, all in one atomic write. So a
 * changed rule re-extracts every page of its doc set and no page of another. Breadcrumbs come
 * from the breadcrumb rule, else Flare's TOC files, else the hierarchy links of the pages
 * (Sphinx, DocBook), else the folders. A page that cannot be read or parsed is reported and
 * skipped, never fatal.
 */
export async function syncDocSet(
  engine: SearchEngine,
  docSet: DocSetDescriptor,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const workers = new Workers(options);
  let result: SyncResult;
  try {
    result = await syncWith(engine, docSet, options, workers);
  } finally {
    await workers.close();
  }
  if (options.warm !== false) await engine.warm();
  return result;
}

/** The parse workers of a run, shared by its doc sets. */
class Workers {
  private pool: ExtractPool | null = null;
  private startFailed = false;

  constructor(private readonly options: SyncOptions) {}

  /**
   * Starts the workers a doc set of `pages` pages is parsed in, so they are ready by the time
   * its first batch is sent (or adds to those of an earlier doc set). Returns how many the run
   * has, 0 when the doc set is parsed in the calling thread.
   */
  startFor(pages: number): number {
    const { threads } = this.options;
    const wanted = threads ?? (pages >= IN_THREAD_MAX_PAGES ? defaultParseThreads(pages) : 0);
    if (wanted <= 0) return 0;
    if (this.pool === null) this.pool = new ExtractPool(wanted, this.options.workerFile);
    else this.pool.grow(wanted);
    this.pool.start();
    return this.pool.size;
  }

  run(batch: ExtractBatch, hierarchy: HierarchyJob): Promise<ExtractOutcome[]> {
    if (this.pool === null) throw new Error('the parse workers are not started');
    return this.pool.run(batch, hierarchy);
  }

  /** True the first time the run learns that its workers cannot start, so it is said once. */
  firstStartFailure(): boolean {
    const first = !this.startFailed;
    this.startFailed = true;
    return first;
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = null;
  }
}

async function syncWith(
  engine: SearchEngine,
  docSet: DocSetDescriptor,
  options: SyncOptions,
  workers: Workers,
): Promise<SyncResult> {
  const started = performance.now();
  const warnings: PageWarning[] = [];
  const warn = (path: string, message: string) => {
    warnings.push({ path, message });
    options.logger?.warn({ docSet: docSet.id, path }, message);
  };
  const paths = await listDocSetPages(docSet.folder);
  // Their start overlaps reading the TOC and the index's page hashes.
  const threads = workers.startFor(paths.length);
  const inWorkers = threads > 0;
  // With one parse worker the build waits for it, while this thread, which writes the index,
  // is idle most of the run: it splits the pages into terms (the Debian corpora built 11-20 %
  // faster; with two workers or more it is the one waited for).
  const analyse = threads !== 1;
  const rules = extractionRulesKey(docSet.extract);
  const toc = await readFlareTocBreadcrumbs(docSet.folder);
  for (const problem of toc.problems) warn('/Data', problem);
  // Pages the TOC does not place take their trails from the page hierarchy, read as the pages
  // are parsed (see PageHierarchy).
  const hierarchy = hierarchyJob(
    docSet.folder,
    paths.filter((path) => !toc.byPath.has(path)),
  );
  let inThread: PageHierarchy | undefined;
  const extractHere = (batch: ExtractBatch) => {
    inThread ??= new PageHierarchy(hierarchy.folder, new Set(hierarchy.pages));
    return Promise.resolve(extractBatch(batch, inThread));
  };
  const extract = inWorkers
    ? (batch: ExtractBatch) =>
        workers.run(batch, hierarchy).catch((error: unknown) => {
          // No page is to blame: the doc set is parsed here, slower but whole.
          if (!(error instanceof WorkerStartError)) throw error;
          if (workers.firstStartFailure()) {
            options.logger?.warn(
              { docSet: docSet.id },
              `${error.message}: the pages are parsed on the indexing thread`,
            );
          }
          return extractHere(batch);
        })
    : extractHere;

  for (let attempt = 1; ; attempt++) {
    const indexed = await engine.indexedPages(docSet.id);
    const present = new Set(paths);
    const removals = [...indexed.hashes.keys()].filter((path) => !present.has(path));
    const tally: ReadTally = { done: 0, changed: 0, added: 0 };
    const records = readChangedPages({
      docSet,
      paths,
      hashes: indexed.hashes,
      breadcrumbOf: (path) => toc.byPath.get(path),
      hierarchy: hierarchy.id,
      rules,
      extract,
      maxAhead: BATCHES_AHEAD * Math.max(1, threads),
      analyse,
      warn,
      tally,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      onRead: () =>
        options.onProgress?.({
          done: tally.done,
          total: paths.length,
          changed: tally.changed + removals.length,
          phase: 'read',
        }),
    });
    // Streamed: the store writes batches as the parse workers produce them, inside one
    // transaction, so memory is bounded by the batches in flight, not by the doc set.
    try {
      await engine.applyDocSetChanges(
        { docSet, upserts: records, removals, basedOn: indexed.revision },
        {
          // The run warms once, at its end.
          warm: false,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          onProgress: (p) =>
            options.onProgress?.({
              done: p.done,
              total: p.total,
              changed: tally.changed + removals.length,
              phase: 'write',
            }),
        },
      );
    } catch (error) {
      if ((error as Error).name === 'IndexConflictError' && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    return {
      pages: indexed.hashes.size - removals.length + tally.added,
      changed: tally.changed,
      removed: removals.length,
      ms: Math.round(performance.now() - started),
      warnings,
    };
  }
}

/** Counts kept by {@link readChangedPages} as it goes. */
interface ReadTally {
  /** Pages read (changed or not, readable or not). */
  done: number;
  /** Records produced (new or changed pages). */
  changed: number;
  /** Records of pages the index does not have yet. */
  added: number;
}

interface ReadInput {
  docSet: DocSetDescriptor;
  paths: readonly string[];
  /** Content hashes of the pages in the index. */
  hashes: ReadonlyMap<string, string>;
  breadcrumbOf(path: string): string[] | undefined;
  /** The run's hierarchy job (see HierarchyJob). */
  hierarchy: number;
  /** The doc set's extraction-rules key (part of every page hash). */
  rules: string;
  /** Extracts a batch, in a parse worker or in this thread. */
  extract(batch: ExtractBatch): Promise<ExtractOutcome[]>;
  /** Batches sent and not yet consumed, at most. */
  maxAhead: number;
  /** Whether `extract` splits the pages into terms; else the store does (see analysisOf). */
  analyse: boolean;
  warn(path: string, message: string): void;
  tally: ReadTally;
  signal?: AbortSignal;
  /** Called after every page read. */
  onRead(): void;
}

/**
 * The records of the new and changed pages of a doc set, in path order, produced as they are
 * parsed: pages go in batches (to the parse workers when there are any) that read and hash
 * them and extract the changed ones, and at most `maxAhead` batches are out ahead of the
 * consumer, so memory is bounded by the batches, not the doc set. A page that cannot be read
 * or extracted is reported through `warn` and left out.
 */
async function* readChangedPages(input: ReadInput): AsyncGenerator<PageRecord> {
  const { docSet, tally } = input;
  const ahead: Array<Promise<PageRecord[]>> = [];
  let tasks: ExtractTask[] = [];
  // Set when the consumer stops or the run fails: batches still out are then dropped quietly.
  let stopped = false;

  const extractOne = async (batch: ExtractBatch): Promise<ExtractOutcome[]> => {
    try {
      return await input.extract(batch);
    } catch (error) {
      if (stopped) return [];
      const message = (error as Error).message;
      if (batch.tasks.length === 1) return [{ path: batch.tasks[0]?.path ?? '', error: message }];
      // A worker died on the batch: each page is tried alone, so only the culprit is skipped.
      const alone = await Promise.all(
        batch.tasks.map((task) => extractOne({ ...batch, tasks: [task] })),
      );
      return alone.flat();
    }
  };

  const send = () => {
    const batch: ExtractBatch = {
      folder: docSet.folder,
      tasks,
      rulesKey: input.rules,
      hierarchy: input.hierarchy,
      ...(docSet.extract === undefined ? {} : { rules: docSet.extract }),
      ...(input.analyse ? {} : { analyse: false }),
    };
    tasks = [];
    ahead.push(
      extractOne(batch).then((outcomes) => {
        const records: PageRecord[] = [];
        if (stopped) return records;
        for (const outcome of outcomes) {
          const path = outcome.path;
          tally.done++;
          if ('unchanged' in outcome) {
            input.onRead();
          } else if ('error' in outcome) {
            if (outcome.unreadable === true) {
              input.warn(path, `cannot read the file: ${outcome.error}`);
              continue;
            }
            input.warn(path, `cannot extract the page: ${outcome.error}`);
            input.onRead();
          } else {
            const page = outcome.page;
            for (const message of page.warnings) input.warn(path, message);
            records.push({
              path,
              title: page.title,
              breadcrumb: page.breadcrumb,
              hash: outcome.hash,
              sections: indexedSections(page),
              ...(outcome.analysis === undefined ? {} : { analysis: outcome.analysis }),
            });
            tally.changed++;
            if (!input.hashes.has(path)) tally.added++;
            input.onRead();
          }
        }
        return records;
      }),
    );
  };

  try {
    for (const path of input.paths) {
      if (input.signal?.aborted) throw new IndexAbortError('indexing aborted');
      const breadcrumb = input.breadcrumbOf(path);
      const indexedHash = input.hashes.get(path);
      tasks.push({
        path,
        ...(breadcrumb === undefined ? {} : { breadcrumb }),
        ...(indexedHash === undefined ? {} : { indexedHash }),
      });
      if (tasks.length >= BATCH_PAGES) send();
      while (ahead.length >= input.maxAhead) yield* await (ahead.shift() as Promise<PageRecord[]>);
    }
    if (tasks.length > 0) send();
    while (ahead.length > 0) yield* await (ahead.shift() as Promise<PageRecord[]>);
  } finally {
    stopped = true;
  }
}

/** Removes a doc set from the index (a no-op when it is not there). */
export async function removeDocSet(engine: SearchEngine, docSetId: string): Promise<void> {
  await engine.removeDocSet(docSetId);
}

/**
 * Syncs every configured doc set and removes indexed doc sets that are no longer configured:
 * what the server runs at start-up and what `npm run reindex` runs. The doc sets share one set of
 * parse workers.
 */
export async function syncDocSets(
  engine: SearchEngine,
  docSets: readonly DocSetDescriptor[],
  options: SyncOptions & { onDocSet?(docSet: DocSetDescriptor): void } = {},
): Promise<Map<string, SyncResult>> {
  const results = new Map<string, SyncResult>();
  const workers = new Workers(options);
  try {
    for (const docSet of docSets) {
      options.onDocSet?.(docSet);
      results.set(docSet.id, await syncWith(engine, docSet, options, workers));
    }
  } finally {
    await workers.close();
  }
  const configured = new Set(docSets.map((d) => d.id));
  for (const indexed of await engine.indexedDocSets()) {
    if (!configured.has(indexed.docSet.id)) await engine.removeDocSet(indexed.docSet.id);
  }
  if (options.warm !== false) await engine.warm();
  return results;
}
