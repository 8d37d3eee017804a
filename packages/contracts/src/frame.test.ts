// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ClientMessageSchema,
  connectToPortal,
  exposeSearchHost,
  toPortalPath,
  type FrameWindow,
  type SearchHost,
} from './frame';

const ORIGIN = window.location.origin;

/**
 * A stand-in for the framed client's window: its `parent` delivers messages to the real test
 * window as if they came from `sender` on `senderOrigin`, and the portal's postMessage to it is
 * dispatched on its own event target with the portal window as source.
 */
function createChildWindow(senderOrigin = ORIGIN) {
  const target = new EventTarget();
  const child = {
    location: new URL(`${senderOrigin}/docs/search-client/v2/index.html`),
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
            origin: senderOrigin,
            source: child as unknown as Window,
          }),
        );
      }),
    },
    /** The portal posting to this window: delivered as coming from `parent` (the portal). */
    postMessage: vi.fn((data: unknown, targetOrigin: string) => {
      if (targetOrigin !== senderOrigin) return;
      target.dispatchEvent(
        new MessageEvent('message', {
          data,
          origin: ORIGIN,
          source: child.parent as unknown as Window,
        }),
      );
    }),
    /** Delivers a message to the child as if `source` on `origin` had posted it. */
    receive(data: unknown, origin: string, source: unknown) {
      target.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    },
  };
  return child;
}

function createFramedClient(senderOrigin = ORIGIN) {
  const child = createChildWindow(senderOrigin);
  const iframe = document.createElement('iframe');
  Object.defineProperty(iframe, 'contentWindow', { value: child });
  return { child, iframe };
}

function createHost(overrides: Partial<SearchHost> = {}): SearchHost {
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

/** Waits for queued message events to be delivered. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('connectToPortal and exposeSearchHost together', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('hands the framed client the search URL, search string and filters', async () => {
    const { child, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, createHost());
    const connection = await connectToPortal({ window: child as unknown as FrameWindow });
    expect(connection).toMatchObject({
      framed: true,
      searchUrl: '/docs/search',
      searchString: 'restore vm',
      filters: { product: ['Helios'] },
    });
    expect(child.parent.postMessage).toHaveBeenCalledWith({ type: 'docs-portal:hello' }, ORIGIN);
  });

  it('passes the client reports to the host: http errors, state and navigation', async () => {
    const host = createHost();
    const { child, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, host);
    const connection = await connectToPortal({ window: child as unknown as FrameWindow });

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

  it('sends the init message again each time the frame loads', async () => {
    const { child, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, createHost({ searchString: 'again' }));
    iframe.dispatchEvent(new Event('load'));
    expect(child.postMessage).toHaveBeenCalledWith(
      {
        type: 'docs-portal:init',
        searchUrl: '/docs/search',
        searchString: 'again',
        filters: { product: ['Helios'] },
      },
      ORIGIN,
    );
  });

  it('stops listening once the returned function is called', async () => {
    const host = createHost();
    const { child, iframe } = createFramedClient();
    exposeSearchHost(iframe, host)();
    child.parent.postMessage(
      { type: 'docs-portal:http-error', status: 401, url: '/docs/user' },
      ORIGIN,
    );
    await settle();
    expect(host.onHttpError).not.toHaveBeenCalled();
  });
});

describe('exposeSearchHost', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('ignores messages from a foreign origin, from other windows and malformed ones', async () => {
    const host = createHost();
    const { child, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, host);
    const report = { type: 'docs-portal:http-error', status: 401, url: '/docs/user' };
    const deliver = (data: unknown, origin: string, source: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));

    deliver(report, 'https://evil.example', child);
    deliver(report, ORIGIN, window);
    deliver(report, ORIGIN, createChildWindow());
    deliver({ ...report, status: 'x' }, ORIGIN, child);
    deliver({ ...report, extra: true }, ORIGIN, child);
    deliver({ type: 'docs-portal:hello', extra: 1 }, ORIGIN, child);
    expect(host.onHttpError).not.toHaveBeenCalled();
    expect(child.postMessage).not.toHaveBeenCalled();

    deliver(report, ORIGIN, child);
    expect(host.onHttpError).toHaveBeenCalledTimes(1);
  });

  it('sends the init message only to its own origin', () => {
    const { child, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, createHost());
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'docs-portal:hello' },
        origin: ORIGIN,
        source: child as unknown as Window,
      }),
    );
    expect(child.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'docs-portal:init' }),
      ORIGIN,
    );
  });

  it('refuses navigation outside the base path or to other origins', () => {
    const host = createHost();
    const { child, iframe } = createFramedClient();
    stop = exposeSearchHost(iframe, host);
    for (const url of [
      'https://evil.example/docs/x',
      '//evil.example/docs',
      '/other/page',
      'javascript:alert(1)',
      '/docs\\..\\x',
    ]) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'docs-portal:navigate', url },
          origin: ORIGIN,
          source: child as unknown as Window,
        }),
      );
    }
    expect(host.onNavigate).not.toHaveBeenCalled();
  });
});

describe('connectToPortal', () => {
  beforeEach(() => vi.useRealTimers());

  it('ignores an init message from a foreign origin or another window', async () => {
    const child = createChildWindow();
    const connecting = connectToPortal({ window: child as unknown as FrameWindow, timeoutMs: 50 });
    const init = {
      type: 'docs-portal:init',
      searchUrl: 'https://evil.example/search',
      searchString: 'x',
    };
    child.receive(init, 'https://evil.example', child.parent);
    child.receive(init, ORIGIN, {});
    await expect(connecting).rejects.toThrow(/did not answer/);
  });

  it('accepts the init message from its parent on its own origin', async () => {
    const child = createChildWindow();
    const connecting = connectToPortal({ window: child as unknown as FrameWindow });
    child.receive(
      { type: 'docs-portal:init', searchUrl: '/docs/search', searchString: 'ok' },
      ORIGIN,
      child.parent,
    );
    await expect(connecting).resolves.toMatchObject({
      framed: true,
      searchString: 'ok',
      filters: {},
    });
  });

  it('reads the search string and filters from its own URL when it is not framed', async () => {
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
});

describe('toPortalPath', () => {
  it('keeps same-origin paths under the base path with their query and fragment', () => {
    expect(toPortalPath('/docs/a/b.htm?x=1#h', ORIGIN, '/docs')).toBe('/docs/a/b.htm?x=1#h');
    expect(toPortalPath(`${ORIGIN}/docs`, ORIGIN, '/docs')).toBe('/docs');
  });

  it('refuses other origins, schemes and paths outside the base path', () => {
    for (const url of [
      'https://evil.example/docs',
      '//evil.example/docs',
      '/docsx',
      '/',
      'data:text/html,x',
      ' /docs\\x',
    ]) {
      expect(toPortalPath(url, ORIGIN, '/docs')).toBeNull();
    }
  });
});

describe('ClientMessageSchema', () => {
  it('fills the defaults of a state message', () => {
    expect(ClientMessageSchema.parse({ type: 'docs-portal:state', searchString: 's' })).toEqual({
      type: 'docs-portal:state',
      searchString: 's',
      filters: {},
      history: 'push',
    });
  });

  it('rejects a filter named searchString and unknown message types', () => {
    expect(
      ClientMessageSchema.safeParse({
        type: 'docs-portal:state',
        searchString: 's',
        filters: { searchString: ['x'] },
      }).success,
    ).toBe(false);
    expect(
      ClientMessageSchema.safeParse({ type: 'docs-portal:init', searchUrl: '/s', searchString: '' })
        .success,
    ).toBe(false);
  });
});
