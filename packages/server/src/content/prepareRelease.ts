import { availableParallelism } from 'node:os';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { addHeadingIds } from '@docs-portal/search';
import { Piscina } from 'piscina';
import { DocSetError } from './DocSetError';
import { isCompressible, MIN_COMPRESSIBLE_BYTES } from './contentTypes';
import type { PageFacts } from './pageFacts';
import { prepareFile, type PrepareFileResult, type PrepareFileTask } from './prepareFile';
import type { PublishBudget } from './PublishBudget';
import { MANIFEST_FILE, type ReleaseManifest } from './ReleaseStore';
import { textFileWriter } from './textFileWriter';

/** The tag of the doc-page highlighter served with the search clients (marks searched terms). */
export function highlighterScriptTag(basePath: string): string {
  const src = `${basePath.replace(/\/+$/, '')}/search-client/highlight.js`;
  return `<script src="${encodeURI(src).replace(/"/g, '%22')}" defer></script>`;
}

/**
 * `page` with `scriptTag` added before its last `</body>` (at the end when it has none). The page
 * is handled as bytes, so any ASCII-compatible encoding survives; UTF-16 pages and pages that
 * already load the highlighter come back unchanged (the same Buffer).
 */
export function injectHighlighter(page: Buffer, scriptTag: string): Buffer {
  if (
    page.length >= 2 &&
    ((page[0] === 0xfe && page[1] === 0xff) || (page[0] === 0xff && page[1] === 0xfe))
  ) {
    return page;
  }
  const text = page.toString('latin1');
  if (text.includes(scriptTag)) return page;
  const at = text.toLowerCase().lastIndexOf('</body');
  const tag = Buffer.from(`${scriptTag}\n`, 'latin1');
  if (at < 0) return Buffer.concat([page, Buffer.from('\n', 'latin1'), tag]);
  return Buffer.concat([page.subarray(0, at), tag, page.subarray(at)]);
}

/**
 * The per-page HTML transform of publishing (heading ids the index links to, then the highlighter),
 * applied to every `.htm`/`.html` page before it is
 * digested and compressed (in the preparing worker threads of a large release). Returns `page` itself when
 * nothing changed.
 */
export function preparePage(page: Buffer, scriptTag: string | null): Buffer {
  const anchored = addHeadingIds(page);
  return scriptTag === null ? anchored : injectHighlighter(anchored, scriptTag);
}

const isHtmlPage = (relative: string) => /\.html?$/i.test(relative);

/** The release served now, whose unchanged files a new release links instead of copying. */
export interface PreviousRelease {
  /** Its folder. */
  dir: string;
  /** Its manifest's digests (files and siblings). */
  digests: Readonly<Record<string, string>>;
}

/** Options of {@link prepareRelease}. */
export interface PrepareReleaseOptions {
  /**
   * The portal's base path: when given, every `.htm`/`.html` page gets the doc-page highlighter's
   * script tag ({@link highlighterScriptTag}) before `</body>`, before digests and compression.
   */
  basePath?: string;
  /** The release served now: files that come out identical are hard links to its files. */
  previous?: PreviousRelease | null;
  /**
   * Worker threads that digest and compress; 0 does the work in this thread. Default: in this
   * thread for releases of fewer than {@link IN_THREAD_MAX_FILES} files, else the cores, at most 4.
   */
  threads?: number;
  /** The file a worker thread runs (default `prepareFile`); tests swap in a failing one. */
  workerFile?: URL;
  /**
   * A file to append each page's links to (a `[page, links]` JSON line per page that has links,
   * read back with `readLinksFile`) instead of keeping them in `pages`: links are most of a
   * page's facts and are read once, by the link check, so a large release's are not all held in
   * memory at once.
   */
  linksFile?: string;
}

function siblingDigests(
  digests: Readonly<Record<string, string>>,
  relative: string,
): PrepareFileResult['siblings'] {
  const siblings: PrepareFileResult['siblings'] = {};
  for (const suffix of ['.gz', '.br'] as const) {
    const digest = digests[`${relative}${suffix}`];
    if (digest !== undefined) siblings[suffix] = digest;
  }
  return siblings;
}

/**
 * Releases smaller than this are prepared in the calling thread by default: starting worker
 * threads (each loads the TypeScript loader) takes longer than preparing them.
 */
export const IN_THREAD_MAX_FILES = 100;

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** What preparing a release produced. */
export interface PreparedRelease {
  /** Files published (without the precompressed siblings). */
  fileCount: number;
  /** Their bytes. */
  totalBytes: number;
  /** Files that have `.gz` and `.br` siblings. */
  compressedCount: number;
  /** Files identical to the previous release's, hard-linked from it. */
  linkedCount: number;
  /** Every published file (relative, `/`-separated; no precompressed siblings). */
  files: string[];
  /**
   * The facts of each HTML page, by its relative path (see pageFacts); with `options.linksFile`,
   * their `links` are empty and in that file.
   */
  pages: Record<string, PageFacts>;
}

/**
 * Node flags for the worker threads when they need more than the parent's (which they inherit
 * otherwise): the TypeScript loader, when the worker file is TypeScript and the parent was started
 * without it (as under the test runner).
 */
function workerExecArgv(workerFile: URL): string[] | undefined {
  const typescript = workerFile.pathname.endsWith('.ts');
  if (!typescript || process.execArgv.some((flag) => flag.includes('tsx'))) return undefined;
  const loader = createRequire(import.meta.url).resolve('tsx');
  return [...process.execArgv, '--import', pathToFileURL(loader).href];
}

function defaultWorkerFile(): URL {
  const extension = path.extname(fileURLToPath(import.meta.url));
  return new URL(`./prepareFile${extension}`, import.meta.url);
}

/**
 * Finishes a staged release in place: applies the per-page transform ({@link preparePage}: the
 * doc-page highlighter when `options.basePath` is given) to HTML pages, writes a `.gz` and a `.br`
 * sibling for each compressible file of 1 KB or more (when it saves space), records each file's
 * content digest (the ETag source) and writes the manifest. A file identical to the same path in
 * `options.previous` is a hard link to it (with its siblings), which skips compressing it again.
 * The per-file work of a large release runs in worker threads, so the event loop stays free and
 * every core works. Changed pages and the
 * siblings keep the original's modification time, so Last-Modified is the same whichever
 * encoding a reader gets.
 * @throws DocSetError `prepare_failed` naming the file when a worker fails on one (the caller
 *   removes the staged release), `aborted` once the budget's signal is aborted.
 */
export async function prepareRelease(
  root: string,
  meta: { docSetId: string; release: number; source: string },
  budget: PublishBudget,
  options: PrepareReleaseOptions = {},
): Promise<PreparedRelease> {
  const scriptTag = options.basePath === undefined ? null : highlighterScriptTag(options.basePath);
  const files = await listFiles(root);
  const present = new Set(files);
  // Siblings the source shipped itself may be stale: they are dropped, and ours made instead.
  const shipped = (f: string) => {
    const base = f.replace(/\.(gz|br)$/, '');
    return base !== f && present.has(base) && isCompressible(base);
  };
  for (const f of files.filter(shipped)) await rm(path.join(root, f));
  const originals = files.filter((f) => !shipped(f));
  const previous = options.previous ?? null;
  const taskOf = (relative: string): PrepareFileTask => {
    const digest = previous?.digests[relative];
    return {
      file: path.join(root, relative),
      page: isHtmlPage(relative),
      scriptTag,
      compressible: isCompressible(relative),
      minCompressBytes: MIN_COMPRESSIBLE_BYTES,
      previous:
        previous && digest
          ? {
              file: path.join(previous.dir, relative),
              digest,
              siblings: siblingDigests(previous.digests, relative),
            }
          : null,
    };
  };
  const workerFile = options.workerFile ?? defaultWorkerFile();
  const threads =
    options.threads ??
    (originals.length < IN_THREAD_MAX_FILES && !options.workerFile
      ? 0
      : Math.min(availableParallelism(), 4));
  const execArgv = threads > 0 ? workerExecArgv(workerFile) : undefined;
  const pool =
    threads > 0
      ? new Piscina<PrepareFileTask, PrepareFileResult>({
          filename: workerFile.href,
          name: 'prepareFile',
          minThreads: threads,
          maxThreads: threads,
          // One task per thread: a thread that dies is blamed on the file it was preparing.
          concurrentTasksPerWorker: 1,
          ...(execArgv ? { execArgv } : {}),
        })
      : null;
  const prepare = (task: PrepareFileTask) => (pool ? pool.run(task) : prepareFile(task));
  const digests: Record<string, string> = {};
  const pages: Record<string, PageFacts> = {};
  let totalBytes = 0;
  let compressedCount = 0;
  let linkedCount = 0;
  let done = 0;
  let next = 0;
  let failure: unknown = null;
  const linksOut = options.linksFile === undefined ? null : textFileWriter(options.linksFile);
  const linksNotWritten = (error: Error) =>
    new DocSetError(
      'prepare_failed',
      `Could not write the links of the release to ${options.linksFile} (${error.message}); nothing was published.`,
    );
  const spill = async (relative: string, facts: PageFacts): Promise<PageFacts> => {
    if (linksOut === null) return facts;
    if (facts.links.length > 0) {
      await linksOut.write(`${JSON.stringify([relative, facts.links])}\n`).catch((error: Error) => {
        throw linksNotWritten(error);
      });
    }
    return { ...facts, links: [] };
  };
  const lane = async () => {
    while (failure === null && next < originals.length) {
      const relative = originals[next++] as string;
      try {
        budget.checkAborted();
        const result = await prepare(taskOf(relative));
        totalBytes += result.size;
        digests[relative] = result.digest;
        for (const [suffix, digest] of Object.entries(result.siblings))
          digests[`${relative}${suffix}`] = digest;
        if (Object.keys(result.siblings).length > 0) compressedCount += 1;
        if (result.linked) linkedCount += 1;
        if (result.facts) pages[relative] = await spill(relative, result.facts);
        done += 1;
        budget.filePrepared(relative, done, originals.length);
      } catch (error) {
        failure ??=
          error instanceof DocSetError
            ? error
            : new DocSetError(
                'prepare_failed',
                `Could not prepare "${relative}" for publishing (${error instanceof Error ? error.message : String(error)}); nothing was published.`,
              );
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(threads, 2) * 2 }, lane));
  } finally {
    await pool?.destroy();
    await linksOut?.end().catch((error: Error) => {
      failure ??= linksNotWritten(error);
    });
  }
  if (failure !== null) throw failure;
  const manifest: ReleaseManifest = {
    format: 1,
    docSetId: meta.docSetId,
    release: meta.release,
    publishedAt: new Date().toISOString(),
    source: meta.source,
    fileCount: originals.length,
    totalBytes,
    digests,
  };
  await writeFile(path.join(root, MANIFEST_FILE), JSON.stringify(manifest));
  return {
    fileCount: originals.length,
    totalBytes,
    compressedCount,
    linkedCount,
    files: originals,
    pages,
  };
}
