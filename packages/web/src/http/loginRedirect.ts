import type { PageLocation } from '../portal/docsBase';

/** Navigates inside the app; `to` is a route path relative to the router basename (`/login?...`). */
export type RouteNavigator = (to: string) => void;

/**
 * The login route for a reader who lost their session on `location` (SPEC.md section 8):
 * `/login?redirectPath=<encoded path and query>` keeping the fragment, or plain `/login` (plus the
 * fragment) when the page path ends in `/ui/`. The router writes the app root without the final
 * slash (`/docs/ui`, after the unknown-route redirect), so that form counts as the root too.
 */
export function loginRouteFor(location: PageLocation): string {
  const query = /\/ui\/?$/.test(location.pathname)
    ? ''
    : `?redirectPath=${encodeURIComponent(location.pathname + location.search)}`;
  return `/login${query}${location.hash}`;
}

/** True when the page already shows the login route (a second 401 must not stack redirects). */
export function isOnLoginRoute(location: PageLocation, basePath: string): boolean {
  return location.pathname === `${basePath}/ui/login`;
}

/**
 * True when `url` addresses the documentation API: it starts with the API base (`basePath`) on
 * the page's own origin, whether written as a path or as an absolute URL.
 */
export function isDocsApiUrl(url: string, basePath: string, origin: string): boolean {
  let target: URL;
  try {
    target = new URL(url, `${origin}/`);
  } catch {
    return false;
  }
  if (target.origin !== origin) return false;
  return (
    basePath === '' || target.pathname === basePath || target.pathname.startsWith(`${basePath}/`)
  );
}
