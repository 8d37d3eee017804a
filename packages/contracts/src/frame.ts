import { z } from 'zod';

/*
 * The contract between the portal's search page and the search client it frames.
 *
 * Both sides talk through window.postMessage and accept only messages from their own origin:
 * the portal only from its own iframe's window, the client only from its parent window. Every
 * message is validated with the schemas below before it is acted on.
 *
 *   client -> portal  docs-portal:hello       "I am loaded, tell me what to search"
 *   portal -> client  docs-portal:init        search endpoint URL, initial search string, filters
 *   client -> portal  docs-portal:http-error  an API call failed (a 401 sends the portal to sign-in)
 *   client -> portal  docs-portal:state       the reader's search changed: the portal mirrors it in its URL
 *   client -> portal  docs-portal:navigate    open a page of the portal in the top window
 */

/** Longest search string or URL carried by a frame message, in characters. */
const MAX_TEXT = 4000;

/**
 * Search filters carried between the portal URL and the client: facet field -> selected values
 * (`{ product: ['Helios'] }`). `searchString` is not a filter name (it has its own place).
 */
export const SearchFiltersSchema = z.record(
  z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/)
    .refine((name) => name !== 'searchString', 'searchString is not a filter'),
  z.array(z.string().min(1).max(200)).max(20),
);
/** Search filters: facet field -> selected values. */
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

/** Client -> portal: the client has loaded and asks for its {@link InitMessage}. */
export const HelloMessageSchema = z.object({ type: z.literal('docs-portal:hello') }).strict();
/** Client -> portal: the client has loaded and asks for its init message. */
export type HelloMessage = z.infer<typeof HelloMessageSchema>;

/** Portal -> client: what the client needs to start searching. */
export const InitMessageSchema = z
  .object({
    type: z.literal('docs-portal:init'),
    /** URL of the search API (`{basePath}/search`). */
    searchUrl: z.string().min(1).max(MAX_TEXT),
    /** The search string the reader opened the search page with ('' for none). */
    searchString: z.string().max(MAX_TEXT),
    /** Filters from the portal URL (empty when none). */
    filters: SearchFiltersSchema.default({}),
  })
  .strict();
/** Portal -> client: the search endpoint URL, initial search string and filters. */
export type InitMessage = z.output<typeof InitMessageSchema>;

/** Client -> portal: an HTTP call of the client failed with `status`. */
export const HttpErrorMessageSchema = z
  .object({
    type: z.literal('docs-portal:http-error'),
    /** HTTP status of the failed response. */
    status: z.number().int().min(100).max(599),
    /** URL of the failed request (relative or absolute). */
    url: z.string().min(1).max(MAX_TEXT),
  })
  .strict();
/** Client -> portal: an HTTP call of the client failed. */
export type HttpErrorMessage = z.infer<typeof HttpErrorMessageSchema>;

/** Client -> portal: the reader's current search, to be mirrored in the portal URL. */
export const StateMessageSchema = z
  .object({
    type: z.literal('docs-portal:state'),
    /** The search string now shown by the client. */
    searchString: z.string().max(MAX_TEXT),
    /** The filters now applied by the client. */
    filters: SearchFiltersSchema.default({}),
    /**
     * `push` adds a history entry (a new search the reader may go Back from); `replace` updates
     * the current one (search-as-you-type, refinements).
     */
    history: z.enum(['push', 'replace']).default('push'),
  })
  .strict();
/** Client -> portal: the reader's current search. */
export type StateMessage = z.output<typeof StateMessageSchema>;

/** Client -> portal: open `url` (a same-origin path under the portal's base path) in the top window. */
export const NavigateMessageSchema = z
  .object({ type: z.literal('docs-portal:navigate'), url: z.string().min(1).max(MAX_TEXT) })
  .strict();
/** Client -> portal: open a page of the portal in the top window. */
export type NavigateMessage = z.infer<typeof NavigateMessageSchema>;

/** Every message a client may send to the portal. */
export const ClientMessageSchema = z.discriminatedUnion('type', [
  HelloMessageSchema,
  HttpErrorMessageSchema,
  StateMessageSchema,
  NavigateMessageSchema,
]);
/** Every message a client may send to the portal. */
export type ClientMessage = z.input<typeof ClientMessageSchema>;

/** Every message the portal may send to a client. */
export const PortalMessageSchema = InitMessageSchema;

/** The search a client reports to the portal. */
export interface SearchState {
  /** The search string now shown. */
  searchString: string;
  /** The filters now applied (default none). */
  filters?: SearchFilters;
  /** How the portal records it in its history (default `push`). */
  history?: 'push' | 'replace';
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
  /** Tells the portal an HTTP call failed; a 401 sends the reader to sign-in and back here. */
  notifyHttpError(status: number, url: string): void;
  /** Tells the portal the reader's search changed, so its URL, Back/Forward and shared links follow. */
  reportState(state: SearchState): void;
  /** Opens `url` in the top window; the portal only follows same-origin paths under its base path. */
  navigate(url: string): void;
}

/*
 * The browser features the contract uses, described here so that the module type-checks without
 * the DOM library (the server imports this package too). A browser `Window` and
 * `HTMLIFrameElement` fit these shapes; tests pass stand-ins.
 */

/** The parts of a `message` event the contract reads. */
export interface FrameMessageEvent {
  /** The message. */
  readonly data: unknown;
  /** Origin of the window that sent it. */
  readonly origin: string;
  /** The window that sent it. */
  readonly source: unknown;
}

/** Something messages can be posted to (a window). */
export interface MessageTarget {
  /** Posts `message`, delivered only if the receiver is on `targetOrigin`. */
  postMessage(message: unknown, targetOrigin: string): void;
}

/** A window that receives messages. */
export interface MessageWindow {
  /** The window's address: only its origin is read. */
  readonly location: { readonly origin: string };
  /** Starts listening to messages. */
  addEventListener(type: 'message', listener: (event: FrameMessageEvent) => void): void;
  /** Stops listening to messages. */
  removeEventListener(type: 'message', listener: (event: FrameMessageEvent) => void): void;
}

/** The search client's window (a browser `Window`). */
export interface FrameWindow extends MessageWindow {
  /** The client's address. */
  readonly location: {
    readonly origin: string;
    readonly pathname: string;
    readonly search: string;
    assign(url: string): void;
  };
  /** The client's history (used when it runs on its own). */
  readonly history: {
    pushState(data: unknown, unused: string, url?: string): void;
    replaceState(data: unknown, unused: string, url?: string): void;
  };
  /** The framing window (the window itself when not framed). */
  readonly parent: MessageTarget;
  /** Schedules `handler` after `ms` milliseconds. */
  setTimeout(handler: () => void, ms: number): number;
  /** Cancels a {@link FrameWindow.setTimeout}. */
  clearTimeout(id: number | undefined): void;
}

/** The portal's iframe element (a browser `HTMLIFrameElement`). */
export interface FrameElement {
  /** The portal page's document, whose window receives the client's messages. */
  readonly ownerDocument: { readonly defaultView: MessageWindow | null };
  /** The framed client's window (null before the frame exists). */
  readonly contentWindow: MessageTarget | null;
  /** Listens to the frame's `load` events. */
  addEventListener(type: 'load', listener: () => void): void;
  /** Stops listening to the frame's `load` events. */
  removeEventListener(type: 'load', listener: () => void): void;
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

/** Reads `searchString` and filters from a query string. */
function readQuery(search: string): { searchString: string; filters: SearchFilters } {
  const params = new URLSearchParams(search);
  const filters: SearchFilters = {};
  for (const [name, value] of params) {
    if (name === 'searchString' || value === '') continue;
    (filters[name] ??= []).push(value);
  }
  const parsed = SearchFiltersSchema.safeParse(filters);
  return {
    searchString: params.get('searchString') ?? '',
    filters: parsed.success ? parsed.data : {},
  };
}

/**
 * Resolves `url` to a path (with query and fragment) when it is on `origin` under `basePath`;
 * `null` for anything else (other origins, other schemes, backslash tricks, paths outside).
 */
export function toPortalPath(url: string, origin: string, basePath: string): string | null {
  // Browsers read a backslash as a slash; refuse it, and control characters, outright.
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
 * Connects a search client to the portal page that frames it. Framed: says hello to the parent
 * window (same origin only) and resolves with the portal's init message; rejects when none comes
 * within `timeoutMs`. Not framed: resolves from the page's own query string (`searchString`, filters).
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
      const parsed = PortalMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      stop();
      resolve(framedConnection(win, parsed.data));
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

/** What the portal page offers the client framed by {@link exposeSearchHost}. */
export interface SearchHost {
  /** URL of the search API (`{basePath}/search`). */
  searchUrl: string;
  /** The search string the page was opened with. */
  searchString: string;
  /** Filters the page was opened with (default none). */
  filters?: SearchFilters;
  /** The portal's base path (`/docs`): the client may only navigate the portal to paths under it. */
  basePath: string;
  /** The client reported a failed HTTP call. */
  onHttpError(status: number, url: string): void;
  /** The client reported a new search. */
  onStateChange?(state: Required<SearchState>): void;
  /** The client asked to open a portal page; `path` is already checked (same origin, under basePath). */
  onNavigate?(path: string): void;
}

/**
 * Serves the frame contract to the client loaded in `iframe`: answers its hello (and every load of
 * the frame) with the init message, and passes its reports to `host`. Only messages from the
 * iframe's own window on the portal's origin are read. Returns a function that stops listening.
 */
export function exposeSearchHost(iframe: FrameElement, host: SearchHost): () => void {
  const win = iframe.ownerDocument.defaultView;
  if (!win) return () => undefined;
  const origin = win.location.origin;
  const sendInit = () => {
    const init: InitMessage = {
      type: 'docs-portal:init',
      searchUrl: host.searchUrl,
      searchString: host.searchString,
      filters: host.filters ?? {},
    };
    iframe.contentWindow?.postMessage(init, origin);
  };
  const onMessage = (event: FrameMessageEvent) => {
    if (event.origin !== origin || !iframe.contentWindow) return;
    if (event.source !== iframe.contentWindow) return;
    const parsed = ClientMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'docs-portal:hello':
        sendInit();
        break;
      case 'docs-portal:http-error':
        host.onHttpError(message.status, message.url);
        break;
      case 'docs-portal:state':
        host.onStateChange?.({
          searchString: message.searchString,
          filters: message.filters,
          history: message.history,
        });
        break;
      case 'docs-portal:navigate': {
        const path = toPortalPath(message.url, origin, host.basePath);
        if (path !== null) host.onNavigate?.(path);
        break;
      }
    }
  };
  win.addEventListener('message', onMessage);
  iframe.addEventListener('load', sendInit);
  return () => {
    win.removeEventListener('message', onMessage);
    iframe.removeEventListener('load', sendInit);
  };
}
