import { exposeSearchHost, type SearchHost } from '@docs-portal/contracts/frame';
import { OVERLAY_STYLE } from './overlayStyle';
import { clearRecentSearches, readRecentSearches, rememberSearch } from './recentSearches';
import { noteSearchOrigin, searchRouteOf } from './searchOrigin';
import { listenForSearchShortcuts } from './searchShortcuts';

/** Title of the overlay's frame (the newer client's production page). */
export const OVERLAY_FRAME_TITLE = 'Search the documentation';

/** What the overlay needs from the page that opens it. */
export interface SearchOverlayOptions {
  /** The portal's base path (`/docs`), without a final slash. */
  basePath: string;
  /**
   * Version of the doc page the overlay is opened on: its searches prefer that version of pages
   * found in several versions (`fromVersion` of the search API).
   */
  fromVersion?: string;
  /** Opens a portal address in this window (default `location.assign`; tests pass a stand-in). */
  go?: (path: string) => void;
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = Object.assign(doc.createElement(tag), props);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function keyHints(doc: Document): HTMLParagraphElement {
  const hints = element(doc, 'p', { className: 'keys' });
  const parts: (string | [string])[] = [
    ['↑'],
    ' ',
    ['↓'],
    ' to move, ',
    ['Enter'],
    ' to open, ',
    ['Esc'],
    ' to close',
  ];
  for (const part of parts) {
    hints.append(typeof part === 'string' ? part : element(doc, 'kbd', { textContent: part[0] }));
  }
  return hints;
}

/** The element that has focus, looking into shadow roots and same-origin frames' owners. */
function deepActiveElement(doc: Document): HTMLElement | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * The search overlay: a modal dialog framing the newer search client (`{basePath}/search-client/
 * v2/index.html`) and serving it the frame protocol ({@link exposeSearchHost}), so it searches as
 * the reader types exactly like the search page. Around the frame: the reader's recent searches
 * (kept in local storage, clearable), key hints, "See all results" (the portal's search route) and
 * Close. Esc closes it from anywhere in it and focus goes back where it was; Enter on a result
 * opens the page, Enter with none chosen opens the search route. Lives in its own shadow root, so
 * a doc page's styles cannot reach it and its styles leak nowhere.
 */
export class SearchOverlay {
  private readonly doc: Document;
  private readonly dialog: HTMLDialogElement;
  private readonly frameBox: HTMLDivElement;
  private readonly recent: HTMLElement;
  private readonly seeAll: HTMLAnchorElement;
  private readonly host: SearchHost;
  private iframe: HTMLIFrameElement | null = null;
  private searchString = '';
  private returnFocus: HTMLElement | null = null;
  private readonly go: (path: string) => void;

  constructor(
    private readonly win: Window,
    private readonly options: SearchOverlayOptions,
  ) {
    this.doc = win.document;
    this.go = options.go ?? ((path) => win.location.assign(path));
    const { doc } = this;
    const shadowHost = element(doc, 'div', {}, { 'data-docs-portal': 'search-overlay' });
    shadowHost.style.cssText = 'all:initial';
    const root = shadowHost.attachShadow({ mode: 'open' });
    this.dialog = element(doc, 'dialog', {}, { 'aria-label': 'Search the documentation' });
    this.frameBox = element(doc, 'div', { className: 'frame' });
    this.recent = element(
      doc,
      'section',
      { className: 'recent' },
      { 'aria-label': 'Recent searches' },
    );
    this.seeAll = element(doc, 'a', { className: 'all', textContent: 'See all results' });
    const close = element(doc, 'button', {
      type: 'button',
      className: 'close',
      textContent: 'Close',
    });
    // Focus lands here first, in this document, so Esc works before the client has loaded.
    close.autofocus = true;
    close.addEventListener('click', () => this.close());
    this.seeAll.addEventListener('click', (event) => {
      event.preventDefault();
      this.openSearchRoute(this.searchString);
    });
    const actions = element(doc, 'div', { className: 'actions' });
    actions.append(this.seeAll, close);
    const footer = element(doc, 'footer');
    footer.append(keyHints(doc), actions);
    this.dialog.append(this.frameBox, this.recent, footer);
    this.dialog.addEventListener('close', () => this.afterClose());
    this.dialog.addEventListener('click', (event) => {
      // A click on the backdrop (outside the dialog's box) closes it, as in DocSearch.
      if (event.target === this.dialog) this.close();
    });
    root.append(element(doc, 'style', { textContent: OVERLAY_STYLE }), this.dialog);
    doc.body.append(shadowHost);
    this.host = {
      searchUrl:
        `${options.basePath}/search` +
        (options.fromVersion ? `?fromVersion=${encodeURIComponent(options.fromVersion)}` : ''),
      searchString: '',
      basePath: options.basePath,
      onHttpError: (status) => {
        if (status !== 401) return;
        const here = win.location.pathname;
        const login = `${options.basePath}/ui/login`;
        this.go(
          here.endsWith('/ui/')
            ? login
            : `${login}?redirectPath=${encodeURIComponent(here + win.location.search)}`,
        );
      },
      onStateChange: (state) => this.showSearch(state.searchString),
      onNavigate: (path) => {
        rememberSearch(this.searchString);
        noteSearchOrigin(this.searchString, path);
        this.close();
        this.go(path);
      },
    };
    this.showSearch('');
  }

  /** True while the overlay is shown. */
  get isOpen(): boolean {
    return this.dialog.open;
  }

  /** Shows the overlay (loading the client on first use) and puts focus in its search box. */
  open(): void {
    if (this.dialog.open) {
      this.focusClient();
      return;
    }
    this.returnFocus = deepActiveElement(this.doc);
    this.ensureFrame();
    this.renderRecent();
    this.dialog.showModal();
    this.focusClient();
  }

  /** Hides the overlay; focus goes back to where it was when it opened. */
  close(): void {
    if (this.dialog.open) this.dialog.close();
  }

  private afterClose(): void {
    const target = this.returnFocus;
    this.returnFocus = null;
    if (target?.isConnected) target.focus();
  }

  private ensureFrame(): void {
    if (this.iframe) return;
    const iframe = element(this.doc, 'iframe', {
      title: OVERLAY_FRAME_TITLE,
      src: `${this.options.basePath}/search-client/v2/index.html`,
    });
    this.iframe = iframe;
    this.frameBox.append(iframe);
    exposeSearchHost(iframe, this.host);
    iframe.addEventListener('load', () => this.wireFrame());
  }

  /** The client's search box, once it is rendered. */
  private clientInput(): HTMLInputElement | null {
    try {
      const input = this.iframe?.contentDocument?.querySelector('input[role="combobox"]');
      return input?.tagName === 'INPUT' ? (input as HTMLInputElement) : null;
    } catch {
      return null;
    }
  }

  private focusClient(): void {
    const iframe = this.iframe;
    // The frame may finish loading after the reader closed the overlay: focus must then stay
    // where closing put it, not move into the hidden frame (where the page's shortcuts are deaf).
    if (!iframe || !this.dialog.open) return;
    const input = this.clientInput();
    if (input) {
      iframe.focus();
      input.focus();
      input.select();
      return;
    }
    const frameDoc = iframe.contentDocument;
    if (!frameDoc?.body || frameDoc.URL === 'about:blank') {
      iframe.addEventListener('load', () => this.focusClient(), { once: true });
      return;
    }
    const observer = new MutationObserver(() => {
      if (!this.clientInput()) return;
      observer.disconnect();
      if (this.dialog.open) this.focusClient();
    });
    observer.observe(frameDoc.body, { childList: true, subtree: true });
  }

  /**
   * Keys and clicks inside the framed client that mean something to the overlay (same origin, so
   * read in the capture phase before the client sees them): Esc closes; Enter with no result chosen
   * and "See all results" open the portal's search route rather than a long list in a small box.
   */
  private wireFrame(): void {
    const frameWin = this.iframe?.contentWindow;
    if (!frameWin) return;
    // The client's own key line says Esc clears; here Esc closes, as the overlay's footer says.
    const hideKeys = frameWin.document.createElement('style');
    hideKeys.textContent = '#sc-keys{display:none}';
    frameWin.document.head?.append(hideKeys);
    // Closing can leave the focus in the hidden frame (when nothing outside could take it back):
    // the shortcuts must open the overlay from there too, not only from the page.
    listenForSearchShortcuts(frameWin, () => this.open());
    frameWin.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          this.close();
          return;
        }
        const target = event.target as Element | null;
        if (
          event.key === 'Enter' &&
          target?.getAttribute?.('role') === 'combobox' &&
          !target.getAttribute('aria-activedescendant') &&
          this.searchString.trim() !== ''
        ) {
          event.preventDefault();
          event.stopPropagation();
          this.openSearchRoute(this.searchString);
        }
      },
      true,
    );
    frameWin.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element | null;
        if (!target?.closest?.('.sc-see-all')) return;
        event.preventDefault();
        event.stopPropagation();
        this.openSearchRoute(this.searchString);
      },
      true,
    );
  }

  private openSearchRoute(searchString: string): void {
    if (searchString.trim() === '') return;
    rememberSearch(searchString);
    this.close();
    this.go(searchRouteOf(this.options.basePath, searchString));
  }

  private showSearch(searchString: string): void {
    this.searchString = searchString;
    this.host.searchString = searchString;
    const empty = searchString.trim() === '';
    this.seeAll.hidden = empty;
    this.seeAll.href = empty ? '' : searchRouteOf(this.options.basePath, searchString);
    if (!empty) this.seeAll.textContent = `See all results for “${searchString.trim()}”`;
    this.renderRecent();
  }

  private renderRecent(): void {
    const { doc } = this;
    const items = readRecentSearches();
    this.recent.hidden = this.searchString.trim() !== '' || items.length === 0;
    if (this.recent.hidden) {
      this.recent.replaceChildren();
      return;
    }
    const head = element(doc, 'div', { className: 'recent-head' });
    const clear = element(doc, 'button', {
      type: 'button',
      className: 'link-button',
      textContent: 'Clear recent searches',
    });
    clear.addEventListener('click', () => {
      clearRecentSearches();
      this.renderRecent();
      this.focusClient();
    });
    head.append(element(doc, 'h2', { textContent: 'Recent searches' }), clear);
    const list = element(doc, 'ul');
    for (const text of items) {
      const button = element(doc, 'button', {
        type: 'button',
        className: 'recent-item',
        textContent: text,
      });
      button.addEventListener('click', () => this.searchAgain(text));
      const item = element(doc, 'li');
      item.append(button);
      list.append(item);
    }
    this.recent.replaceChildren(head, list);
  }

  /** Runs a recent search again: the client reloads with it as its opening search. */
  private searchAgain(text: string): void {
    this.showSearch(text);
    try {
      this.iframe?.contentWindow?.location.reload();
    } catch {
      return;
    }
    this.iframe?.addEventListener('load', () => this.focusClient(), { once: true });
  }
}

let overlay: SearchOverlay | null = null;

/** Opens the page's one search overlay, creating it on first use. */
export function openSearchOverlay(win: Window, options: SearchOverlayOptions): SearchOverlay {
  overlay ??= new SearchOverlay(win, options);
  overlay.open();
  return overlay;
}
