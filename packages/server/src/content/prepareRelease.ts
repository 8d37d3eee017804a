import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { addHeadingIds } from '@docs-portal/search';
import { isCompressible, MIN_COMPRESSIBLE_BYTES } from './contentTypes';
import type { PublishBudget } from './PublishBudget';
import { MANIFEST_FILE, type ReleaseManifest } from './ReleaseStore';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Files larger than this are served uncompressed (they are rarely text; compressing them is slow). */
const MAX_COMPRESS_BYTES = 32 * 1024 * 1024;
/** A compressed sibling is kept only when it saves at least this share of the original. */
const MIN_SAVING = 0.05;
/** Files digested and compressed at once (zlib runs on the libuv thread pool). */
const CONCURRENCY = 4;

/** Digest used for ETags: 128 bits of SHA-256, base64url. */
function digestOf(data: Buffer): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 22);
}

async function digestOfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('base64url').slice(0, 22);
}

/** The tag of the doc-page highlighter served with the search clients (marks searched terms). */
export function highlighterScriptTag(basePath: string): string {
  const src = `${basePath.replace(/\/+$/, '')}/search-client/highlight.js`;
  return `<script src="${encodeURI(src).replace(/"/g, '%22')}" defer></script>`;
}

const isHtmlPage = (relative: string) => /\.html?$/i.test(relative);

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

/** Options of {@link prepareRelease}. */
export interface PrepareReleaseOptions {
  /**
   * The portal's base path: when given, every `.htm`/`.html` page gets the doc-page highlighter's
   * script tag ({@link highlighterScriptTag}) before `</body>`, before digests and compression.
   */
  basePath?: string;
}

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
  /** Files that got `.gz` and `.br` siblings. */
  compressedCount: number;
}

/**
 * Finishes a staged release in place: adds the doc-page highlighter to HTML pages (when
 * `options.basePath` is given), writes a `.gz` and a `.br` sibling for each compressible file of
 * 1 KB or more (when it saves space), records each file's content digest (the ETag source) and
 * writes the manifest. Changed pages and the siblings keep the original's modification time, so
 * Last-Modified is the same whichever encoding a reader gets.
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
  const digests: Record<string, string> = {};
  let totalBytes = 0;
  let compressedCount = 0;
  const prepareOne = async (relative: string): Promise<void> => {
    budget.checkAborted();
    const file = path.join(root, relative);
    const info = await stat(file);
    let data: Buffer | null = null;
    if (scriptTag !== null && isHtmlPage(relative) && info.size <= MAX_COMPRESS_BYTES) {
      const page = await readFile(file);
      data = injectHighlighter(addHeadingIds(page), scriptTag);
      if (data !== page) {
        await writeFile(file, data);
        await utimes(file, info.atime, info.mtime);
      }
    }
    const size = data?.length ?? info.size;
    totalBytes += size;
    if (!isCompressible(relative) || size < MIN_COMPRESSIBLE_BYTES || size > MAX_COMPRESS_BYTES) {
      digests[relative] = data ? digestOf(data) : await digestOfFile(file);
      return;
    }
    data ??= await readFile(file);
    digests[relative] = digestOf(data);
    const [gzipped, brotlied] = await Promise.all([
      gzip(data, { level: 9 }),
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          // Best compression for pages and styles; a faster setting for big files keeps publishing quick.
          [zlib.constants.BROTLI_PARAM_QUALITY]: data.length <= 256 * 1024 ? 11 : 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    ]);
    let wrote = false;
    for (const [suffix, body] of [
      ['.gz', gzipped],
      ['.br', brotlied],
    ] as const) {
      if (body.length > data.length * (1 - MIN_SAVING)) continue;
      const sibling = `${relative}${suffix}`;
      await writeFile(path.join(root, sibling), body);
      await utimes(path.join(root, sibling), info.atime, info.mtime);
      digests[sibling] = digestOf(body);
      wrote = true;
    }
    if (wrote) compressedCount += 1;
  };
  // Siblings the source shipped itself may be stale: they are dropped, and ours made instead.
  const shipped = (f: string) => {
    const base = f.replace(/\.(gz|br)$/, '');
    return base !== f && present.has(base) && isCompressible(base);
  };
  for (const f of files.filter(shipped)) await rm(path.join(root, f));
  const originals = files.filter((f) => !shipped(f));
  let next = 0;
  const worker = async () => {
    while (next < originals.length) {
      const relative = originals[next++] as string;
      await prepareOne(relative);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
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
  return { fileCount: originals.length, totalBytes, compressedCount };
}
