/*
 * "Where did the reader come from?" for the doc-page bar's "Back to results for '<query>'": the
 * overlay notes the search before it opens a result (session storage, this tab only), and the
 * portal's search route is also recognised from the referrer.
 */

/** Key of the note the overlay leaves before it opens a doc page. */
export const SEARCH_ORIGIN_KEY = 'docs-portal:search-origin';
const MAX_QUERY_LENGTH = 500;

/** Notes that the page at `path` is opened from a search for `searchString`. */
export function noteSearchOrigin(searchString: string, path: string): void {
  try {
    const pathname = new URL(path, 'http://portal.invalid').pathname;
    sessionStorage.setItem(SEARCH_ORIGIN_KEY, JSON.stringify({ q: searchString, pathname }));
  } catch {
    // No session storage: the bar simply offers no way back.
  }
}

function fromNote(pathname: string): string | null {
  try {
    const note: unknown = JSON.parse(sessionStorage.getItem(SEARCH_ORIGIN_KEY) ?? 'null');
    if (typeof note !== 'object' || note === null) return null;
    const { q, pathname: notedPath } = note as { q?: unknown; pathname?: unknown };
    if (typeof q !== 'string' || notedPath !== pathname) return null;
    return q;
  } catch {
    return null;
  }
}

function fromReferrer(referrer: string, origin: string, basePath: string): string | null {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const route = `${basePath}/ui/search`;
  if (url.pathname !== route && !url.pathname.startsWith(`${route}/`)) return null;
  const segment = url.pathname.slice(route.length + 1);
  try {
    return segment !== '' ? decodeURIComponent(segment) : url.searchParams.get('searchString');
  } catch {
    return null;
  }
}

/**
 * The search the reader opened this doc page from, or null: the overlay's note for this very page,
 * else a same-origin referrer on the portal's search route.
 */
export function searchOriginOf(win: Window, basePath: string): string | null {
  const q =
    fromNote(win.location.pathname) ??
    fromReferrer(win.document.referrer, win.location.origin, basePath);
  if (q === null) return null;
  const text = q.trim();
  return text === '' || text.length > MAX_QUERY_LENGTH ? null : text;
}

/** The portal's search route for `searchString` (`{basePath}/ui/search/<encoded>`). */
export function searchRouteOf(basePath: string, searchString: string): string {
  return `${basePath}/ui/search/${encodeURIComponent(searchString.trim())}`;
}
