import type { Environment } from '@docs-portal/contracts';
import { frameQuery, type PortalSearch } from './searchRoute';

/**
 * The search client page for an environment (SPEC.md section 2): the newer client's production
 * page when `useMamba20SearchClient` and `isProd`, its sandbox page when not `isProd`, and the
 * older client when `useMamba20SearchClient` is false (or the config could not be loaded).
 */
export function searchClientPage(basePath: string, environment: Environment | null): string {
  if (!environment?.useMamba20SearchClient) return `${basePath}/search-client/legacy/index.html`;
  return environment.isProd
    ? `${basePath}/search-client/v2/index.html`
    : `${basePath}/search-client/v2/sandbox.html`;
}

/** The frame's `src`: the client page with `?searchString=<encoded>` (and the filters). */
export function frameSource(
  basePath: string,
  environment: Environment | null,
  search: PortalSearch,
): string {
  return `${searchClientPage(basePath, environment)}?${frameQuery(search)}`;
}
