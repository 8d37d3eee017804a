import { open } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileCache } from './FileCache';
import type { DocFile, FileVariant, ReleaseIndex } from './ReleaseIndex';

/** Access-controlled content: browsers may keep it, but must revalidate it each time. */
export const DOC_CACHE_CONTROL = 'private, no-cache';

type Encoding = 'br' | 'gzip' | 'identity';

/** Accept-Encoding values seen lately, parsed (clients send the same few values over and over). */
const acceptCache = new Map<string, { br: boolean; gzip: boolean }>();

/** Whether Accept-Encoding allows br and gzip (a q of 0 refuses; `*` stands for unnamed ones). */
export function parseAcceptEncoding(header: string | undefined): { br: boolean; gzip: boolean } {
  if (!header) return { br: false, gzip: false };
  const cached = acceptCache.get(header);
  if (cached) return cached;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const token = (name ?? '').trim().toLowerCase();
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? value : 0);
  }
  const allowed = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  const result = { br: allowed('br'), gzip: allowed('gzip') || allowed('x-gzip') };
  if (acceptCache.size > 256) acceptCache.clear();
  acceptCache.set(header, result);
  return result;
}

/** Whether an If-None-Match value names `etag` (weak comparison, as RFC 9110 says for GET). */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/** A single byte range `bytes=a-b`, `a-` or `-n`: inclusive bounds, 'unsatisfiable', or null to ignore it. */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // malformed or several ranges: answering the whole file is allowed
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Whether an If-Range value still names the file's current version (strong ETag or exact date). */
function ifRangeHolds(header: string, file: DocFile): boolean {
  const value = header.trim();
  if (value.startsWith('"')) return value === file.identity.etag;
  return value === file.lastModified;
}

/** The file behind `variant` vanished (its release was deleted meanwhile); the caller may retry. */
export class VanishedFileError extends Error {
  constructor(readonly path: string) {
    super(`${path} vanished`);
  }
}

async function body(
  variant: FileVariant,
  cache: FileCache,
  range: { start: number; end: number } | null,
) {
  try {
    if (cache.fits(variant.size)) {
      const data = cache.get(variant.path) ?? (await cache.load(variant.path));
      return range ? data.subarray(range.start, range.end + 1) : data;
    }
    const handle = await open(variant.path, 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new VanishedFileError(variant.path);
    throw error;
  }
}

/**
 * Answers a GET or HEAD for one doc file: precompressed brotli or gzip by Accept-Encoding (with
 * `Vary`), strong ETags and Last-Modified with 304 answers, a single byte range (206, or 416 when
 * it lies past the end; ranges are answered from the uncompressed file), and private revalidated
 * caching. Small files come from memory, larger ones are streamed.
 * @throws VanishedFileError when the file disappeared (a release pruned under a slow request).
 */
export async function sendDocFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: DocFile,
  cache: FileCache,
): Promise<FastifyReply> {
  const headers = request.headers;
  const rangeHeader = headers.range;
  const ifRange = headers['if-range'];
  const useRange =
    typeof rangeHeader === 'string' &&
    (ifRange === undefined || (typeof ifRange === 'string' && ifRangeHolds(ifRange, file)));

  let variant = file.identity;
  let encoding: Encoding = 'identity';
  if (!useRange && (file.brotli || file.gzip)) {
    const accepts = parseAcceptEncoding(headers['accept-encoding']);
    if (file.brotli && accepts.br) {
      variant = file.brotli;
      encoding = 'br';
    } else if (file.gzip && accepts.gzip) {
      variant = file.gzip;
      encoding = 'gzip';
    }
  }

  const common: Record<string, string> = {
    'content-type': file.contentType,
    'cache-control': DOC_CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
    'last-modified': file.lastModified,
    etag: variant.etag,
  };
  if (file.varies) common.vary = 'Accept-Encoding';
  if (encoding !== 'identity') common['content-encoding'] = encoding;

  const ifNoneMatch = headers['if-none-match'];
  const ifModifiedSince = headers['if-modified-since'];
  const notModified =
    ifNoneMatch !== undefined
      ? matchesEtag(ifNoneMatch, variant.etag)
      : ifModifiedSince !== undefined && file.modifiedSeconds * 1000 <= Date.parse(ifModifiedSince);
  if (notModified) {
    delete common['content-type'];
    delete common['content-encoding'];
    return reply.code(304).headers(common).send();
  }

  let range: { start: number; end: number } | null = null;
  let status = 200;
  if (useRange) {
    const parsed = parseRange(rangeHeader, variant.size);
    if (parsed === 'unsatisfiable') {
      return reply
        .code(416)
        .headers({ ...common, 'content-range': `bytes */${variant.size}` })
        .send();
    }
    if (parsed) {
      range = parsed;
      status = 206;
      common['content-range'] = `bytes ${parsed.start}-${parsed.end}/${variant.size}`;
    }
  }
  const length = range ? range.end - range.start + 1 : variant.size;
  common['content-length'] = String(length);
  if (request.method === 'HEAD') return reply.code(status).headers(common).send();
  const payload = await body(variant, cache, range);
  return reply.code(status).headers(common).send(payload);
}

/**
 * Answers an authorised doc request by handing it to nginx: an empty 200 with
 * `X-Accel-Redirect: {prefix}/<docSetId>/releases/<n>/<path in the release>` (each segment
 * percent-encoded; nginx decodes it) and the headers nginx keeps from the portal (type, private
 * revalidated caching, nosniff; nginx repeats the security headers of `securityHeaders.ts` from
 * this answer, see deploy/nginx/docs-portal.conf.template). nginx then serves the release file itself, with its own ETag,
 * conditional and range handling and `gzip_static` for the precompressed siblings. The path is the
 * file's real location in the release, so a link inside the release resolves to its target.
 */
export function sendAccelRedirect(
  reply: FastifyReply,
  prefix: string,
  index: ReleaseIndex,
  file: DocFile,
): FastifyReply {
  const inRelease = path.relative(index.dir, file.identity.path).split(path.sep);
  const target = [prefix, encodeURIComponent(index.docSetId), 'releases', String(index.release)]
    .concat(inRelease.map((segment) => encodeURIComponent(segment)))
    .join('/');
  return reply
    .code(200)
    .headers({
      'x-accel-redirect': target,
      'content-type': file.contentType,
      'cache-control': DOC_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
    })
    .send();
}
