// Test doubles of the search API and the portal connection for the search client tests.
import type {
  PortalConnection,
  SearchHit,
  SearchResponse,
  SectionHit,
} from '@docs-portal/contracts';
import { vi, type Mock } from 'vitest';

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A section hit of page `page`. */
export function section(page: number, n: number, overrides: Partial<SectionHit> = {}): SectionHit {
  return {
    heading: `Section ${page}.${n}`,
    anchor: `s${n}`,
    url: `/docs/guide/page${page}.htm?Highlight=backup#s${n}`,
    snippet: `Section ${n} text about <mark>backup</mark> &amp; more`,
    score: 10 - n,
    ...overrides,
  };
}

/** A page hit numbered `n`: its best section first, then one more. */
export function hit(n: number, overrides: Partial<SearchHit> = {}): SearchHit {
  const best = section(n, 0, {
    heading: '',
    anchor: '',
    url: `/docs/guide/page${n}.htm?Highlight=backup`,
  });
  return {
    url: best.url,
    title: `Page ${n}`,
    section: '',
    breadcrumb: ['User Guide', 'Protection'],
    snippet: `Page ${n} is about <mark>backup</mark> jobs`,
    product: 'Data Platform',
    version: '6.5',
    docType: 'guide',
    docSet: 'guide',
    score: 20 - n,
    sections: [best, section(n, 1)],
    ...overrides,
  };
}

/** A search answer with `count` hits (and matching total) unless overridden. */
export function searchResponse(
  query = 'backup',
  overrides: Partial<SearchResponse> = {},
  count = 2,
): SearchResponse {
  return {
    query,
    total: count,
    page: 1,
    pageSize: 8,
    tookMs: 3.25,
    hits: Array.from({ length: count }, (_, i) => hit(i + 1)),
    facets: {
      product: [
        { value: 'Data Platform', count: 2 },
        { value: 'Helios', count: 1 },
      ],
      version: [{ value: '6.5', count: 2 }],
      docType: [{ value: 'guide', count: 2 }],
    },
    suggestion: null,
    ...overrides,
  };
}

/** A portal connection whose methods are spies. */
export type FakeConnection = PortalConnection & {
  notifyHttpError: Mock<PortalConnection['notifyHttpError']>;
  reportState: Mock<PortalConnection['reportState']>;
  navigate: Mock<PortalConnection['navigate']>;
};

/** A framed portal connection with spies, search URL `/docs/search`. */
export function fakeConnection(overrides: Partial<PortalConnection> = {}): FakeConnection {
  return {
    framed: true,
    searchUrl: '/docs/search',
    searchString: '',
    filters: {},
    notifyHttpError: vi.fn(),
    reportState: vi.fn(),
    navigate: vi.fn(),
    ...overrides,
  } as FakeConnection;
}

/** A fetch stand-in: `answer` decides each response; calls are recorded with parsed URLs. */
export function fakeFetch(answer: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    calls.push({ url, init });
    return answer(url, init);
  });
  const searches = () => calls.filter((call) => call.url.pathname === '/docs/search');
  const clicks = () => calls.filter((call) => call.url.pathname === '/docs/analytics/click');
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, searches, clicks };
}

/** A promise with its resolve function exposed. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** An answer for each search: the response for its `q`, and 204 for analytics clicks. */
export function answerSearches(
  respond: (q: string, url: URL) => SearchResponse | Response = (q) => searchResponse(q),
) {
  return fakeFetch((url) => {
    if (url.pathname === '/docs/analytics/click') return new Response(null, { status: 204 });
    const answer = respond(url.searchParams.get('q') ?? '', url);
    return answer instanceof Response ? answer : json(answer);
  });
}
