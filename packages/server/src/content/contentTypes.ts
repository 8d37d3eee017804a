/** Content types of the files a doc set holds, by lower-case extension (without the dot). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  htm: 'text/html; charset=utf-8',
  html: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  // MadCap Flare's table-of-contents and index data files are XML.
  fltoc: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/vnd.microsoft.icon',
  bmp: 'image/bmp',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  br: 'application/octet-stream',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wasm: 'application/wasm',
};

/** Type of files whose extension is unknown: the browser downloads them instead of guessing. */
export const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/** Extensions worth precompressing (text formats); images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  'htm',
  'html',
  'xhtml',
  'css',
  'js',
  'mjs',
  'json',
  'map',
  'svg',
  'txt',
  'xml',
  'fltoc',
  'md',
  'csv',
]);

/** Files smaller than this are not precompressed: the saving does not pay for the extra file. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

function extensionOf(fileName: string): string {
  const slash = fileName.lastIndexOf('/');
  const dot = fileName.lastIndexOf('.');
  return dot > slash + 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The Content-Type header for a file of a doc set, from its name. */
export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[extensionOf(fileName)] ?? FALLBACK_CONTENT_TYPE;
}

/** Whether a file of this name is a text format that gets `.gz` and `.br` siblings when published. */
export function isCompressible(fileName: string): boolean {
  return COMPRESSIBLE.has(extensionOf(fileName));
}
