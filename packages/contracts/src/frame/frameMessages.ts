/*
 * The messages of the frame protocol and their checks.
 *
 * Written by hand rather than with zod: the search clients import this module, and zod (about
 * 27 kB gzipped) would weigh more than the whole older client may. Every message read from
 * another window goes through one of the `read*` functions below, which accept only the exact
 * shapes described here and return a fresh copy, never the object that was received.
 *
 *   client -> portal  docs-portal:hello       "I am loaded, tell me what to search"
 *   portal -> client  docs-portal:init        search endpoint URL, initial search string, filters
 *   client -> portal  docs-portal:http-error  an API call failed (a 401 sends the portal to sign-in)
 *   client -> portal  docs-portal:state       the reader's search changed: the portal mirrors it in its URL
 *   client -> portal  docs-portal:navigate    open a page of the portal in the top window
 *   client -> portal  docs-portal:resize      the client's content is this tall: size the frame to it
 *   client -> portal  docs-portal:reveal      scroll the portal so this part of the client is in view
 */

/** Longest search string or URL carried by a frame message, in characters. */
export const MAX_FRAME_TEXT = 4000;
/** Most values one filter may select. */
export const MAX_FILTER_VALUES = 20;
/** Longest filter value, in characters. */
export const MAX_FILTER_VALUE_LENGTH = 200;
/**
 * Longest search string a client searches, in characters: the search API's `MAX_QUERY_LENGTH`
 * (kept here too because the clients cannot import the zod contracts).
 */
export const MAX_SEARCH_LENGTH = 500;
/** Most pages of a full result list a URL or message may ask for. */
export const MAX_RESULT_PAGE = 1000;
/** Tallest content a client may report, in CSS pixels. */
export const MAX_FRAME_HEIGHT = 1_000_000;
/** Filter names: a letter, then up to 39 letters, digits, `_` or `-`. */
const FILTER_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/**
 * Search filters carried between the portal URL and the client: facet field -> selected values
 * (`{ product: ['Helios'] }`). `searchString` is not a filter name (it has its own place).
 */
export type SearchFilters = Record<string, string[]>;

/** Client -> portal: the client has loaded and asks for its {@link InitMessage}. */
export interface HelloMessage {
  type: 'docs-portal:hello';
}

/** Portal -> client: what the client needs to start searching. */
export interface InitMessage {
  type: 'docs-portal:init';
  /** URL of the search API (`{basePath}/search`), 1 to {@link MAX_FRAME_TEXT} characters. */
  searchUrl: string;
  /** The search string the reader opened the search page with ('' for none). */
  searchString: string;
  /** Filters from the portal URL (empty when none; a message may leave them out). */
  filters: SearchFilters;
  /**
   * The page of the full result list the portal URL shows (1 to {@link MAX_RESULT_PAGE}); left
   * out when the URL shows the instant results.
   */
  page?: number;
}

/** Client -> portal: an HTTP call of the client failed with `status`. */
export interface HttpErrorMessage {
  type: 'docs-portal:http-error';
  /** HTTP status of the failed response: an integer from 100 to 599. */
  status: number;
  /** URL of the failed request (relative or absolute). */
  url: string;
}

/** Client -> portal: the reader's current search, to be mirrored in the portal URL. */
export interface StateMessage {
  type: 'docs-portal:state';
  /** The search string now shown by the client. */
  searchString: string;
  /** The filters now applied by the client (a message may leave them out: none). */
  filters: SearchFilters;
  /**
   * `push` adds a history entry (a new search the reader may go Back from); `replace` updates
   * the current one (search-as-you-type, refinements). A message may leave it out: `push`.
   */
  history: 'push' | 'replace';
  /**
   * The page of the full result list shown (1 to {@link MAX_RESULT_PAGE}); left out while the
   * client shows the instant results.
   */
  page?: number;
}

/** Client -> portal: open `url` (a same-origin path under the portal's base path) in the top window. */
export interface NavigateMessage {
  type: 'docs-portal:navigate';
  /** Where to go, 1 to {@link MAX_FRAME_TEXT} characters. */
  url: string;
}

/**
 * Client -> portal: the client's content is `height` CSS pixels tall. The portal sizes the frame
 * to it, so that the page scrolls as one surface instead of a scrolling box inside a page.
 */
export interface ResizeMessage {
  type: 'docs-portal:resize';
  /** Content height in CSS pixels: a number from 0 to {@link MAX_FRAME_HEIGHT}. */
  height: number;
}

/**
 * Client -> portal: the band from `top` to `bottom` (CSS pixels from the top of the client's
 * document) should be in view, e.g. the result the arrow keys selected. The portal scrolls its
 * window as little as it can to show it clear of its fixed header and footer.
 */
export interface RevealMessage {
  type: 'docs-portal:reveal';
  /** Top of the band, 0 to {@link MAX_FRAME_HEIGHT}. */
  top: number;
  /** Bottom of the band, `top` to {@link MAX_FRAME_HEIGHT}. */
  bottom: number;
}

/** Every message a client may send to the portal. */
export type ClientMessage =
  HelloMessage | HttpErrorMessage | StateMessage | NavigateMessage | ResizeMessage | RevealMessage;

/** Every message the portal may send to a client. */
export type PortalMessage = InitMessage;

/** A plain object (not an array, a class instance or null), as structured cloning delivers them. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  // Checked by property rather than identity so that an object from another realm passes too.
  return prototype === null || Object.prototype.hasOwnProperty.call(prototype, 'isPrototypeOf');
}

/** True when `value` has no keys but `allowed` (the messages are strict objects). */
function hasOnlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

/** True for a string of `min` to `max` characters. */
function isText(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

/**
 * The filters in `value` when they all satisfy the contract (names match
 * `/^[A-Za-z][A-Za-z0-9_-]{0,39}$/` and are not `searchString`; each a list of at most
 * {@link MAX_FILTER_VALUES} strings of 1 to {@link MAX_FILTER_VALUE_LENGTH} characters), as a
 * copy; null when anything is wrong. No partial result: one bad filter refuses them all.
 */
export function readSearchFilters(value: unknown): SearchFilters | null {
  if (!isPlainObject(value)) return null;
  const filters: SearchFilters = {};
  for (const name of Object.keys(value)) {
    if (!FILTER_NAME.test(name) || name === 'searchString') return null;
    const values = value[name];
    if (!Array.isArray(values) || values.length > MAX_FILTER_VALUES) return null;
    const copy: string[] = [];
    for (const item of values as unknown[]) {
      if (!isText(item, 1, MAX_FILTER_VALUE_LENGTH)) return null;
      copy.push(item);
    }
    filters[name] = copy;
  }
  return filters;
}

/**
 * The filters of a page's query string: every parameter but `searchString` and empty ones, each
 * name with its values in order. Empty when any of them breaks the rules of
 * {@link readSearchFilters}, so a tampered URL opens an unfiltered search rather than failing.
 */
export function readQueryFilters(params: URLSearchParams): SearchFilters {
  // A Map, not an object: names such as `constructor` or `__proto__` must not reach a prototype.
  const collected = new Map<string, string[]>();
  for (const [name, value] of params) {
    if (name === 'searchString' || name === 'page' || value === '') continue;
    const values = collected.get(name);
    if (values) values.push(value);
    else collected.set(name, [value]);
  }
  return readSearchFilters(Object.fromEntries(collected)) ?? {};
}

/** True for a whole result page number from 1 to {@link MAX_RESULT_PAGE}. */
export function isResultPage(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_RESULT_PAGE
  );
}

/** True for a finite number of pixels from 0 to {@link MAX_FRAME_HEIGHT}. */
function isPixels(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_FRAME_HEIGHT
  );
}

/**
 * The page of the full result list a page's query string asks for (`page=N`), when it is a whole
 * number from 1 to {@link MAX_RESULT_PAGE} written in plain digits; else undefined.
 */
export function readQueryPage(params: URLSearchParams): number | undefined {
  const text = params.get('page');
  if (text === null || !/^[1-9][0-9]{0,3}$/.test(text)) return undefined;
  const page = Number(text);
  return isResultPage(page) ? page : undefined;
}

/** Missing filters are none; present ones must be valid (null when not). */
function readOptionalFilters(value: unknown): SearchFilters | null {
  return value === undefined ? {} : readSearchFilters(value);
}

/**
 * The portal's init message when `data` is exactly one (no other keys, valid fields), with its
 * filters defaulted to none; else null.
 */
export function readInitMessage(data: unknown): InitMessage | null {
  if (!isPlainObject(data) || data.type !== 'docs-portal:init') return null;
  if (!hasOnlyKeys(data, ['type', 'searchUrl', 'searchString', 'filters', 'page'])) return null;
  const { searchUrl, searchString, page } = data;
  if (!isText(searchUrl, 1, MAX_FRAME_TEXT) || !isText(searchString, 0, MAX_FRAME_TEXT)) {
    return null;
  }
  const filters = readOptionalFilters(data.filters);
  if (filters === null) return null;
  if (page !== undefined && !isResultPage(page)) return null;
  const init: InitMessage = { type: 'docs-portal:init', searchUrl, searchString, filters };
  if (page !== undefined) init.page = page;
  return init;
}

/**
 * The client message `data` is, when it is exactly one of {@link ClientMessage} (no other keys,
 * valid fields), with the defaults of a state message filled in; else null.
 */
export function readClientMessage(data: unknown): ClientMessage | null {
  if (!isPlainObject(data)) return null;
  switch (data.type) {
    case 'docs-portal:hello':
      return hasOnlyKeys(data, ['type']) ? { type: 'docs-portal:hello' } : null;
    case 'docs-portal:http-error': {
      const { status, url } = data;
      if (!hasOnlyKeys(data, ['type', 'status', 'url'])) return null;
      if (typeof status !== 'number' || !Number.isInteger(status)) return null;
      if (status < 100 || status > 599 || !isText(url, 1, MAX_FRAME_TEXT)) return null;
      return { type: 'docs-portal:http-error', status, url };
    }
    case 'docs-portal:state': {
      const { searchString, history = 'push', page } = data;
      if (!hasOnlyKeys(data, ['type', 'searchString', 'filters', 'history', 'page'])) return null;
      if (!isText(searchString, 0, MAX_FRAME_TEXT)) return null;
      if (history !== 'push' && history !== 'replace') return null;
      if (page !== undefined && !isResultPage(page)) return null;
      const filters = readOptionalFilters(data.filters);
      if (filters === null) return null;
      const state: StateMessage = { type: 'docs-portal:state', searchString, filters, history };
      if (page !== undefined) state.page = page;
      return state;
    }
    case 'docs-portal:navigate': {
      const { url } = data;
      if (!hasOnlyKeys(data, ['type', 'url']) || !isText(url, 1, MAX_FRAME_TEXT)) return null;
      return { type: 'docs-portal:navigate', url };
    }
    case 'docs-portal:resize': {
      const { height } = data;
      if (!hasOnlyKeys(data, ['type', 'height']) || !isPixels(height)) return null;
      return { type: 'docs-portal:resize', height };
    }
    case 'docs-portal:reveal': {
      const { top, bottom } = data;
      if (!hasOnlyKeys(data, ['type', 'top', 'bottom'])) return null;
      if (!isPixels(top) || !isPixels(bottom) || bottom < top) return null;
      return { type: 'docs-portal:reveal', top, bottom };
    }
    default:
      return null;
  }
}
