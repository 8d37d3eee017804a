// Stand-ins for the two windows of the frame protocol, for tests running in happy-dom: the real
// test window plays the portal page, a stand-in plays the search client framed by it.
import { vi } from 'vitest';
import type { FrameWindow, SearchHost } from '../src/frame';

/** Origin of the portal page (the test window). */
export const ORIGIN = window.location.origin;

/**
 * The client's window inside the portal's iframe: what it posts to its `parent` reaches the real
 * test window as if sent from `senderOrigin` by the client, and what the portal posts to it
 * arrives on its own event target with the portal window as source.
 */
export function createClientWindow(senderOrigin = ORIGIN) {
  const target = new EventTarget();
  const client = {
    location: Object.assign(new URL(`${senderOrigin}/docs/search-client/v2/index.html`), {
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
            origin: senderOrigin,
            source: client as unknown as Window,
          }),
        );
      }),
    },
    /** The portal posting to this window: delivered as coming from `parent` (the portal). */
    postMessage: vi.fn((data: unknown, targetOrigin: string) => {
      if (targetOrigin !== senderOrigin) return;
      client.receive(data, ORIGIN, client.parent);
    }),
    /** Delivers a message to the client as if `source` on `origin` had posted it. */
    receive(data: unknown, origin: string, source: unknown) {
      target.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    },
  };
  return client;
}

/** A client window and the portal's iframe that holds it. */
export function createFramedClient(senderOrigin = ORIGIN) {
  const client = createClientWindow(senderOrigin);
  const iframe = document.createElement('iframe');
  Object.defineProperty(iframe, 'contentWindow', { value: client });
  return { client, iframe, win: client as unknown as FrameWindow };
}

/**
 * A client window opened on its own (its parent is itself) at
 * `/docs/search-client/v2/index.html{search}`, with recording history and location.
 */
export function createStandaloneWindow(search: string) {
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

/** A portal page's search host with recording callbacks. */
export function createHost(overrides: Partial<SearchHost> = {}): SearchHost {
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

/** Delivers `data` to the portal page as if `source` on `origin` had posted it. */
export function deliverToPortal(data: unknown, origin: string, source: unknown): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

/** Waits for queued message events to be delivered. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
