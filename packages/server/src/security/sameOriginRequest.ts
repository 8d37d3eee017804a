import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a request was made by a page of the portal's own origin (`publicOrigin`, e.g.
 * `https://docs.acme-data.example`), for a GET that changes state and so must not be started by
 * another site. Browsers' `Sec-Fetch-Site` decides when present (only `same-origin` counts: a
 * sibling subdomain, a typed address or a bookmark do not). Without it, `Origin` decides, then the
 * origin of `Referer`. A request that shows neither is not same-origin.
 */
export function isSameOriginRequest(headers: IncomingHttpHeaders, publicOrigin: string): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = headers.origin;
  if (typeof origin === 'string') return origin === publicOrigin;
  const referer = headers.referer;
  if (typeof referer !== 'string') return false;
  try {
    return new URL(referer).origin === publicOrigin;
  } catch {
    return false;
  }
}
