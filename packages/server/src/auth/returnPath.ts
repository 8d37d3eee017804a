import { safePortalPath } from '@docs-portal/contracts';

/**
 * Decides where a reader goes after sign-in: the `return` parameter when it is a safe same-origin
 * path under the base path (the one rule of `safePortalPath`, fragment kept), else the web app's
 * root. Anything from outside (absolute or protocol-relative URLs, backslashes, encoded tricks,
 * paths outside the portal) therefore lands on the portal's own front page.
 */
export function safeReturnPath(candidate: unknown, basePath: string): string {
  return safePortalPath(candidate, basePath) ?? `${basePath}/ui/`;
}
