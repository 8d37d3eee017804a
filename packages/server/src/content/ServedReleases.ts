import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DocSetConfig, PortalConfig } from '../config/schema';
import { unknownDocSet } from './DocSetError';
import { type DocSetLogger, silentLogger } from './DocSetLogger';
import { DEFAULT_FILE_CACHE_LIMITS, FileCache, type FileCacheLimits } from './FileCache';
import { ReleaseIndex } from './ReleaseIndex';
import { CURRENT_LINK, ReleaseStore } from './ReleaseStore';

/** A doc set's served release changed (published or rolled back, by this process or another). */
export interface ReleaseActivated {
  /** The doc set whose served release changed. */
  docSetId: string;
  /** The release number now served. */
  release: number;
  /** Its folder (real path): what an indexer should read. */
  releaseDir: string;
}

/** Called for each activated release; a returned promise is not awaited (errors are logged). */
export type ReleaseListener = (event: ReleaseActivated) => void | Promise<void>;

/** Options of ServedReleases; every one has a default. */
export interface ServedReleasesOptions {
  /** Folder of the stores (default `${config.dataDir}/docsets`). */
  root?: string;
  /** Limits of the in-memory cache of small files. */
  cache?: Partial<FileCacheLimits>;
  /** Watch the `current` pointers for changes (default true, after start). */
  watch?: boolean;
  /** Also re-read the pointers this often (ms); covers file systems without change events (NFS). 0: never. Default 2000. */
  pollIntervalMs?: number;
  /** Where to log; default: nowhere. */
  logger?: DocSetLogger;
}

/**
 * The served-release registry: for each configured doc set, the index of the release its `current`
 * pointer names, kept up to date when a publish or rollback (by the CLI, another replica, or a
 * DocSetPublisher in this process) moves the pointer. It never changes what is published; see
 * DocSetPublisher for that. One instance per serving process.
 */
export class ServedReleases {
  /** The in-memory cache of small files, shared by every doc set. */
  readonly cache: FileCache;
  private readonly byId = new Map<string, DocSetConfig>();
  private readonly stores = new Map<string, ReleaseStore>();
  private readonly snapshots = new Map<string, ReleaseIndex>();
  private readonly refreshing = new Map<string, Promise<void>>();
  private readonly listeners = new Set<ReleaseListener>();
  private readonly watchers: FSWatcher[] = [];
  private readonly log: DocSetLogger;
  private poller: NodeJS.Timeout | null = null;

  constructor(
    config: PortalConfig,
    private readonly options: ServedReleasesOptions = {},
  ) {
    const root = options.root ?? path.join(config.dataDir, 'docsets');
    for (const docSet of config.docSets) {
      this.byId.set(docSet.id, docSet);
      this.stores.set(docSet.id, new ReleaseStore(path.join(root, docSet.id)));
    }
    this.cache = new FileCache({ ...DEFAULT_FILE_CACHE_LIMITS, ...options.cache });
    this.log = options.logger ?? silentLogger;
  }

  /** The configured doc sets, in config order. */
  get docSets(): DocSetConfig[] {
    return [...this.byId.values()];
  }

  /** The doc set with `id`. @throws DocSetError `unknown_doc_set` listing the known ids. */
  docSet(id: string): DocSetConfig {
    const found = this.byId.get(id);
    if (!found) throw unknownDocSet(id, [...this.byId.keys()]);
    return found;
  }

  /** The index of the release served for `docSetId`, or null when none is (hot path: no I/O). */
  current(docSetId: string): ReleaseIndex | null {
    return this.snapshots.get(docSetId) ?? null;
  }

  /**
   * Subscribes to activated releases (noticed after start). The search indexer uses this to
   * re-index `releaseDir`. Returns the unsubscribe function.
   */
  onPublished(listener: ReleaseListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Loads each doc set's current release (a doc set with none is logged and answers 404) and
   * starts noticing changes. Publishes nothing: the server publishes never-published doc sets with
   * DocSetPublisher.publishFirstReleases before this.
   */
  async start(): Promise<void> {
    for (const docSet of this.byId.values()) {
      const store = this.storeOf(docSet.id);
      await this.refresh(docSet.id, false);
      if (this.options.watch !== false) {
        await mkdir(store.dir, { recursive: true }).catch(() => undefined);
        this.watchPointer(docSet.id, store.dir);
      }
    }
    const interval = this.options.pollIntervalMs ?? 2000;
    if (interval > 0) {
      this.poller = setInterval(() => void this.refreshAll(), interval);
      this.poller.unref();
    }
  }

  /** Stops watching and waits for running refreshes. */
  async close(): Promise<void> {
    for (const watcher of this.watchers.splice(0)) watcher.close();
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    await Promise.all(this.refreshing.values());
  }

  /**
   * Re-reads the `current` pointer of `docSetId` and loads the release it names when it differs
   * from the one served, telling subscribers (with `notify`). Watching and polling call this; so
   * may a caller that just published in this process and wants it served at once. Concurrent calls
   * share one run.
   */
  async refresh(docSetId: string, notify = true): Promise<void> {
    const running = this.refreshing.get(docSetId);
    // The running pass may have read the pointer before the change that triggered this call.
    if (running) return running.then(() => this.refresh(docSetId, notify));
    const run = this.reload(docSetId, notify).finally(() => this.refreshing.delete(docSetId));
    this.refreshing.set(docSetId, run);
    return run;
  }

  private async refreshAll(): Promise<void> {
    await Promise.all([...this.byId.keys()].map((id) => this.refresh(id)));
  }

  private async reload(docSetId: string, notify: boolean): Promise<void> {
    const store = this.storeOf(docSetId);
    try {
      const release = await store.currentRelease();
      if (release === null || this.snapshots.get(docSetId)?.release === release) return;
      const index = await ReleaseIndex.load(docSetId, release, store.releaseDir(release));
      this.snapshots.set(docSetId, index);
      if (notify) this.emit({ docSetId, release, releaseDir: index.dir });
    } catch (error) {
      this.log.error(
        { docSet: docSetId, err: error },
        'could not load the current release; still serving the previous one',
      );
    }
  }

  private emit(event: ReleaseActivated): void {
    for (const listener of this.listeners) {
      try {
        const result = listener(event);
        if (result instanceof Promise) {
          result.catch((error: unknown) =>
            this.log.error({ err: error, ...event }, 'a publish listener failed'),
          );
        }
      } catch (error) {
        this.log.error({ err: error, ...event }, 'a publish listener failed');
      }
    }
  }

  private watchPointer(docSetId: string, dir: string): void {
    try {
      const watcher = watch(dir, (_event, name) => {
        if (name === CURRENT_LINK) void this.refresh(docSetId);
      });
      watcher.on('error', (error) =>
        this.log.warn(
          { docSet: docSetId, err: error },
          'stopped watching for publishes; polling only',
        ),
      );
      watcher.unref();
      this.watchers.push(watcher);
    } catch (error) {
      this.log.warn({ docSet: docSetId, err: error }, 'cannot watch for publishes; polling only');
    }
  }

  private storeOf(docSetId: string): ReleaseStore {
    const store = this.stores.get(docSetId);
    if (!store) throw unknownDocSet(docSetId, [...this.byId.keys()]);
    return store;
  }
}
