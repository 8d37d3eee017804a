/*
 * The client side of the frame contract of `@docs-portal/contracts` (frame.ts), without zod.
 *
 * The contract module validates messages with zod schemas; importing it would put zod (about
 * 27 kB gzipped) into every client page, more than the whole older client may weigh. This file
 * speaks the same protocol with small hand-written checks, and imports only types from the
 * contract. `connectToPortal.test.ts` runs it against the contract's own `exposeSearchHost`, so
 * the two sides cannot drift apart unnoticed.
 */
import type {
  ClientMessage,
  ConnectOptions,
  FrameMessageEvent,
  FrameWindow,
  InitMessage,
  PortalConnection,
  SearchFilters,
} from '@docs-portal/contracts';

/** Longest search string or URL a frame message may carry (the contract's limit). */
const MAX_TEXT = 4000;
/** Filter names the contract allows. */
const FILTER_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps the filters that satisfy the contract (name pattern, 1-200 characters, 20 values). */
export function cleanFilters(value: unknown): SearchFilters | null {
  if (!isRecord(value)) return null;
  const filters: SearchFilters = {};
  for (const [name, values] of Object.entries(value)) {
    if (!FILTER_NAME.test(name) || name === 'searchString') return null;
    if (!Array.isArray(values) || values.length > 20) return null;
    for (const item of values) {
      if (typeof item !== 'string' || item.length < 1 || item.length > 200) return null;
    }
    filters[name] = [...(values as string[])];
  }
  return filters;
}

/** The portal's init message when `data` is one (strict, like the contract's schema), else null. */
export function readInitMessage(data: unknown): InitMessage | null {
  if (!isRecord(data) || data.type !== 'docs-portal:init') return null;
  const known = new Set(['type', 'searchUrl', 'searchString', 'filters']);
  if (Object.keys(data).some((key) => !known.has(key))) return null;
  const { searchUrl, searchString } = data;
  if (typeof searchUrl !== 'string' || searchUrl.length < 1 || searchUrl.length > MAX_TEXT) {
    return null;
  }
  if (typeof searchString !== 'string' || searchString.length > MAX_TEXT) return null;
  const filters = data.filters === undefined ? {} : cleanFilters(data.filters);
  if (filters === null) return null;
  return { type: 'docs-portal:init', searchUrl, searchString, filters };
}

/** Base path of a page served under `{basePath}/search-client/...`, else `/docs`. */
export function basePathOf(pathname: string): string {
  const at = pathname.indexOf('/search-client/');
  return at >= 0 ? pathname.slice(0, at) : '/docs';
}

function readQuery(search: string): { searchString: string; filters: SearchFilters } {
  const params = new URLSearchParams(search);
  const filters: SearchFilters = {};
  for (const [name, value] of params) {
    if (name === 'searchString' || value === '') continue;
    (filters[name] ??= []).push(value);
  }
  return {
    searchString: params.get('searchString') ?? '',
    filters: cleanFilters(filters) ?? {},
  };
}

/**
 * Resolves `url` to a path (with query and fragment) when it is on `origin` under `basePath`;
 * null for anything else (other origins and schemes, backslashes, control characters).
 */
export function toPortalPath(url: string, origin: string, basePath: string): string | null {
  // Browsers read a backslash as a slash: refuse it, and control characters, outright.
  if (
    url.includes('\\') ||
    [...url].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  ) {
    return null;
  }
  let target: URL;
  try {
    target = new URL(url, `${origin}/`);
  } catch {
    return null;
  }
  if (target.origin !== origin) return null;
  const base = basePath.replace(/\/+$/, '');
  if (base !== '' && target.pathname !== base && !target.pathname.startsWith(`${base}/`)) {
    return null;
  }
  return target.pathname + target.search + target.hash;
}

function standaloneConnection(win: FrameWindow, searchUrl: string): PortalConnection {
  const { searchString, filters } = readQuery(win.location.search);
  const basePath = basePathOf(win.location.pathname);
  return {
    framed: false,
    searchUrl,
    searchString,
    filters,
    notifyHttpError(status) {
      if (status !== 401) return;
      const here = win.location.pathname + win.location.search;
      win.location.assign(`${basePath}/ui/login?redirectPath=${encodeURIComponent(here)}`);
    },
    reportState(state) {
      const params = new URLSearchParams({ searchString: state.searchString });
      for (const [name, values] of Object.entries(state.filters ?? {})) {
        for (const value of values ?? []) params.append(name, value);
      }
      const url = `${win.location.pathname}?${params.toString()}`;
      if (state.history === 'replace') win.history.replaceState(null, '', url);
      else win.history.pushState(null, '', url);
    },
    navigate(url) {
      const path = toPortalPath(url, win.location.origin, basePath);
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
    notifyHttpError: (status, url) => send({ type: 'docs-portal:http-error', status, url }),
    reportState: (state) =>
      send({
        type: 'docs-portal:state',
        searchString: state.searchString,
        filters: state.filters ?? {},
        history: state.history ?? 'push',
      }),
    navigate: (url) => send({ type: 'docs-portal:navigate', url }),
  };
}

/**
 * Connects a search client to the portal page that frames it, exactly as the contract's
 * `connectToPortal` does. Framed: says hello to the parent window (same origin only) and resolves
 * with the portal's init message (only from the parent, on this origin); rejects when none comes
 * within `timeoutMs`. Not framed: resolves from the page's own query string.
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
    win.parent.postMessage({ type: 'docs-portal:hello' }, origin);
  });
}
