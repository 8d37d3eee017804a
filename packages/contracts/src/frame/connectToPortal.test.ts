// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClientWindow,
  createFramedClient,
  createHost,
  createStandaloneWindow,
  ORIGIN,
  settle,
} from '../../test/frameWindows';
import { HOSTILE_PORTAL_PATHS, SAFE_PORTAL_PATHS } from '../testing';
import { connectToPortal } from './connectToPortal';
import { exposeSearchHost } from './exposeSearchHost';
import type { FrameWindow } from './frameWindow';

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('connectToPortal and exposeSearchHost together', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('hands the framed client the search URL, search string and filters', async () => {
    const { client, iframe, win } = createFramedClient();
    stop = exposeSearchHost(iframe, createHost());
    const connection = await connectToPortal({ window: win });
    expect(connection).toMatchObject({
      framed: true,
      searchUrl: '/docs/search',
      searchString: 'restore vm',
      filters: { product: ['Helios'] },
    });
    expect(client.parent.postMessage).toHaveBeenCalledWith({ type: 'docs-portal:hello' }, ORIGIN);
  });

  it('passes the client reports to the host: http errors, state and navigation', async () => {
    const host = createHost();
    const { iframe, win } = createFramedClient();
    stop = exposeSearchHost(iframe, host);
    const connection = await connectToPortal({ window: win });

    connection.notifyHttpError(401, '/docs/search?q=x');
    connection.reportState({ searchString: 'backup', filters: { version: ['6.5'] } });
    connection.reportState({ searchString: 'backu', history: 'replace' });
    connection.navigate('/docs/HomePage/Content/home.htm#top');
    await settle();

    expect(host.onHttpError).toHaveBeenCalledWith(401, '/docs/search?q=x');
    expect(host.onStateChange).toHaveBeenNthCalledWith(1, {
      searchString: 'backup',
      filters: { version: ['6.5'] },
      history: 'push',
    });
    expect(host.onStateChange).toHaveBeenNthCalledWith(2, {
      searchString: 'backu',
      filters: {},
      history: 'replace',
    });
    expect(host.onNavigate).toHaveBeenCalledWith('/docs/HomePage/Content/home.htm#top');
  });

  it('keeps the portal on its own paths when the client asks to navigate elsewhere', async () => {
    const host = createHost();
    const { iframe, win } = createFramedClient();
    stop = exposeSearchHost(iframe, host);
    const connection = await connectToPortal({ window: win });
    connection.reportState({
      searchString: 'backup',
      filters: { version: ['6.5'] },
      history: 'replace',
    });
    connection.navigate('/docs/guide/a.htm?Highlight=x#s1');
    connection.navigate('https://evil.example/docs/a.htm');
    await vi.waitFor(() => expect(host.onNavigate).toHaveBeenCalledTimes(1));
    await settle();
    expect(host.onStateChange).toHaveBeenCalledWith({
      searchString: 'backup',
      filters: { version: ['6.5'] },
      history: 'replace',
    });
    expect(host.onNavigate).toHaveBeenCalledTimes(1);
    expect(host.onNavigate).toHaveBeenCalledWith('/docs/guide/a.htm?Highlight=x#s1');
  });
});

describe('connectToPortal framed by the portal', () => {
  it('ignores init messages from another origin or window, and gives up after the timeout', async () => {
    vi.useFakeTimers();
    const client = createClientWindow();
    const connecting = connectToPortal({
      window: client as unknown as FrameWindow,
      timeoutMs: 500,
    });
    const outcome = connecting.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    for (const init of [
      { type: 'docs-portal:init', searchUrl: 'https://evil.example/search', searchString: 'x' },
      { type: 'docs-portal:init', searchUrl: '/evil', searchString: 'x', filters: {} },
    ]) {
      client.receive(init, 'https://evil.example', client.parent);
      client.receive(init, ORIGIN, {});
      client.receive(init, ORIGIN, client);
    }
    await vi.advanceTimersByTimeAsync(499);
    client.receive(
      { type: 'docs-portal:init', searchUrl: '/late', searchString: 'x' },
      'https://evil.example',
      client.parent,
    );
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toContain('did not answer');
  });

  it('accepts the init message from its parent on its own origin', async () => {
    const client = createClientWindow();
    const connecting = connectToPortal({ window: client as unknown as FrameWindow });
    client.receive(
      { type: 'docs-portal:init', searchUrl: '/docs/search', searchString: 'ok' },
      ORIGIN,
      client.parent,
    );
    await expect(connecting).resolves.toMatchObject({
      framed: true,
      searchUrl: '/docs/search',
      searchString: 'ok',
      filters: {},
    });
  });

  it('skips malformed init messages from its parent and takes the first valid one', async () => {
    const client = createClientWindow();
    const connecting = connectToPortal({ window: client as unknown as FrameWindow });
    const valid = { type: 'docs-portal:init', searchUrl: '/docs/search', searchString: 'ok' };
    for (const data of [
      { ...valid, searchUrl: '/evil', extra: true },
      { ...valid, searchUrl: '/evil', searchString: 'x'.repeat(4001) },
      { ...valid, searchUrl: '/evil', filters: { searchString: ['x'] } },
      { ...valid, searchUrl: '' },
      JSON.stringify(valid),
    ]) {
      client.receive(data, ORIGIN, client.parent);
    }
    client.receive({ ...valid, filters: { product: ['Helios'] } }, ORIGIN, client.parent);
    await expect(connecting).resolves.toMatchObject({
      framed: true,
      searchUrl: '/docs/search',
      filters: { product: ['Helios'] },
    });
  });

  it('copies the init message instead of keeping the object it received', async () => {
    const client = createClientWindow();
    const connecting = connectToPortal({ window: client as unknown as FrameWindow });
    const filters = { product: ['Helios'] };
    client.receive(
      { type: 'docs-portal:init', searchUrl: '/docs/search', searchString: '', filters },
      ORIGIN,
      client.parent,
    );
    const connection = await connecting;
    filters.product.push('changed later');
    expect(connection.filters).toEqual({ product: ['Helios'] });
  });

  it('reports to its parent on its own origin only, with the defaults of a state filled in', async () => {
    const client = createClientWindow();
    const connecting = connectToPortal({ window: client as unknown as FrameWindow });
    client.receive(
      { type: 'docs-portal:init', searchUrl: '/docs/search', searchString: '' },
      ORIGIN,
      client.parent,
    );
    const connection = await connecting;
    connection.reportState({ searchString: 'vm' });
    expect(client.parent.postMessage).toHaveBeenLastCalledWith(
      { type: 'docs-portal:state', searchString: 'vm', filters: {}, history: 'push' },
      ORIGIN,
    );
    expect(client.parent.postMessage.mock.calls.map(([, origin]) => origin)).toEqual([
      ORIGIN,
      ORIGIN,
    ]);
  });
});

describe('connectToPortal on its own (not framed)', () => {
  it('reads the search string and filters from its own URL', async () => {
    window.history.replaceState(
      null,
      '',
      '/docs/search-client/legacy/index.html?searchString=a%20b&product=Helios',
    );
    const connection = await connectToPortal();
    expect(connection).toMatchObject({
      framed: false,
      searchUrl: '/docs/search',
      searchString: 'a b',
      filters: { product: ['Helios'] },
    });
    connection.reportState({ searchString: 'c', history: 'replace' });
    expect(window.location.search).toBe('?searchString=c');
  });

  it('reads the search and repeated filters from its own query string', async () => {
    const win = createStandaloneWindow('?searchString=vm%20restore&product=Helios&product=DP');
    const connection = await connectToPortal({ window: win as unknown as FrameWindow });
    expect(connection).toMatchObject({
      framed: false,
      searchUrl: '/docs/search',
      searchString: 'vm restore',
      filters: { product: ['Helios', 'DP'] },
    });
  });

  it('opens unfiltered when a filter of its query string breaks the rules', async () => {
    const win = createStandaloneWindow('?searchString=vm&product=Helios&1bad=x');
    const connection = await connectToPortal({ window: win as unknown as FrameWindow });
    expect(connection).toMatchObject({ searchString: 'vm', filters: {} });
  });

  it('sends itself to sign-in on a 401, keeps its URL in step, and opens only portal paths', async () => {
    const win = createStandaloneWindow('?searchString=a');
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
    connection.reportState({ searchString: 'd' });
    expect(win.history.pushState).toHaveBeenCalledWith(
      null,
      '',
      '/docs/search-client/v2/index.html?searchString=d',
    );
    connection.navigate('//evil.example/docs/x');
    connection.navigate('/docs/a.htm#s');
    expect(win.location.assign).toHaveBeenLastCalledWith('/docs/a.htm#s');
    expect(win.location.assign).toHaveBeenCalledTimes(2);
  });

  it('opens only safe portal paths when it runs on its own (the shared table)', async () => {
    const win = createStandaloneWindow('?searchString=a');
    const connection = await connectToPortal({ window: win as unknown as FrameWindow });
    for (const { value } of HOSTILE_PORTAL_PATHS) connection.navigate(value);
    expect(win.location.assign).not.toHaveBeenCalled();
    for (const { value } of SAFE_PORTAL_PATHS) connection.navigate(value);
    expect(win.location.assign.mock.calls.map(([path]) => path)).toEqual(
      SAFE_PORTAL_PATHS.map(({ path }) => path),
    );
  });
});
