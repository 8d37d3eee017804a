import type { ApiError } from '@docs-portal/contracts';
import { readCookie } from '@docs-portal/contracts/safety';
import { parseApiError } from '../data/responseGuards';
import { isDocsApiUrl } from './loginRedirect';

/** Cookie the server sets for cross-site-request-forgery protection. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Header every non-GET relative request carries the cookie's value in. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** A response with an error status. */
export class HttpError extends Error {
  /** HTTP status of the response. */
  readonly status: number;
  /** URL of the request. */
  readonly url: string;
  /** The server's `{ code, message }` answer, when it sent one. */
  readonly apiError: ApiError | undefined;

  constructor(status: number, url: string, apiError?: ApiError) {
    super(apiError?.message ?? `HTTP ${status} from ${url}`);
    this.name = 'HttpError';
    this.status = status;
    this.url = url;
    this.apiError = apiError;
  }
}

/** Turns unknown JSON into a `T`, or throws when it is not one. */
export type Parser<T> = (data: unknown) => T;

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** The documentation API base (`docsApi`, the portal base path such as `/docs`). */
  basePath: string;
  /** Called on a 401 from the documentation API, before the error is thrown to the caller. */
  onUnauthorized(): void;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/** The app's HTTP client: XSRF header on writes, the 401 rule on every response. */
export interface ApiClient {
  /** Sends a request; resolves with a successful response, rejects with {@link HttpError}. */
  request(url: string, init?: RequestInit): Promise<Response>;
  /** GETs `{basePath}{path}` and parses its JSON with `parser`. */
  getJson<T>(path: string, parser: Parser<T>): Promise<T>;
}

/**
 * True for a URL without a scheme or host (`/docs/x`, `x`) that the browser resolves to the page's
 * own origin: only those get the XSRF token. Spellings a browser reads as another host
 * (`//host`, `/\\host`, `/<tab>/host`) are not relative.
 */
export function isRelativeUrl(url: string, origin: string = window.location.origin): boolean {
  if (/^[a-z][a-z\d+.-]*:/i.test(url.trim())) return false;
  try {
    return new URL(url, `${origin}/`).origin === origin;
  } catch {
    return false;
  }
}

async function readApiError(response: Response): Promise<ApiError | undefined> {
  try {
    return parseApiError(await response.json());
  } catch {
    return undefined;
  }
}

/**
 * Creates the app's HTTP client. Non-GET requests to relative URLs carry the `XSRF-TOKEN` cookie
 * in `X-XSRF-TOKEN` (SPEC.md section 7). A 401 whose URL starts with the documentation API base
 * calls `onUnauthorized` (the login redirect) and still rejects with the error (section 8).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = (input: string, init: RequestInit) =>
    (options.fetch ?? globalThis.fetch)(input, init);

  const request = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (method !== 'GET' && isRelativeUrl(url)) {
      const token = readCookie(XSRF_COOKIE, document.cookie);
      if (token) headers.set(XSRF_HEADER, token);
    }
    const response = await doFetch(url, { credentials: 'same-origin', ...init, method, headers });
    if (response.ok) return response;
    const error = new HttpError(response.status, url, await readApiError(response));
    if (response.status === 401 && isDocsApiUrl(url, options.basePath, window.location.origin)) {
      options.onUnauthorized();
    }
    throw error;
  };

  return {
    request,
    async getJson<T>(path: string, parser: Parser<T>): Promise<T> {
      const response = await request(options.basePath + path);
      return parser(await response.json());
    },
  };
}
