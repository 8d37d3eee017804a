import { existsSync } from 'node:fs';
import { mkdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { DocSetConfig, PortalConfig } from '../config/schema';
import { DocSetError, unknownDocSet } from './DocSetError';
import { type DocSetLogger, silentLogger } from './DocSetLogger';
import {
  anchorAliases,
  applyAliases,
  checkLinks,
  checkStreamedLinks,
  findMoves,
  LINK_REPORT_FILE,
  type LinkReport,
  type LinkTarget,
  planRedirects,
  readPages,
  readPreviousLinks,
  readLinksFile,
  readRedirects,
  releaseFiles,
  writeLinkFiles,
} from './linkIntegrity';
import type { PageFacts } from './pageFacts';
import { prepareRelease, type PreparedRelease, type PreviousRelease } from './prepareRelease';
import {
  DEFAULT_PUBLISH_LIMITS,
  PublishBudget,
  type PublishLimits,
  type PublishProgress,
} from './PublishBudget';
import { createPublishLock } from './publishLock/createPublishLock';
import { lockLost, type PublishLock } from './publishLock/PublishLock';
import { ReleaseIndex } from './ReleaseIndex';
import { MANIFEST_FILE, type ReleaseManifest, ReleaseStore } from './ReleaseStore';
import { stageSource } from './stageSource';

/** Where a publish keeps the new pages' links for the link check: in its staging folder, beside the release. */
const LINKS_FILE = 'links.ndjson';

/** Options of a DocSetPublisher; every one has a default. */
export interface DocSetPublisherOptions {
  /** Folder of the stores (default `${config.dataDir}/docsets`). */
  root?: string;
  /** Committed releases kept besides the current one and its predecessor (default 3 newest). */
  keepReleases?: number;
  /** Size limits of a release. */
  limits?: Partial<PublishLimits>;
  /** The lock that keeps publishes apart (default: the one the config calls for, see createPublishLock). */
  lock?: PublishLock;
  /** Where `publishFirstReleases` logs; default: nowhere. */
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
  /** Files identical to the previous release's, hard-linked from it instead of copied. */
  linkedCount: number;
  /** Older releases deleted by the retention rule. */
  pruned: number[];
  /** The broken-link report written next to the release. */
  linkReport: LinkReport;
  /** Where it was written. */
  linkReportFile: string;
  /** Old paths that now answer 301 to a page of this release. */
  redirectCount: number;
  /** Old paths that now answer "removed". */
  removedCount: number;
  /** Milliseconds spent comparing with the previous release and checking links. */
  linkCheckMs: number;
}

/** Options of one publish. */
export interface PublishOptions {
  /** Aborting cancels the publish; nothing is changed. */
  signal?: AbortSignal;
  /** Called as files are copied, then as they are prepared. */
  onProgress?: (progress: PublishProgress) => void;
  /** Copy the targets of symbolic links that point outside a source folder instead of refusing it. */
  dereference?: boolean;
  /** Wait for a publish of the same doc set by another process instead of failing `busy`. */
  waitForLock?: boolean;
  /**
   * Refuse the publish (DocSetError `broken_links`, nothing changed) when the new release has
   * broken links the release served now did not have.
   */
  strict?: boolean;
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

/**
 * Changes what the portal serves: publishes a folder or archive as a doc set's next release
 * (atomic), rolls back, lists releases. Used by the CLI, and by the server only to publish a
 * configured folder as the first release of a doc set that has none (`publishFirstReleases`).
 * Every change holds the doc set's publish lock, which works across hosts. Running servers notice
 * a change through their ServedReleases, which follow the `current` pointers on disk.
 */
export class DocSetPublisher {
  private readonly root: string;
  private readonly byId = new Map<string, DocSetConfig>();
  private readonly stores = new Map<string, ReleaseStore>();
  private readonly limits: PublishLimits;
  private readonly lock: PublishLock;
  private readonly log: DocSetLogger;
  /** Doc pages get the search highlighter script from under this base path. */
  private readonly basePath: string;

  constructor(
    config: PortalConfig,
    private readonly options: DocSetPublisherOptions = {},
  ) {
    this.root = options.root ?? path.join(config.dataDir, 'docsets');
    this.basePath = config.basePath;
    for (const docSet of config.docSets) {
      this.byId.set(docSet.id, docSet);
      this.stores.set(docSet.id, new ReleaseStore(path.join(this.root, docSet.id)));
    }
    this.limits = { ...DEFAULT_PUBLISH_LIMITS, ...options.limits };
    this.lock = options.lock ?? createPublishLock(config, this.root);
    this.log = options.logger ?? silentLogger;
  }

  /** The doc set with `id`. @throws DocSetError `unknown_doc_set` listing the known ids. */
  docSet(id: string): DocSetConfig {
    const found = this.byId.get(id);
    if (!found) throw unknownDocSet(id, [...this.byId.keys()]);
    return found;
  }

  /**
   * Publishes a folder or a `.tar.gz`/`.tgz`/`.zip` archive as the next release of `docSetId`
   * and makes it current in one step. The files are copied and checked, compressed siblings made,
   * the release committed, and only then the `current` pointer replaced; any failure or abort
   * before that leaves the served release untouched (the half-built one is removed at once, or by
   * the next publish if the process died). Older releases beyond retention are then deleted.
   * @throws DocSetError for an unknown doc set, a missing or bad source, limits, a concurrent
   *   publish (`busy`), a lock that cannot be taken or was lost, or an abort through `signal`.
   */
  async publish(
    docSetId: string,
    source: string,
    options: PublishOptions = {},
  ): Promise<PublishResult> {
    return this.publishLocked(docSetId, source, options, false) as Promise<PublishResult>;
  }

  /**
   * Publishes each configured doc set's folder as its first release when the doc set has none
   * (checked holding the lock, so replicas starting together publish it once). A missing folder or
   * a failed publish is logged, and that doc set stays unpublished (its pages answer 404).
   * The server calls this at start-up, before loading what it serves.
   * @returns the publishes made.
   */
  async publishFirstReleases(): Promise<PublishResult[]> {
    const published: PublishResult[] = [];
    for (const docSet of this.byId.values()) {
      if ((await this.storeOf(docSet.id).currentRelease()) !== null) continue;
      if (!existsSync(docSet.folder)) {
        this.log.warn(
          { docSet: docSet.id, folder: docSet.folder },
          'doc set folder not found and nothing published yet: its pages answer 404',
        );
        continue;
      }
      try {
        const result = await this.publishLocked(
          docSet.id,
          docSet.folder,
          { waitForLock: true },
          true,
        );
        if (!result) continue;
        this.log.info(
          { docSet: docSet.id, release: result.release, files: result.fileCount },
          'published the configured folder as the first release',
        );
        published.push(result);
      } catch (error) {
        this.log.error(
          { docSet: docSet.id, err: error },
          'could not publish the configured folder',
        );
      }
    }
    return published;
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
    return this.lock.withLock(docSetId, async (lost) => {
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
      if (lost.aborted) throw lockLost(docSetId);
      await store.activate(to);
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

  /** A publish; with `onlyFirst`, none (null) when the doc set has a release once the lock is held. */
  private async publishLocked(
    docSetId: string,
    source: string,
    options: PublishOptions,
    onlyFirst: boolean,
  ): Promise<PublishResult | null> {
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
    return this.lock.withLock(
      docSetId,
      async (lost) => {
        if (onlyFirst && (await store.currentRelease()) !== null) return null;
        await store.cleanStaging();
        const release = await store.nextReleaseNumber();
        const work = await store.createStaging();
        const built = path.join(work, 'release');
        const signal = options.signal ? AbortSignal.any([options.signal, lost]) : lost;
        let prepared;
        let links;
        try {
          const budget = new PublishBudget(this.limits, signal, options.onProgress);
          await stageSource(sourcePath, work, built, budget, {
            dereference: options.dereference === true,
          });
          if (budget.files === 0) {
            throw new DocSetError(
              'bad_source',
              `${sourcePath} holds no files to publish (dotfiles are left out).`,
            );
          }
          const linksFile = path.join(work, LINKS_FILE);
          const { pages, files, ...counts } = await prepareRelease(
            built,
            { docSetId, release, source: sourcePath },
            budget,
            { basePath: this.basePath, previous: await this.previousRelease(store), linksFile },
          );
          prepared = counts;
          links = await this.linkIntegrity(
            docSetId,
            release,
            built,
            { files, pages },
            linksFile,
            store,
          );
          if (options.strict && links.report.newCount > 0) {
            throw new DocSetError(
              'broken_links',
              `Release ${release} of "${docSetId}" adds ${links.report.newCount} broken link(s); nothing was published (--strict).`,
              { report: links.report },
            );
          }
          if (lost.aborted) throw lockLost(docSetId);
          budget.checkAborted();
          await store.commit(built, release);
        } catch (error) {
          if (lost.aborted && error instanceof DocSetError && error.code === 'aborted') {
            throw lockLost(docSetId);
          }
          throw error;
        } finally {
          await store.removeStaging(work);
        }
        const index = await ReleaseIndex.load(docSetId, release, store.releaseDir(release));
        if (lost.aborted) throw lockLost(docSetId);
        await store.activate(release);
        const pruned = await store.prune(Math.max(1, this.options.keepReleases ?? 3));
        return {
          docSetId,
          release,
          releaseDir: index.dir,
          ...prepared,
          pruned,
          linkReport: links.report,
          linkReportFile: path.join(index.dir, LINK_REPORT_FILE),
          redirectCount: Object.keys(links.redirects.moved).length,
          removedCount: Object.keys(links.redirects.removed).length,
          linkCheckMs: links.ms,
        };
      },
      { wait: options.waitForLock },
    );
  }

  /**
   * Compares a prepared release with the one served now and checks its links: works out moved
   * and removed pages (the redirect map, carried over from release to release), adds anchor
   * aliases to pages whose headings were renamed, and writes the page facts, the redirect map and
   * the broken-link report into the staged release. The new pages' links are read from
   * `linksFile` one page at a time (see prepareRelease's `linksFile`).
   */
  private async linkIntegrity(
    docSetId: string,
    release: number,
    built: string,
    prepared: Pick<PreparedRelease, 'files' | 'pages'>,
    linksFile: string,
    store: ReleaseStore,
  ) {
    const started = performance.now();
    const current = await store.currentRelease();
    const previous =
      current === null ? null : await readPreviousLinks(store.releaseDir(current), current);
    const previousDigests =
      current === null ? {} : ((await store.readManifest(current))?.digests ?? {});
    const files = new Set(prepared.files);
    const pages = prepared.pages;
    const moves = previous
      ? findMoves(previous.pages, previousDigests, pages, await this.stagedDigests(built))
      : new Map<string, string>();
    const aliasesByPage = new Map<string, Record<string, string>>();
    if (previous) {
      const sources = new Map<string, string>();
      for (const page of Object.keys(previous.pages)) if (page in pages) sources.set(page, page);
      for (const [from, to] of moves) sources.set(to, from);
      for (const [page, from] of sources) {
        const aliases = anchorAliases(previous.pages[from] as PageFacts, pages[page] as PageFacts);
        if (Object.keys(aliases).length === 0) continue;
        aliasesByPage.set(page, aliases);
        (pages[page] as PageFacts).aliases = aliases;
      }
    }
    await applyAliases(built, aliasesByPage);
    const redirects = planRedirects({ release, files, previous, moves });
    const docSet = this.docSet(docSetId);
    const others: LinkTarget[] = [];
    for (const other of this.byId.values()) {
      if (other.id === docSetId) continue;
      const otherStore = this.storeOf(other.id);
      const otherRelease = await otherStore.currentRelease();
      if (otherRelease === null) {
        others.push({ docSet: other, files: new Set(), pages: {}, moved: {} });
        continue;
      }
      const dir = otherStore.releaseDir(otherRelease);
      const otherFiles = await releaseFiles(dir).catch(() => []);
      others.push({
        docSet: other,
        files: new Set(otherFiles),
        pages: await readPages(dir, otherFiles),
        moved: (await readRedirects(dir)).moved,
      });
    }
    const explicit = new Map(
      [...this.byId.values()].map((d) => [d.id, new Map(d.redirects.map((r) => [r.from, r.to]))]),
    );
    const check = (self: LinkTarget, number: number, known: LinkReport | null) =>
      checkLinks({
        docSetId,
        release: number,
        basePath: this.basePath,
        self,
        others,
        explicit,
        previous: known,
      });
    let known = previous?.report ?? null;
    if (previous && current !== null && known === null) {
      // Published before link checks: its pages were read whole, links included, so check them
      // now, and new broken links are still told from old ones.
      const dir = store.releaseDir(current);
      const self = { docSet, files: new Set(await releaseFiles(dir)), pages: previous.pages };
      known = check({ ...self, moved: previous.redirects.moved }, current, null);
    }
    const report = await checkStreamedLinks(
      {
        docSetId,
        release,
        basePath: this.basePath,
        self: { docSet, files, pages, moved: redirects.moved },
        others,
        explicit,
        previous: known,
      },
      readLinksFile(linksFile),
    );
    await writeLinkFiles(built, pages, redirects, report);
    return { report, redirects, ms: performance.now() - started };
  }

  /** The digests of the staged release's manifest (read only when there is a release to compare with). */
  private async stagedDigests(built: string): Promise<Record<string, string>> {
    const text = await readFile(path.join(built, MANIFEST_FILE), 'utf8');
    return (JSON.parse(text) as ReleaseManifest).digests;
  }

  /** The release served now with its digests, whose unchanged files the next one links. */
  private async previousRelease(store: ReleaseStore): Promise<PreviousRelease | null> {
    const current = await store.currentRelease();
    const manifest = current === null ? null : await store.readManifest(current);
    return current === null || manifest === null
      ? null
      : { dir: store.releaseDir(current), digests: manifest.digests };
  }

  private storeOf(docSetId: string): ReleaseStore {
    const store = this.stores.get(docSetId);
    if (!store) throw unknownDocSet(docSetId, [...this.byId.keys()]);
    return store;
  }
}
