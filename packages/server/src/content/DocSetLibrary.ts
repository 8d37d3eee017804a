import { existsSync, watch, type FSWatcher } from 'node:fs';
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { DocSetConfig, PortalConfig } from '../config/schema';
import { DocSetError, unknownDocSet } from './DocSetError';
import { DEFAULT_FILE_CACHE_LIMITS, FileCache, type FileCacheLimits } from './FileCache';
import { prepareRelease } from './prepareRelease';
import {
  DEFAULT_PUBLISH_LIMITS,
  PublishBudget,
  type PublishLimits,
  type PublishProgress,
} from './PublishBudget';
import { ReleaseIndex } from './ReleaseIndex';
import { CURRENT_LINK, ReleaseStore } from './ReleaseStore';
import { stageSource } from './stageSource';

/** A release became the one served: published here, rolled back here, or changed by another process. */
export interface ReleaseActivated {
  /** The doc set whose served release changed. */
  docSetId: string;
  /** The release number now served. */
  release: number;
  /** Its folder (real path): what an indexer should read. */
  releaseDir: string;
  /** `external`: another process (the CLI, another replica) moved the pointer. */
  reason: 'publish' | 'rollback' | 'external';
}

/** Called for each activated release; a returned promise is not awaited (errors are logged). */
export type ReleaseListener = (event: ReleaseActivated) => void | Promise<void>;

/** The logging the library does (a pino / Fastify logger fits). */
export interface DocSetLogger {
  /** Progress worth knowing (a release published at start-up). */
  info(data: object, message: string): void;
  /** Something an operator should fix (a configured folder missing). */
  warn(data: object, message: string): void;
  /** A failure the library recovered from (a release that could not be loaded). */
  error(data: object, message: string): void;
}

/** Options of a DocSetLibrary; every one has a default. */
export interface DocSetLibraryOptions {
  /** Folder of the stores (default `${config.dataDir}/docsets`). */
  root?: string;
  /** Committed releases kept besides the current one and its predecessor (default 3 newest). */
  keepReleases?: number;
  /** Size limits of a release. */
  limits?: Partial<PublishLimits>;
  /** Limits of the in-memory cache of small files. */
  cache?: Partial<FileCacheLimits>;
  /** Watch the `current` pointers for changes made by other processes (default true, after start). */
  watch?: boolean;
  /** Also re-read the pointers this often (ms); covers file systems without change events (NFS). 0: never. Default 2000. */
  pollIntervalMs?: number;
  /** Where to log; default: nowhere. */
  logger?: DocSetLogger;
}

/** What a publish did. */
export interface PublishResult {
  /** The doc set published. */
  docSetId: string;
  /** The new release's number (now current). */
  release: number;
  /** Its folder (real path). */
  releaseDir: string;
  /** Files published (without the precompressed siblings). */
  fileCount: number;
  /** Their bytes. */
  totalBytes: number;
  /** Files that got `.gz` and `.br` siblings. */
  compressedCount: number;
  /** Older releases deleted by the retention rule. */
  pruned: number[];
}

/** One committed release as `list` shows it. */
export interface ReleaseInfo {
  /** The release number. */
  release: number;
  /** Whether it is the one served. */
  current: boolean;
  /** ISO time of publishing, from the release's manifest (null when it has none, also below). */
  publishedAt: string | null;
  /** The folder or archive it was published from. */
  source: string | null;
  /** Files it holds. */
  fileCount: number | null;
  /** Their bytes. */
  totalBytes: number | null;
}

/** A doc set and its releases, as `list` shows them. */
export interface DocSetStatus {
  /** The doc set as configured. */
  docSet: DocSetConfig;
  /** The release served, or null when nothing is published. */
  current: number | null;
  /** Committed releases, oldest first. */
  releases: ReleaseInfo[];
}

const silentLogger: DocSetLogger = { info() {}, warn() {}, error() {} };

/**
 * The published doc sets: publishing (atomic, with rollback), and for the serving side the index of
 * each doc set's current release, kept up to date when another process publishes. One instance per
 * process; the CLI makes its own.
 */
export class DocSetLibrary {
  /** The in-memory cache of small files, shared by every doc set. */
  readonly cache: FileCache;
  private readonly root: string;
  private readonly byId = new Map<string, DocSetConfig>();
  private readonly stores = new Map<string, ReleaseStore>();
  private readonly snapshots = new Map<string, ReleaseIndex>();
  /** Bumped by each activation made here, so that a slower refresh never undoes it. */
  private readonly generations = new Map<string, number>();
  private readonly refreshing = new Map<string, Promise<void>>();
  private readonly listeners = new Set<ReleaseListener>();
  private readonly watchers: FSWatcher[] = [];
  private readonly limits: PublishLimits;
  private readonly log: DocSetLogger;
  private poller: NodeJS.Timeout | null = null;

  /** Doc pages get the search highlighter script from under this base path. */
  private readonly basePath: string;

  constructor(
    config: PortalConfig,
    private readonly options: DocSetLibraryOptions = {},
  ) {
    this.root = options.root ?? path.join(config.dataDir, 'docsets');
    this.basePath = config.basePath;
    for (const docSet of config.docSets) {
      this.byId.set(docSet.id, docSet);
      this.stores.set(docSet.id, new ReleaseStore(path.join(this.root, docSet.id)));
    }
    this.limits = { ...DEFAULT_PUBLISH_LIMITS, ...options.limits };
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
   * Subscribes to activated releases (publish, rollback, or a change made by another process).
   * The search indexer uses this to re-index `releaseDir`. Returns the unsubscribe function.
   */
  onPublished(listener: ReleaseListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Gets the serving side ready: publishes each doc set's configured folder as its first release
   * when it has none yet (a missing folder is logged, and that doc set answers 404), loads the
   * current releases, and starts noticing publishes made by other processes.
   */
  async start(): Promise<void> {
    for (const docSet of this.byId.values()) {
      const store = this.storeOf(docSet.id);
      await mkdir(store.dir, { recursive: true });
      if ((await store.currentRelease()) === null) {
        if (existsSync(docSet.folder)) {
          try {
            const result = await this.publish(docSet.id, docSet.folder, { waitForLock: true });
            this.log.info(
              { docSet: docSet.id, release: result.release, files: result.fileCount },
              'published the configured folder as the first release',
            );
          } catch (error) {
            this.log.error(
              { docSet: docSet.id, err: error },
              'could not publish the configured folder',
            );
          }
        } else {
          this.log.warn(
            { docSet: docSet.id, folder: docSet.folder },
            'doc set folder not found and nothing published yet: its pages answer 404',
          );
        }
      }
      await this.refresh(docSet.id, false);
      if (this.options.watch !== false) this.watchPointer(docSet.id, store.dir);
    }
    const interval = this.options.pollIntervalMs ?? 2000;
    if (interval > 0) {
      this.poller = setInterval(() => void this.refreshAll(), interval);
      this.poller.unref();
    }
  }

  /** Stops watching. Publishing still works. */
  async close(): Promise<void> {
    for (const watcher of this.watchers.splice(0)) watcher.close();
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    await Promise.all(this.refreshing.values());
  }

  /**
   * Publishes a folder or a `.tar.gz`/`.tgz`/`.zip` archive as the next release of `docSetId`
   * and makes it current in one step. The files are copied and checked, compressed siblings made,
   * the release committed, and only then the `current` pointer replaced; any failure or abort
   * before that leaves the served release untouched (the half-built one is removed at once, or by
   * the next publish if the process died). Older releases beyond retention are then deleted.
   * @throws DocSetError for an unknown doc set, a missing or bad source, limits, a concurrent
   *   publish (`busy`) or an abort through `signal`.
   */
  async publish(
    docSetId: string,
    source: string,
    options: {
      signal?: AbortSignal;
      onProgress?: (progress: PublishProgress) => void;
      waitForLock?: boolean;
    } = {},
  ): Promise<PublishResult> {
    this.docSet(docSetId);
    const store = this.storeOf(docSetId);
    const sourcePath = path.resolve(source);
    await mkdir(store.dir, { recursive: true });
    if (existsSync(sourcePath)) {
      const realSource = await realpath(sourcePath);
      const realStore = await realpath(store.dir);
      if (realStore === realSource || realStore.startsWith(`${realSource}${path.sep}`)) {
        throw new DocSetError(
          'bad_source',
          `${sourcePath} contains the portal's data folder (${store.dir}); publish the documentation folder itself.`,
        );
      }
    }
    return store.withLock(
      async () => {
        await store.cleanStaging();
        const release = await store.nextReleaseNumber();
        const work = await store.createStaging();
        const built = path.join(work, 'release');
        let prepared;
        try {
          const budget = new PublishBudget(this.limits, options.signal, options.onProgress);
          await stageSource(sourcePath, work, built, budget);
          if (budget.files === 0) {
            throw new DocSetError(
              'bad_source',
              `${sourcePath} holds no files to publish (dotfiles are left out).`,
            );
          }
          prepared = await prepareRelease(
            built,
            { docSetId, release, source: sourcePath },
            budget,
            {
              basePath: this.basePath,
            },
          );
          budget.checkAborted();
          await store.commit(built, release);
        } finally {
          await store.removeStaging(work);
        }
        const index = await ReleaseIndex.load(docSetId, release, store.releaseDir(release));
        await store.activate(release);
        this.install(index, 'publish');
        const pruned = await store.prune(Math.max(1, this.options.keepReleases ?? 3));
        return { docSetId, release, releaseDir: index.dir, ...prepared, pruned };
      },
      { wait: options.waitForLock },
    );
  }

  /**
   * Serves the release before the current one again (the newest older release still kept).
   * @throws DocSetError `no_previous_release` when there is none, or for an unknown doc set.
   */
  async rollback(
    docSetId: string,
  ): Promise<{ docSetId: string; from: number; to: number; releaseDir: string }> {
    this.docSet(docSetId);
    const store = this.storeOf(docSetId);
    return store.withLock(async () => {
      const from = await store.currentRelease();
      if (from === null)
        throw new DocSetError(
          'no_previous_release',
          `Doc set "${docSetId}" has no published release yet.`,
        );
      const to = (await store.releaseNumbers()).filter((n) => n < from).at(-1);
      if (to === undefined) {
        throw new DocSetError(
          'no_previous_release',
          `Doc set "${docSetId}" has no release older than ${from} to roll back to.`,
        );
      }
      const index = await ReleaseIndex.load(docSetId, to, store.releaseDir(to));
      await store.activate(to);
      this.install(index, 'rollback');
      return { docSetId, from, to, releaseDir: index.dir };
    });
  }

  /** Every configured doc set with its releases (read from disk, so it shows other processes' work). */
  async list(): Promise<DocSetStatus[]> {
    const statuses: DocSetStatus[] = [];
    for (const docSet of this.byId.values()) {
      const store = this.storeOf(docSet.id);
      const current = await store.currentRelease();
      const releases: ReleaseInfo[] = [];
      for (const release of await store.releaseNumbers()) {
        const manifest = await store.readManifest(release);
        releases.push({
          release,
          current: release === current,
          publishedAt: manifest?.publishedAt ?? null,
          source: manifest?.source ?? null,
          fileCount: manifest?.fileCount ?? null,
          totalBytes: manifest?.totalBytes ?? null,
        });
      }
      statuses.push({ docSet, current, releases });
    }
    return statuses;
  }

  /**
   * Re-reads the `current` pointer of `docSetId` and loads the release it names when it differs
   * from the one served (watching and polling call this; tests may too). Concurrent calls share one run.
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
    const generation = this.generations.get(docSetId) ?? 0;
    try {
      const release = await store.currentRelease();
      if (release === null || this.snapshots.get(docSetId)?.release === release) return;
      const index = await ReleaseIndex.load(docSetId, release, store.releaseDir(release));
      if ((this.generations.get(docSetId) ?? 0) !== generation) return;
      this.snapshots.set(docSetId, index);
      if (notify) this.emit({ docSetId, release, releaseDir: index.dir, reason: 'external' });
    } catch (error) {
      this.log.error(
        { docSet: docSetId, err: error },
        'could not load the current release; still serving the previous one',
      );
    }
  }

  private install(index: ReleaseIndex, reason: ReleaseActivated['reason']): void {
    this.generations.set(index.docSetId, (this.generations.get(index.docSetId) ?? 0) + 1);
    this.snapshots.set(index.docSetId, index);
    this.emit({ docSetId: index.docSetId, release: index.release, releaseDir: index.dir, reason });
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
