/** Longest path accepted, in characters; real portal paths are far shorter. */
export const MAX_PORTAL_PATH_LENGTH = 2048;

/** Only printable ASCII may appear raw: browsers send everything else percent-encoded. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * Escapes refused in the path part: encoded separators (`%2f`, `%5c`) and dots (`%2e`), double
 * encoding (`%25`), control characters, and a `%` that starts no escape. A hop that decodes once
 * more would turn any of them into `//host`, `\host` or a dot segment.
 */
const REFUSED_PATH_ESCAPE = /%(?:2f|5c|2e|25|[01][0-9a-f]|7f)|%(?![0-9a-f]{2})/i;

/** Resolves candidates against an origin no real request can have. */
const PROBE_ORIGIN = 'http://portal.invalid';

/**
 * The one rule for "a same-origin path under the portal's base path", used wherever a path comes
 * from outside and the portal will send a browser there or record it: the sign-in `return`, the web
 * app's `redirectPath`, the frame protocol's navigation and the analytics click URL.
 *
 * Accepts only a path written the way a browser writes one: it starts with a single `/`, holds
 * printable ASCII only (no spaces, tabs, newlines, controls or look-alike characters), no
 * backslash, no encoded separator, dot, control character or double encoding in the path part,
 * no invalid UTF-8, and resolves (dot segments applied) to the base path or below it. The query and
 * fragment are kept.
 *
 * @param candidate anything: a non-string is refused.
 * @param basePath the portal's base path (`/docs`; a trailing slash is ignored, `''` is the whole
 *   origin).
 * @returns the path in its normalised form (what the browser would request), or `null` when it is
 *   not safe. Callers fall back to a path of their own; they never repair the candidate.
 */
export function safePortalPath(candidate: unknown, basePath: string): string | null {
  if (typeof candidate !== 'string' || candidate.length > MAX_PORTAL_PATH_LENGTH) return null;
  if (!PRINTABLE_ASCII.test(candidate) || candidate.includes('\\')) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
  const pathPart = candidate.split(/[?#]/, 1)[0] ?? '';
  if (REFUSED_PATH_ESCAPE.test(pathPart)) return null;
  let url: URL;
  try {
    decodeURIComponent(pathPart);
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const base = basePath.replace(/\/+$/, '');
  if (base !== '' && url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return null;
  return url.pathname + url.search + url.hash;
}
