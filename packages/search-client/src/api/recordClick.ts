import { readCookie } from '@docs-portal/contracts/safety';

/** The cookie the portal sets for XSRF protection, echoed in {@link XSRF_HEADER}. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The header every non-GET request to the portal must carry. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** A reader opened a search result. */
export interface ClickEvent {
  /** The search text the result was found with. */
  query: string;
  /** Position of the result's page in the whole result list, from 1. */
  rank: number;
  /** The URL opened (a path under the portal's base path). */
  url: string;
}

/** `{basePath}/analytics/click` for the search API at `{basePath}/search`, else null. */
export function clickUrlOf(searchUrl: string): string | null {
  const path = searchUrl.split(/[?#]/)[0] ?? '';
  return path.endsWith('/search') ? `${path.slice(0, -'/search'.length)}/analytics/click` : null;
}

/** What {@link recordClick} needs. */
export interface RecordClickOptions {
  /** The search API URL (`{basePath}/search`): the click goes to `{basePath}/analytics/click`. */
  searchUrl: string;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /** The page's cookies (default document.cookie), for the XSRF token. */
  cookies?: string;
}

/**
 * Records a result click for the documentation team's search analytics. Sent with `keepalive` so
 * it survives the navigation that follows (sendBeacon cannot carry the XSRF header). Fire and
 * forget: a failure never stops the reader.
 */
export function recordClick(options: RecordClickOptions, event: ClickEvent): void {
  const url = clickUrlOf(options.searchUrl);
  if (url === null) return;
  const doFetch = options.fetch ?? globalThis.fetch;
  const token = readCookie(XSRF_COOKIE, options.cookies ?? document.cookie);
  try {
    doFetch(url, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', [XSRF_HEADER]: token },
      body: JSON.stringify(event),
    }).catch(() => undefined);
  } catch {
    // A fetch that throws synchronously (no network stack) must not stop the navigation.
  }
}
