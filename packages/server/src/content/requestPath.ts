/** A request path inside a doc set, checked and decoded. */
export interface DocPath {
  /** Decoded path relative to the release root, `/`-separated, without a trailing slash ('' for the root). */
  relative: string;
  /** The request named a folder (it ended with a slash, or was the mount root). */
  folder: boolean;
}

/** Longest raw path accepted after the mount; real doc paths are far shorter. */
const MAX_RAW_LENGTH = 2048;

/** Characters allowed raw in a path (RFC 3986 pchar plus `/`); anything else is refused. */
const ALLOWED_RAW = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/**
 * Escapes refused outright: `%2e` (an encoded dot can only be meant to hide a dot segment or a
 * dotfile), `%2f`/`%5c` (encoded separators), `%25` (double encoding), and control characters
 * `%00`-`%1f`, `%7f`.
 */
const REFUSED_ESCAPE = /%(2e|2f|5c|25|[01][0-9a-f]|7f)/i;

/** A `%` not followed by two hex digits. */
const BROKEN_ESCAPE = /%(?![0-9a-f]{2})/i;

/**
 * Checks and decodes the raw (still percent-encoded) part of a request path that follows a doc set's
 * mount, e.g. `Content/Jobs/Create%20a%20job.htm`. Returns null for anything that is not a plain
 * path to a file or folder inside the doc set: backslashes, NUL and control characters, encoded
 * separators or dots, double encoding, invalid UTF-8 (overlong forms such as `%c0%ae`), empty
 * segments (`//`), dot segments and dotfiles/dot-folders (any segment starting with `.`).
 *
 * Refusing here is one of two layers: a path that passes is then looked up in the release's
 * in-memory file index, so a name that is not a file inside the release is never opened at all.
 */
export function parseDocPath(rawRest: string): DocPath | null {
  if (rawRest.length > MAX_RAW_LENGTH || !ALLOWED_RAW.test(rawRest)) return null;
  let decoded = rawRest;
  if (rawRest.includes('%')) {
    if (REFUSED_ESCAPE.test(rawRest) || BROKEN_ESCAPE.test(rawRest)) return null;
    try {
      decoded = decodeURIComponent(rawRest);
    } catch {
      return null;
    }
    // Decoded text may hold characters the raw check never saw (e.g. encoded spaces are fine, but
    // encoded backslashes or controls are not; those escapes are refused above, this is belt and braces).
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return null;
  }
  if (decoded === '') return { relative: '', folder: true };
  const folder = decoded.endsWith('/');
  const body = folder ? decoded.slice(0, -1) : decoded;
  const segments = body.split('/');
  for (const segment of segments) {
    if (segment === '' || segment.startsWith('.')) return null;
  }
  return { relative: body, folder };
}
