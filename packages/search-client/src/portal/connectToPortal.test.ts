import {
  exposeSearchHost,
  toPortalPath as contractToPortalPath,
  type FrameWindow,
  type SearchHost,
} from '@docs-portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { connectToPortal, readInitMessage, toPortalPath } from './connectToPortal';

const ORIGIN = window.location.origin;

/**
 * The client's window inside the portal's iframe: its parent is the real test window (the portal
 * page), and what the portal posts to the frame arrives on the client's own event target.
 */
function framedClient() {
  const target = new EventTarget();
  const client = {
    location: Object.assign(new URL(`${ORIGIN}/docs/search-client/v2/index.html`), {
      assign: vi.fn(),
    }),
    history: window.history,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    parent: {
      postMessage: vi.fn((data: unknown, targetOrigin: string) => {
        if (targetOrigin !== ORIGIN) return;
        window.dispatchEvent(
          new MessageEvent('message', {
            data,
            origin: ORIGIN,
            source: client as unknown as Window,
          }),
        );
      }),
    },
    /** The portal posting to the frame. */
    postMessage: vi.fn((data: unknown, targetOrigin: string) => {
      if (targetOrigin !== ORIGIN) return;
      client.receive(data, ORIGIN, client.parent);
    }),
    receive(data: unknown, origin: string, source: unknown) {
      target.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    },
  };
  const iframe = document.createElement('iframe');
  Object.defineProperty(iframe, 'contentWindow', { value: client });
  return { client, iframe, win: client as unknown as FrameWindow };
}

function host(overrides: Partial<SearchHost> = {}): SearchHost {
  return {
    searchUrl: '/docs/search',
    searchString: 'restore vm',
    filters: { product: ['Helios'] },
    basePath: '/docs',
    onHttpError: vi.fn(),
    onStateChange: vi.fn(),
    onNavigate: vi.fn(),
    ...overrides,
  };
}

describe('connectToPortal against the contract’s exposeSearchHost', () => {
  it('gets the search URL, search string and filters from the portal page', async () => {
    const { iframe, win } = framedClient();
    const stop = exposeSearchHost(iframe, host());
    const connection = await connectToPortal({ window: win });
    expect(connection).toMatchObject({
      framed: true,
      searchUrl: '/docs/search',
      searchString: 'restore vm',
      filters: { product: ['Helios'] },
    });
    stop();
  });

  it('delivers the client’s reports to the portal: HTTP errors, state and navigation', async () => {
    const { iframe, win } = framedClient();
    const portal = host();
    const stop = exposeSearchHost(iframe, portal);
    const connection = await connectToPortal({ window: win });
    connection.notifyHttpError(401, '/docs/search?q=x');
    connection.reportState({
      searchString: 'backup',
      filters: { version: ['6.5'] },
      history: 'replace',
    });
    connection.navigate('/docs/guide/a.htm?Highlight=x#s1');
    connection.navigate('https://evil.example/docs/a.htm');
    await vi.waitFor(() => expect(portal.onNavigate).toHaveBeenCalledTimes(1));
    expect(portal.onHttpError).toHaveBeenCalledWith(401, '/docs/search?q=x');
    expect(portal.onStateChange).toHaveBeenCalledWith({
      searchString: 'backup',
      filters: { version: ['6.5'] },
      history: 'replace',
    });
    expect(portal.onNavigate).toHaveBeenCalledWith('/docs/guide/a.htm?Highlight=x#s1');
    stop();
  });

  it('ignores init messages from another origin or window, and gives up after the timeout', async () => {
    vi.useFakeTimers();
    const { client, win } = framedClient();
    const init = { type: 'docs-portal:init', searchUrl: '/evil', searchString: 'x', filters: {} };
    const connecting = connectToPortal({ window: win, timeoutMs: 500 });
    const outcome = connecting.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    client.receive(init, 'https://evil.example', client.parent);
    client.receive(init, ORIGIN, {});
    await vi.advanceTimersByTimeAsync(500);
    expect(await outcome).toContain('did not answer');
  });
});

describe('readInitMessage', () => {
  it('accepts the contract’s init message and defaults the filters', () => {
    expect(
      readInitMessage({ type: 'docs-portal:init', searchUrl: '/s', searchString: '' }),
    ).toEqual({ type: 'docs-portal:init', searchUrl: '/s', searchString: '', filters: {} });
  });

  it.each([
    ['another type', { type: 'docs-portal:hello' }],
    ['an unknown key', { type: 'docs-portal:init', searchUrl: '/s', searchString: '', x: 1 }],
    ['an empty search URL', { type: 'docs-portal:init', searchUrl: '', searchString: '' }],
    ['a non-string search string', { type: 'docs-portal:init', searchUrl: '/s', searchString: 1 }],
    [
      'a filter named searchString',
      {
        type: 'docs-portal:init',
        searchUrl: '/s',
        searchString: '',
        filters: { searchString: ['a'] },
      },
    ],
    [
      'a filter value that is not a string',
      { type: 'docs-portal:init', searchUrl: '/s', searchString: '', filters: { product: [1] } },
    ],
  ])('refuses %s', (_name, data) => {
    expect(readInitMessage(data)).toBeNull();
  });
});

describe('connectToPortal on its own (not framed)', () => {
  function standalone(search: string) {
    const win = {
      location: Object.assign(new URL(`${ORIGIN}/docs/search-client/v2/index.html${search}`), {
        assign: vi.fn(),
      }),
      history: { pushState: vi.fn(), replaceState: vi.fn() },
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      setTimeout: vi.fn(),
      clearTimeout: vi.fn(),
    };
    return Object.assign(win, { parent: win });
  }

  it('reads the search and filters from its own query string', async () => {
    const win = standalone('?searchString=vm%20restore&product=Helios&product=DP');
    const connection = await connectToPortal({ window: win as unknown as FrameWindow });
    expect(connection).toMatchObject({
      framed: false,
      searchUrl: '/docs/search',
      searchString: 'vm restore',
      filters: { product: ['Helios', 'DP'] },
    });
  });

  it('sends itself to sign-in on a 401, keeps its URL in step, and opens only portal paths', async () => {
    const win = standalone('?searchString=a');
    const connection = await connectToPortal({ window: win as unknown as FrameWindow });
    connection.notifyHttpError(500, '/docs/search');
    expect(win.location.assign).not.toHaveBeenCalled();
    connection.notifyHttpError(401, '/docs/search');
    expect(win.location.assign).toHaveBeenCalledWith(
      `/docs/ui/login?redirectPath=${encodeURIComponent('/docs/search-client/v2/index.html?searchString=a')}`,
    );
    connection.reportState({
      searchString: 'b c',
      filters: { version: ['6.5'] },
      history: 'replace',
    });
    expect(win.history.replaceState).toHaveBeenCalledWith(
      null,
      '',
      '/docs/search-client/v2/index.html?searchString=b+c&version=6.5',
    );
    connection.navigate('//evil.example/docs/x');
    connection.navigate('/docs/a.htm#s');
    expect(win.location.assign).toHaveBeenLastCalledWith('/docs/a.htm#s');
    expect(win.location.assign).toHaveBeenCalledTimes(2);
  });
});

describe('toPortalPath', () => {
  it.each([
    '/docs/a.htm?Highlight=x#s',
    '/docs',
    '/docsx/a',
    '/other/a',
    'https://evil.example/docs/a',
    '//evil.example/docs/a',
    '/docs\\..\\x',
    'javascript:alert(1)',
    '/docs/a\nb',
    `${ORIGIN}/docs/a`,
  ])('decides %j as the contract does', (url) => {
    expect(toPortalPath(url, ORIGIN, '/docs')).toBe(contractToPortalPath(url, ORIGIN, '/docs'));
  });
});
