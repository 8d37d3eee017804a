import {
  readInitMessage,
  readQueryFilters,
  readQueryPage,
  type ClientMessage,
  type HelloMessage,
  type InitMessage,
  type SearchFilters,
} from './frameMessages';
import type { FrameMessageEvent, FrameWindow } from './frameWindow';
import { safePortalPath } from '../safety/safePortalPath';

/** The search a client reports to the portal. */
export interface SearchState {
  /** The search string now shown. */
  searchString: string;
  /** The filters now applied (default none). */
  filters?: SearchFilters;
  /** How the portal records it in its history (default `push`). */
  history?: 'push' | 'replace';
  /** The page of the full result list shown; left out while the instant results are shown. */
  page?: number;
}

/** What a search client gets from {@link connectToPortal}. */
export interface PortalConnection {
  /** True when the page is framed by the portal; false when opened on its own. */
  framed: boolean;
  /** URL of the search API to call with `?q=...`. */
  searchUrl: string;
  /** The search string to show first ('' for none). */
  searchString: string;
  /** Filters to apply first. */
  filters: SearchFilters;
  /** The page of the full result list to show first; undefined for the instant results. */
  page?: number;
  /** Tells the portal an HTTP call failed; a 401 sends the reader to sign-in and back here. */
  notifyHttpError(status: number, url: string): void;
  /** Tells the portal the reader's search changed, so its URL, Back/Forward and shared links follow. */
  reportState(state: SearchState): void;
  /** Opens `url` in the top window; the portal only follows same-origin paths under its base path. */
  navigate(url: string): void;
  /**
   * Framed only: tells the portal the client's content is `height` CSS pixels tall, so the frame
   * takes that height and the portal page is the one thing that scrolls.
   */
  reportSize?(height: number): void;
  /**
   * Framed only: asks the portal to scroll so that the band from `top` to `bottom` (CSS pixels
   * from the top of the client's document) is in view above its fixed footer.
   */
  reveal?(top: number, bottom: number): void;
}

/** Options of {@link connectToPortal}. */
export interface ConnectOptions {
  /** The client's window (default: the global `window`). */
  window?: FrameWindow;
  /**
   * Search API URL when the page is not framed. Default: `{basePath}/search`, the base path being
   * the part of the page path before `/search-client/` (or `/docs` when there is none).
   */
  standaloneSearchUrl?: string;
  /** How long to wait for the portal's init message before rejecting, in ms (default 10000). */
  timeoutMs?: number;
}

/** Base path of a page served under `{basePath}/search-client/...`, else `/docs`. */
function basePathOf(pathname: string): string {
  const at = pathname.indexOf('/search-client/');
  return at >= 0 ? pathname.slice(0, at) : '/docs';
}

function standaloneConnection(win: FrameWindow, searchUrl: string): PortalConnection {
  const params = new URLSearchParams(win.location.search);
  const basePath = basePathOf(win.location.pathname);
  return {
    framed: false,
    searchUrl,
    searchString: params.get('searchString') ?? '',
    filters: readQueryFilters(params),
    page: readQueryPage(params),
    notifyHttpError(status) {
      if (status !== 401) return;
      const here = win.location.pathname + win.location.search;
      win.location.assign(`${basePath}/ui/login?redirectPath=${encodeURIComponent(here)}`);
    },
    reportState(state) {
      const query = new URLSearchParams({ searchString: state.searchString });
      for (const [name, values] of Object.entries(state.filters ?? {})) {
        for (const value of values ?? []) query.append(name, value);
      }
      if (state.page !== undefined) query.set('page', String(state.page));
      const url = `${win.location.pathname}?${query.toString()}`;
      if (state.history === 'replace') win.history.replaceState(null, '', url);
      else win.history.pushState(null, '', url);
    },
    navigate(url) {
      const path = safePortalPath(url, basePath);
      if (path !== null) win.location.assign(path);
    },
  };
}

function framedConnection(win: FrameWindow, init: InitMessage): PortalConnection {
  const origin = win.location.origin;
  const send = (message: ClientMessage) => win.parent.postMessage(message, origin);
  return {
    framed: true,
    searchUrl: init.searchUrl,
    searchString: init.searchString,
    filters: init.filters,
    page: init.page,
    notifyHttpError: (status, url) => send({ type: 'docs-portal:http-error', status, url }),
    reportState: (state) =>
      send({
        type: 'docs-portal:state',
        searchString: state.searchString,
        filters: state.filters ?? {},
        history: state.history ?? 'push',
        ...(state.page === undefined ? {} : { page: state.page }),
      }),
    navigate: (url) => send({ type: 'docs-portal:navigate', url }),
    reportSize: (height) => send({ type: 'docs-portal:resize', height }),
    reveal: (top, bottom) => send({ type: 'docs-portal:reveal', top, bottom }),
  };
}

/**
 * Connects a search client to the portal page that frames it. Framed: says hello to the parent
 * window (same origin only) and resolves with the portal's init message, read only from the
 * parent window on this origin and only when valid; rejects when none comes within `timeoutMs`.
 * Not framed: resolves from the page's own query string (`searchString`, filters).
 */
export function connectToPortal(options: ConnectOptions = {}): Promise<PortalConnection> {
  const win = options.window ?? (globalThis as { window?: FrameWindow }).window;
  if (!win) return Promise.reject(new Error('connectToPortal() runs in a browser window.'));
  if ((win.parent as unknown) === win) {
    const searchUrl = options.standaloneSearchUrl ?? `${basePathOf(win.location.pathname)}/search`;
    return Promise.resolve(standaloneConnection(win, searchUrl));
  }
  const origin = win.location.origin;
  return new Promise((resolve, reject) => {
    const onMessage = (event: FrameMessageEvent) => {
      if (event.origin !== origin || event.source !== (win.parent as unknown)) return;
      const init = readInitMessage(event.data);
      if (!init) return;
      stop();
      resolve(framedConnection(win, init));
    };
    const timer = win.setTimeout(() => {
      stop();
      reject(new Error('The portal did not answer the search client (docs-portal:init).'));
    }, options.timeoutMs ?? 10000);
    const stop = () => {
      win.clearTimeout(timer);
      win.removeEventListener('message', onMessage);
    };
    win.addEventListener('message', onMessage);
    const hello: HelloMessage = { type: 'docs-portal:hello' };
    win.parent.postMessage(hello, origin);
  });
}
