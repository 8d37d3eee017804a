import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import zlib from 'node:zlib';
import { pageFactsOf, type PageFacts } from './pageFacts';
import { preparePage } from './prepareRelease';

/** Files larger than this are served uncompressed (they are rarely text; compressing them is slow). */
export const MAX_COMPRESS_BYTES = 32 * 1024 * 1024;
/** A compressed sibling is kept only when it saves at least this share of the original. */
const MIN_SAVING = 0.05;
/**
 * Brotli quality of the `.br` siblings. On generated Flare topics, quality 5 gives files within 1%
 * of qualities 6-9 and 12% larger than 11, at about 1/30 of quality 11's time: publishing stays
 * at copy speed, and readers still get a third of the bytes.
 */
export const BROTLI_QUALITY = 5;
/** Gzip level of the `.gz` siblings: 9 saves nothing over 6 on documentation text. */
export const GZIP_LEVEL = 6;

const SIBLINGS = ['.gz', '.br'] as const;

/** One staged file to finish, as sent to a preparing worker thread. */
export interface PrepareFileTask {
  /** Absolute path of the staged file (rewritten in place). */
  file: string;
  /** Whether it is an HTML page that gets the per-page transform ({@link preparePage}). */
  page: boolean;
  /** The highlighter script tag pages get, or null for none. */
  scriptTag: string | null;
  /** Whether its type is worth precompressing (the size rules are applied here). */
  compressible: boolean;
  /** Smallest size that gets compressed siblings. */
  minCompressBytes: number;
  /**
   * The same path in the release served now, with its digests: when the finished file has the
   * same digest, it and its siblings are hard links to the previous release's files instead.
   */
  previous: {
    file: string;
    digest: string;
    siblings: Partial<Record<'.gz' | '.br', string>>;
  } | null;
}

/** What preparing one file produced. */
export interface PrepareFileResult {
  /** Bytes of the file as published. */
  size: number;
  /** Its content digest (the ETag source). */
  digest: string;
  /** Digests of the siblings written or linked, by suffix. */
  siblings: Partial<Record<'.gz' | '.br', string>>;
  /** Whether the file came from the previous release by hard link. */
  linked: boolean;
  /** For an HTML page: its title, anchors, headings and links (see link integrity). */
  facts?: PageFacts;
}

/** Digest used for ETags: 128 bits of SHA-256, base64url. */
export function digestOf(data: Buffer): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 22);
}

async function digestOfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('base64url').slice(0, 22);
}

/**
 * Replaces `file` and its siblings by hard links to the previous release's. Each link is made
 * aside and renamed over the staged copy, so a failure (a file system without hard links) leaves
 * the staged copy whole and returns false.
 */
async function linkPrevious(
  file: string,
  previous: NonNullable<PrepareFileTask['previous']>,
): Promise<boolean> {
  const pairs: Array<[string, string]> = [[previous.file, file]];
  for (const suffix of SIBLINGS) {
    if (previous.siblings[suffix] !== undefined)
      pairs.push([`${previous.file}${suffix}`, `${file}${suffix}`]);
  }
  const made: string[] = [];
  try {
    for (const [from, to] of pairs) {
      const aside = `${to}.link-${process.pid}`;
      await link(from, aside);
      made.push(aside);
    }
  } catch {
    await Promise.all(made.map((aside) => unlink(aside).catch(() => undefined)));
    return false;
  }
  for (const [, to] of pairs) await rename(`${to}.link-${process.pid}`, to);
  return true;
}

/**
 * Finishes one staged file: applies the per-page transform to HTML pages, digests the result,
 * links it from the previous release when unchanged, and otherwise writes `.gz` and `.br`
 * siblings when its type compresses, it is at least `minCompressBytes` and at most
 * {@link MAX_COMPRESS_BYTES}, and a sibling saves 5% or more. Rewritten pages and new siblings keep
 * the staged file's modification time. Runs in a worker thread (see prepareRelease).
 */
export async function prepareFile(task: PrepareFileTask): Promise<PrepareFileResult> {
  const info = await stat(task.file);
  let data: Buffer | null = null;
  let facts: PageFacts | undefined;
  if (task.page && info.size <= MAX_COMPRESS_BYTES) {
    const original = await readFile(task.file);
    data = preparePage(original, task.scriptTag);
    if (data !== original) {
      await writeFile(task.file, data);
      await utimes(task.file, info.atime, info.mtime);
    }
    facts = pageFactsOf(data);
  }
  const size = data?.length ?? info.size;
  const compress = task.compressible && size >= task.minCompressBytes && size <= MAX_COMPRESS_BYTES;
  if (compress) data ??= await readFile(task.file);
  const digest = data ? digestOf(data) : await digestOfFile(task.file);
  if (task.previous?.digest === digest && (await linkPrevious(task.file, task.previous))) {
    return {
      size,
      digest,
      siblings: task.previous.siblings,
      linked: true,
      ...(facts && { facts }),
    };
  }
  const siblings: PrepareFileResult['siblings'] = {};
  if (!compress || !data) return { size, digest, siblings, linked: false, ...(facts && { facts }) };
  const bodies = {
    '.gz': zlib.gzipSync(data, { level: GZIP_LEVEL }),
    '.br': zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  };
  for (const suffix of SIBLINGS) {
    const body = bodies[suffix];
    if (body.length > data.length * (1 - MIN_SAVING)) continue;
    await writeFile(`${task.file}${suffix}`, body);
    await utimes(`${task.file}${suffix}`, info.atime, info.mtime);
    siblings[suffix] = digestOf(body);
  }
  return { size, digest, siblings, linked: false, ...(facts && { facts }) };
}
