import { MAX_SEARCH_LENGTH } from '@docs-portal/contracts/frame';
import type {
  FacetField,
  PortalConnection,
  SearchFilters,
  SearchResponse,
} from '@docs-portal/contracts';
import { errorMessageOf, parseSearchResponse } from './parseSearchResponse';

/** The facet fields the search API filters by (the contract's FACET_FIELDS, without zod). */
export const FACET_NAMES = [
  'product',
  'version',
  'docType',
] as const satisfies readonly FacetField[];

/** One search a client asks the API for. */
export interface SearchQuery {
  /** The search text. */
  q: string;
  /** Selected facet values; names other than {@link FACET_NAMES} are left out of the request. */
  filters: SearchFilters;
  /** Page of results, from 1. */
  page: number;
  /** Pages of the documentation per page of results. */
  pageSize: number;
  /** Ask for score explanations (the sandbox page). */
  explain?: boolean;
}

/** What a search call gave: the answer, or why there is none. */
export type SearchOutcome =
  | {
      ok: true;
      /** The answer of the search API. */
      response: SearchResponse;
      /** Milliseconds from sending the request to having the answer parsed (browser side). */
      roundTripMs: number;
      /** The URL called. */
      url: string;
    }
  | {
      ok: false;
      /** HTTP status; 0 when the server could not be reached or answered something unreadable. */
      status: number;
      /** Why, for people (the API's own message when it gave one). */
      message: string;
      /** The URL called. */
      url: string;
    };

/** Calls the search API for a client. */
export interface SearchApi {
  /**
   * Runs `query`. Never throws for HTTP or network failures (they come back as an outcome); an
   * aborted `signal` rejects with the AbortError. Every HTTP failure is reported to the portal
   * through the connection's notifier first (a 401 sends the reader to sign-in).
   */
  search(query: SearchQuery, signal?: AbortSignal): Promise<SearchOutcome>;
}

/** What {@link createSearchApi} needs. */
export interface SearchApiOptions {
  /** The portal connection: the search URL and the HTTP-error notifier. */
  connection: Pick<PortalConnection, 'searchUrl' | 'notifyHttpError'>;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /** Clock in milliseconds (default performance.now). */
  now?: () => number;
}

/** The URL of `query` on the search API at `searchUrl`. */
export function searchRequestUrl(searchUrl: string, query: SearchQuery): string {
  const params = new URLSearchParams({ q: query.q });
  for (const name of FACET_NAMES) {
    for (const value of query.filters[name] ?? []) params.append(name, value);
  }
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  if (query.explain) params.set('explain', '1');
  return `${searchUrl}${searchUrl.includes('?') ? '&' : '?'}${params.toString()}`;
}

function failureMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Taking you to sign-in…';
  if (status >= 500)
    return `Search is not available right now (HTTP ${status}). Try again shortly.`;
  return `The search failed (HTTP ${status}).`;
}

/**
 * Why the API refused `query` (400), in reader words: the API's messages name its parameters
 * (`q: q must be at most 500 characters`), which mean nothing to a reader.
 */
function refusalMessage(query: SearchQuery, body: unknown): string {
  const apiMessage = errorMessageOf(body) ?? '';
  if (query.q.length > MAX_SEARCH_LENGTH || /at most \d+ characters/.test(apiMessage)) {
    return `Searches can be at most ${MAX_SEARCH_LENGTH} characters long. Shorten yours and search again.`;
  }
  return 'This search could not be run. Check the words and filters, and search again.';
}

/** A {@link SearchApi} over the portal connection. */
export function createSearchApi(options: SearchApiOptions): SearchApi {
  const { connection } = options;
  const now = options.now ?? (() => performance.now());
  return {
    async search(query, signal) {
      const doFetch = options.fetch ?? globalThis.fetch;
      const url = searchRequestUrl(connection.searchUrl, query);
      const started = now();
      let response: Response;
      try {
        response = await doFetch(url, {
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        return { ok: false, status: 0, message: 'The search service could not be reached.', url };
      }
      let body: unknown = null;
      try {
        body = await response.json();
      } catch (error) {
        if (signal?.aborted) throw error;
      }
      if (!response.ok) {
        connection.notifyHttpError(response.status, url);
        const message =
          response.status === 400 ? refusalMessage(query, body) : failureMessage(response.status);
        return { ok: false, status: response.status, message, url };
      }
      const parsed = parseSearchResponse(body);
      if (!parsed) {
        return { ok: false, status: 0, message: 'The search service answered unexpectedly.', url };
      }
      return { ok: true, response: parsed, roundTripMs: now() - started, url };
    },
  };
}
