import type { Environment } from '@docs-portal/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json, portalHandlers, unauthorized } from '../../test/fakeServer';
import { ENVIRONMENT } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { browser } from '../portal/browser';

const ORIGIN = 'http://portal.test';

function withEnvironment(environment: Partial<Environment>) {
  return {
    ...portalHandlers(),
    '/docs/environment': () => json({ ...ENVIRONMENT, ...environment }),
  };
}

async function openSearch(url: string, handlers = portalHandlers()) {
  const view = renderApp(url, handlers);
  const frame = (await screen.findByTitle('Documentation search')) as HTMLIFrameElement;
  // Let React run the effects of that render: the page starts listening to the frame there.
  await act(async () => undefined);
  const client = { postMessage: vi.fn() };
  Object.defineProperty(frame, 'contentWindow', { value: client, configurable: true });
  const fromClient = (data: unknown, origin = ORIGIN) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data, origin, source: client as unknown as Window }),
      );
    });
  return { ...view, frame, client, fromClient };
}

describe('SearchPage', () => {
  it('waits for the environment config before showing the frame', async () => {
    const environment = deferred<Response>();
    renderApp('/docs/ui/search/backup', {
      ...portalHandlers(),
      '/docs/environment': () => environment.promise,
    });
    expect(await screen.findByText('Loading search…')).toBeTruthy();
    expect(screen.queryByTitle('Documentation search')).toBeNull();
    environment.resolve(json(ENVIRONMENT));
    expect(await screen.findByTitle('Documentation search')).toBeTruthy();
  });

  it('frames the newer production client when useMamba20SearchClient and isProd', async () => {
    const { frame } = await openSearch('/docs/ui/search/backup');
    expect(frame.getAttribute('src')).toBe('/docs/search-client/v2/index.html?searchString=backup');
  });

  it('frames the newer client sandbox when not isProd', async () => {
    const { frame } = await openSearch(
      '/docs/ui/search/backup',
      withEnvironment({ isProd: false }),
    );
    expect(frame.getAttribute('src')).toBe(
      '/docs/search-client/v2/sandbox.html?searchString=backup',
    );
  });

  it('frames the older client when useMamba20SearchClient is false', async () => {
    const { frame } = await openSearch(
      '/docs/ui/search/backup',
      withEnvironment({ useMamba20SearchClient: false, isProd: true }),
    );
    expect(frame.getAttribute('src')).toBe(
      '/docs/search-client/legacy/index.html?searchString=backup',
    );
  });

  it('frames the older client when the environment config could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { frame } = await openSearch('/docs/ui/search/x', {
      ...portalHandlers(),
      '/docs/environment': () => json({ code: 'x', message: 'down' }, 500),
    });
    expect(frame.getAttribute('src')).toBe('/docs/search-client/legacy/index.html?searchString=x');
  });

  it('passes the URL-decoded route parameter on, encoded once', async () => {
    const { frame } = await openSearch('/docs/ui/search/vm%20restore%2Fdisk%20%26%20more');
    expect(frame.getAttribute('src')).toBe(
      `/docs/search-client/v2/index.html?searchString=${encodeURIComponent('vm restore/disk & more')}`,
    );
  });

  it('reads the searchString query parameter and the filters', async () => {
    const { frame } = await openSearch('/docs/ui/search?searchString=a%26b&product=Helios');
    expect(frame.getAttribute('src')).toBe(
      '/docs/search-client/v2/index.html?searchString=a%26b&product=Helios',
    );
  });

  it('passes an empty search string when there is none', async () => {
    const { frame } = await openSearch('/docs/ui/search');
    expect(frame.getAttribute('src')).toBe('/docs/search-client/v2/index.html?searchString=');
  });

  it('answers the client hello with the search URL, search string and filters', async () => {
    const { client, fromClient } = await openSearch('/docs/ui/search/backup?version=6.5');
    fromClient({ type: 'docs-portal:hello' });
    expect(client.postMessage).toHaveBeenCalledWith(
      {
        type: 'docs-portal:init',
        searchUrl: '/docs/search',
        searchString: 'backup',
        filters: { version: ['6.5'] },
      },
      ORIGIN,
    );
  });

  it('sends the reader to sign-in, with redirectPath back to the search, on a 401 from the client', async () => {
    const { fromClient } = await openSearch('/docs/ui/search/backup?product=Helios');
    fromClient({ type: 'docs-portal:http-error', status: 401, url: '/docs/search?q=backup' });
    expect(await screen.findByRole('button', { name: 'Click to sign in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/docs/ui/login');
    expect(new URLSearchParams(window.location.search).get('redirectPath')).toBe(
      '/docs/ui/search/backup?product=Helios',
    );
  });

  it('ignores a 401 report from another origin and 401s from outside the documentation API', async () => {
    const { fromClient } = await openSearch('/docs/ui/search/backup');
    fromClient(
      { type: 'docs-portal:http-error', status: 401, url: '/docs/search' },
      'https://evil.example',
    );
    fromClient({
      type: 'docs-portal:http-error',
      status: 401,
      url: 'https://elsewhere.example/docs/x',
    });
    fromClient({ type: 'docs-portal:http-error', status: 500, url: '/docs/search' });
    expect(window.location.pathname).toBe('/docs/ui/search/backup');
    expect(screen.getByTitle('Documentation search')).toBeTruthy();
  });

  it('mirrors the client search in the page URL without reloading the frame', async () => {
    const { frame, fromClient } = await openSearch('/docs/ui/search/backup');
    fromClient({
      type: 'docs-portal:state',
      searchString: 'restore vm',
      filters: { product: ['Helios'] },
    });
    expect(window.location.pathname).toBe('/docs/ui/search/restore%20vm');
    expect(window.location.search).toBe('?product=Helios');
    expect(frame.getAttribute('src')).toBe('/docs/search-client/v2/index.html?searchString=backup');
  });

  it('loads the search of the URL into the frame again on Back and Forward', async () => {
    const { frame, fromClient } = await openSearch('/docs/ui/search/backup');
    fromClient({ type: 'docs-portal:state', searchString: 'restore', history: 'push' });
    expect(screen.getByTitle('Documentation search')).toBe(frame);
    await act(async () => {
      window.history.back();
    });
    await waitFor(() => expect(screen.getByTitle('Documentation search')).not.toBe(frame));
    await act(async () => undefined);
    const reloaded = screen.getByTitle('Documentation search');
    expect(window.location.pathname).toBe('/docs/ui/search/backup');
    expect(reloaded.getAttribute('src')).toBe(
      '/docs/search-client/v2/index.html?searchString=backup',
    );
    await act(async () => {
      window.history.forward();
    });
    await waitFor(() =>
      expect(screen.getByTitle('Documentation search').getAttribute('src')).toBe(
        '/docs/search-client/v2/index.html?searchString=restore',
      ),
    );
  });

  it('keeps the frame when several reports arrive before the page renders (fast typing)', async () => {
    const { frame, client } = await openSearch('/docs/ui/search/');
    act(() => {
      for (const searchString of ['c', 'co', 'con', 'conf']) {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { type: 'docs-portal:state', searchString, history: 'replace' },
            origin: ORIGIN,
            source: client as unknown as Window,
          }),
        );
      }
    });
    await act(async () => undefined);
    expect(window.location.pathname).toBe('/docs/ui/search/conf');
    expect(screen.getByTitle('Documentation search')).toBe(frame);
    expect(frame.getAttribute('src')).toBe('/docs/search-client/v2/index.html?searchString=');
  });

  it('puts the page of the full result list in the URL and hands it back to a new frame', async () => {
    const { fromClient } = await openSearch('/docs/ui/search/backup');
    fromClient({ type: 'docs-portal:state', searchString: 'backup', page: 3, history: 'push' });
    expect(window.location.pathname + window.location.search).toBe('/docs/ui/search/backup?page=3');
    await act(async () => {
      window.history.back();
    });
    await waitFor(() =>
      expect(screen.getByTitle('Documentation search').getAttribute('src')).toBe(
        '/docs/search-client/v2/index.html?searchString=backup',
      ),
    );
    await act(async () => {
      window.history.forward();
    });
    await waitFor(() =>
      expect(screen.getByTitle('Documentation search').getAttribute('src')).toBe(
        '/docs/search-client/v2/index.html?searchString=backup&page=3',
      ),
    );
  });

  it('sizes the frame to the height its client reports', async () => {
    const { frame, fromClient } = await openSearch('/docs/ui/search/backup');
    fromClient({ type: 'docs-portal:resize', height: 2800.4 });
    expect(frame.style.height).toBe('2801px');
    fromClient({ type: 'docs-portal:resize', height: -5 });
    expect(frame.style.height).toBe('2801px');
  });

  it('replaces the history entry when the client asks for it', async () => {
    const { fromClient } = await openSearch('/docs/ui/search/a');
    const length = window.history.length;
    fromClient({ type: 'docs-portal:state', searchString: 'ab', history: 'replace' });
    expect(window.location.pathname).toBe('/docs/ui/search/ab');
    expect(window.history.length).toBe(length);
  });

  it('opens portal pages the client asks for, and nothing outside the base path', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { fromClient } = await openSearch('/docs/ui/search/a');
    fromClient({ type: 'docs-portal:navigate', url: 'https://evil.example/docs/x' });
    fromClient({ type: 'docs-portal:navigate', url: '/docs/WebHelios/Content/Helios/A.htm#s2' });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/docs/WebHelios/Content/Helios/A.htm#s2');
  });

  it('sends the reader to sign-in when the environment call answers 401', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/docs/ui/search/backup', { ...portalHandlers(), '/docs/environment': unauthorized });
    await waitFor(() => expect(window.location.pathname).toBe('/docs/ui/login'));
    expect(new URLSearchParams(window.location.search).get('redirectPath')).toBe(
      '/docs/ui/search/backup',
    );
  });
});
