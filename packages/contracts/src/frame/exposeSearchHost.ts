import type { SearchState } from './connectToPortal';
import { readClientMessage, type InitMessage, type SearchFilters } from './frameMessages';
import type { FrameElement, FrameMessageEvent } from './frameWindow';
import { safePortalPath } from '../safety/safePortalPath';

/** What the portal page offers the client framed by {@link exposeSearchHost}. */
export interface SearchHost {
  /** URL of the search API (`{basePath}/search`). */
  searchUrl: string;
  /** The search string the page was opened with. */
  searchString: string;
  /** Filters the page was opened with (default none). */
  filters?: SearchFilters;
  /** The page of the full result list the page was opened with (default: the instant results). */
  page?: number;
  /** The portal's base path (`/docs`): the client may only navigate the portal to paths under it. */
  basePath: string;
  /** The client reported a failed HTTP call. */
  onHttpError(status: number, url: string): void;
  /** The client reported a new search. */
  onStateChange?(state: Required<Omit<SearchState, 'page'>> & Pick<SearchState, 'page'>): void;
  /** The client's content is `height` CSS pixels tall. */
  onResize?(height: number): void;
  /** The client asked for the band from `top` to `bottom` of its document to be in view. */
  onReveal?(top: number, bottom: number): void;
  /** The client asked to open a portal page; `path` is already checked (same origin, under basePath). */
  onNavigate?(path: string): void;
}

/**
 * Serves the frame protocol to the client loaded in `iframe`: answers its hello (and every load of
 * the frame) with the init message, and passes its valid reports to `host`. Only messages from the
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
      ...(host.page === undefined ? {} : { page: host.page }),
    };
    iframe.contentWindow?.postMessage(init, origin);
  };
  const onMessage = (event: FrameMessageEvent) => {
    if (event.origin !== origin || !iframe.contentWindow) return;
    if (event.source !== iframe.contentWindow) return;
    const message = readClientMessage(event.data);
    if (!message) return;
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
          page: message.page,
        });
        break;
      case 'docs-portal:resize':
        host.onResize?.(message.height);
        break;
      case 'docs-portal:reveal':
        host.onReveal?.(message.top, message.bottom);
        break;
      case 'docs-portal:navigate': {
        const path = safePortalPath(message.url, host.basePath);
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
