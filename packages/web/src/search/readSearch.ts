import { SearchFiltersSchema, type SearchFilters } from '@docs-portal/contracts';
import type { PortalSearch } from './searchRoute';

/**
 * Reads the search from the search route: the `:searchString` route parameter (already
 * URL-decoded by the router) or else the `searchString` query parameter; every other query
 * parameter is a filter.
 */
export function readSearch(routeParam: string | undefined, query: string): PortalSearch {
  const params = new URLSearchParams(query);
  const filters: SearchFilters = {};
  for (const [name, value] of params) {
    if (name === 'searchString' || value === '') continue;
    (filters[name] ??= []).push(value);
  }
  const parsed = SearchFiltersSchema.safeParse(filters);
  return {
    searchString: routeParam ?? params.get('searchString') ?? '',
    filters: parsed.success ? parsed.data : {},
  };
}
