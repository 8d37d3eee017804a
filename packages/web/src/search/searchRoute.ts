import type { SearchFilters } from '@docs-portal/contracts';

/** The search a search-page URL describes. */
export interface PortalSearch {
  /** The search string ('' for none). */
  searchString: string;
  /** Selected filters (facet field -> values). */
  filters: SearchFilters;
  /** The page of the full result list shown; undefined for the instant results. */
  page?: number;
}

function filterQuery(filters: SearchFilters): string[] {
  const parts: string[] = [];
  for (const name of Object.keys(filters).sort()) {
    for (const value of filters[name] ?? []) {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    }
  }
  return parts;
}

/** `page=N` when the search shows a page of the full result list. */
function pageQuery(search: PortalSearch): string[] {
  return search.page === undefined ? [] : [`page=${search.page}`];
}

/**
 * The route path (below the router basename) showing `search`:
 * `/search/<encoded>?filters&page=N`.
 */
export function searchRoutePath(search: PortalSearch): string {
  const path = search.searchString
    ? `/search/${encodeURIComponent(search.searchString)}`
    : '/search';
  const query = [...filterQuery(search.filters), ...pageQuery(search)];
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** A comparable key of a search (same search, same key). */
export function searchKey(search: PortalSearch): string {
  return JSON.stringify([search.searchString, filterQuery(search.filters), search.page ?? null]);
}

/**
 * The query string handed to the framed client: `?searchString=<encoded>` plus the filters and
 * the result page.
 */
export function frameQuery(search: PortalSearch): string {
  return [
    `searchString=${encodeURIComponent(search.searchString)}`,
    ...filterQuery(search.filters),
    ...pageQuery(search),
  ].join('&');
}
