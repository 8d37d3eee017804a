import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { ENVIRONMENT, HOME, RESOURCE_GROUPS, USER } from './fixtures';

/** Answers one request of the fake server. */
export type Handler = (request: Request) => Response | Promise<Response>;

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server's 401 answer. */
export function unauthorized(): Response {
  return json({ code: 'unauthenticated', message: 'Sign in first.' }, 401);
}

/** A promise with its resolve function, to hold a response until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Handlers of a signed-in portal: user, environment, techdocs and icons. */
export function portalHandlers(): Record<string, Handler> {
  return {
    '/docs/user': () => json(USER),
    '/docs/environment': () => json(ENVIRONMENT),
    '/docs/techdocs/links': () => json(RESOURCE_GROUPS),
    '/docs/home': () => json({ ...HOME, recentlyPublished: [HOME.docSets[1]] }),
  };
}

/** Serves an icon from public/icons like the server does (404 when there is no such file). */
function shippedIcon(file: string): Response {
  try {
    const folder = fileURLToPath(String(import.meta.url)).replace(
      /test[\\/][^\\/]*$/,
      'public/icons/',
    );
    return new Response(readFileSync(folder + file.replace(/[\\/]/g, ''), 'utf8'));
  } catch {
    return new Response('Not found', { status: 404 });
  }
}

/**
 * Stubs the global fetch with a server that answers by path (`handlers`, then the shipped icons
 * under /docs/ui/icons/, else 404). Returns the mock to inspect the requests.
 */
export function stubServer(handlers: Record<string, Handler> = portalHandlers()) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), window.location.href), init);
    const path = new URL(request.url).pathname;
    const handler = handlers[path];
    if (handler) return handler(request);
    if (path.startsWith('/docs/ui/icons/'))
      return shippedIcon(path.slice('/docs/ui/icons/'.length));
    return json({ code: 'not_found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** How many requests went to `path`. */
export function callsTo(fetchMock: ReturnType<typeof stubServer>, path: string): number {
  return fetchMock.mock.calls.filter(
    ([input]) => new URL(String(input), window.location.href).pathname === path,
  ).length;
}
