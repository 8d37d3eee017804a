import { readQueryFilters, readQueryPage } from '@docs-portal/contracts/frame';
import type { PortalSearch } from './searchRoute';

/**
 * Reads the search from the search route: the `:searchString` route parameter (already
 * URL-decoded by the router) or else the `searchString` query parameter; `page` is the page of
 * the full result list (ignored unless a plain number from 1 to 1000); every other query
 * parameter is a filter (none at all when one of them breaks the frame protocol's rules).
 */
export function readSearch(routeParam: string | undefined, query: string): PortalSearch {
  const params = new URLSearchParams(query);
  const search: PortalSearch = {
    searchString: routeParam ?? params.get('searchString') ?? '',
    filters: readQueryFilters(params),
  };
  const page = readQueryPage(params);
  if (page !== undefined) search.page = page;
  return search;
}
