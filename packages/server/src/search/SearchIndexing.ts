import {
  syncDocSet,
  syncDocSets,
  type DocSetDescriptor,
  type SearchEngine,
  type SyncProgress,
} from '@docs-portal/search';
import type { FastifyBaseLogger } from 'fastify';
import type { DocSetConfig, PortalConfig } from '../config/schema';
import type { ServedReleases } from '../content/ServedReleases';
import { NotReadyYet } from '../ops/checkReadiness';

/** The search engine's view of a configured doc set, served from `releaseDir`. */
export function docSetDescriptor(
  config: PortalConfig,
  docSet: DocSetConfig,
  releaseDir: string,
): DocSetDescriptor {
  return {
    id: docSet.id,
    title: docSet.title,
    product: docSet.product,
    version: docSet.version,
    docType: docSet.docType,
    urlPrefix: `${config.basePath}/${docSet.mount}`,
    folder: releaseDir,
    ...(docSet.extract === undefined ? {} : { extract: docSet.extract }),
    ...(docSet.versionGroup === undefined ? {} : { versionGroup: docSet.versionGroup }),
  };
}

/** Descriptors of every configured doc set that has a published release. */
export function publishedDescriptors(
  config: PortalConfig,
  library: ServedReleases,
): DocSetDescriptor[] {
  const descriptors: DocSetDescriptor[] = [];
  for (const docSet of config.docSets) {
    const current = library.current(docSet.id);
    if (current) descriptors.push(docSetDescriptor(config, docSet, current.dir));
  }
  return descriptors;
}

/** Tuning of {@link SearchIndexing}. */
export interface SearchIndexingOptions {
  /** Wait before the first retry of a failed sync; each further retry waits twice as long (ms, default 1000). */
  retryBaseMs?: number;
  /** Longest wait between retries (ms, default 60000). */
  retryMaxMs?: number;
}

/**
 * Keeps the search index in step with the published doc sets: brings it up to date at start-up
 * (only changed pages are re-indexed) and re-indexes a doc set whenever a release is activated
 * (publish, rollback, or another process moving the pointer). Runs one sync at a time. A failed
 * sync (the index's database is down, say) leaves the previous index serving, is logged, and is
 * retried with growing waits until it succeeds, so a publish made during an outage reaches the
 * index once the database is back, without a restart.
 */
export class SearchIndexing {
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private closed = false;
  private readonly abort = new AbortController();
  /** What failed last ('all' or a doc set id) → consecutive failures and the timer of the retry. */
  private readonly retries = new Map<string, { failures: number; timer: NodeJS.Timeout }>();
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  /** Settles when the start-up sync is done (failed or not). */
  ready: Promise<void> = Promise.resolve();
  /** True once a start-up sync went through: the index matches the releases served. */
  private caughtUp = false;

  constructor(
    private readonly engine: SearchEngine,
    private readonly library: ServedReleases,
    private readonly config: PortalConfig,
    private readonly log: FastifyBaseLogger,
    options: SearchIndexingOptions = {},
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 1_000;
    this.retryMaxMs = options.retryMaxMs ?? 60_000;
  }

  /** Starts the start-up sync in the background and follows publishes from then on. */
  start(): void {
    this.ready = this.enqueue('all', async () => {
      const started = performance.now();
      const results = await syncDocSets(
        this.engine,
        publishedDescriptors(this.config, this.library),
        {
          signal: this.abort.signal,
          logger: this.log,
        },
      );
      this.caughtUp = true;
      const changed = [...results.values()].reduce((sum, r) => sum + r.changed + r.removed, 0);
      this.log.info(
        { docSets: results.size, changed, ms: Math.round(performance.now() - started) },
        'search index up to date',
      );
    });
    this.unsubscribe = this.library.onPublished(({ docSetId }) => {
      void this.reindex(docSetId);
    });
  }

  /**
   * Readiness of the index: resolves once the start-up sync has brought the index in line with
   * the releases served, rejects before. Until then the index may still hold pages of releases
   * no longer served (a restart interrupted a re-index), whose hits would answer 404, so a load
   * balancer should send readers to a replica that has caught up.
   */
  async checkCaughtUp(): Promise<void> {
    if (!this.caughtUp) {
      throw new NotReadyYet('the search index is catching up with the published doc sets');
    }
  }

  /** Re-indexes one doc set from its current release (queued behind any running sync). */
  reindex(docSetId: string, onProgress?: (progress: SyncProgress) => void): Promise<void> {
    return this.enqueue(docSetId, async () => {
      const docSet = this.config.docSets.find((d) => d.id === docSetId);
      const current = this.library.current(docSetId);
      if (!docSet || !current) return;
      const result = await syncDocSet(
        this.engine,
        docSetDescriptor(this.config, docSet, current.dir),
        {
          signal: this.abort.signal,
          logger: this.log,
          onProgress,
        },
      );
      this.log.info(
        {
          docSet: docSetId,
          release: current.release,
          changed: result.changed,
          removed: result.removed,
          ms: Math.round(result.ms),
        },
        'doc set re-indexed',
      );
    });
  }

  private enqueue(what: string, task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await task();
        this.succeeded(what);
      } catch (error) {
        if (!this.closed) this.failed(what, task, error);
      }
    });
    this.queue = run;
    return run;
  }

  /** A sync of `what` went through: its pending retry (all of them, for 'all') is not needed. */
  private succeeded(what: string): void {
    for (const [key, retry] of this.retries) {
      if (what === 'all' || key === what) {
        this.log.info({ docSet: key, failures: retry.failures }, 'indexing recovered');
        clearTimeout(retry.timer);
        this.retries.delete(key);
      }
    }
  }

  private failed(what: string, task: () => Promise<void>, error: unknown): void {
    const previous = this.retries.get(what);
    if (previous) clearTimeout(previous.timer);
    const failures = (previous?.failures ?? 0) + 1;
    const retryInMs = Math.min(this.retryBaseMs * 2 ** (failures - 1), this.retryMaxMs);
    const timer = setTimeout(() => void this.enqueue(what, task), retryInMs);
    timer.unref();
    this.retries.set(what, { failures, timer });
    // One line per outage: the retries that fail the same way are detail.
    const level = failures === 1 ? 'error' : 'debug';
    this.log[level](
      { err: error, docSet: what, failures, retryInMs },
      'indexing failed: the previous index keeps serving until a retry succeeds',
    );
  }

  /** Stops following publishes and aborts a running sync (its changes are not applied). */
  async close(): Promise<void> {
    this.closed = true;
    for (const retry of this.retries.values()) clearTimeout(retry.timer);
    this.retries.clear();
    this.unsubscribe?.();
    this.abort.abort();
    await this.queue;
  }
}
