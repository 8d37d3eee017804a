import { highlightPage, removeHighlights } from '../highlight/markTerms';
import type { openSearchOverlay } from '../overlay/SearchOverlay';
import { searchOriginOf, searchRouteOf } from '../overlay/searchOrigin';
import { listenForSearchShortcuts } from '../overlay/searchShortcuts';
import { addFeedbackControl, reportMissingAnchor } from './FeedbackControl';
import { addPortalBar } from './PortalBar';
import { keepTopClear } from './keepTopClear';
import { addVersionControls } from './versionControls';

/**
 * The portal's base path from the address of this script (`{basePath}/search-client/...`), or
 * null when the script was loaded from anywhere else.
 */
export function basePathOfScript(src: string | undefined, origin: string): string | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const at = url.pathname.indexOf('/search-client/');
  return at >= 0 ? url.pathname.slice(0, at) : null;
}

/** `search` without its `Highlight` parameter (any case of the name). */
export function withoutHighlight(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) {
    if (name.toLowerCase() === 'highlight') params.delete(name);
  }
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

type OverlayModule = { openSearchOverlay: typeof openSearchOverlay };
let overlayModule: Promise<OverlayModule> | null = null;

/**
 * Opens the search overlay, loading its module (`{basePath}/search-client/overlay.js`, built apart)
 * on first use: a page that is only read never loads it.
 */
function openOverlayOnce(win: Window, basePath: string, fromVersion?: string): Promise<void> {
  overlayModule ??= import(/* @vite-ignore */ `${basePath}/search-client/overlay.js`).catch(
    (error: unknown) => {
      overlayModule = null;
      throw error;
    },
  ) as Promise<OverlayModule>;
  return overlayModule.then(
    ({ openSearchOverlay }) => void openSearchOverlay(win, { basePath, fromVersion }),
    () => win.location.assign(`${basePath}/ui/search`),
  );
}

/**
 * Everything the portal adds to a served doc page: marks the searched terms, adds the portal bar,
 * and opens the search overlay on `/` and Ctrl/Cmd-K. Hiding the highlights also takes `Highlight`
 * out of the address, so a reload or a shared link shows the page plain.
 */
export function runDocPage(win: Window, basePath: string): void {
  const doc = win.document;
  const marks = highlightPage(win);
  let fromVersion: string | undefined;
  const openOverlay = () => void openOverlayOnce(win, basePath, fromVersion);
  const searchString = searchOriginOf(win, basePath);
  const bar = addPortalBar(doc, {
    basePath,
    fromSearch:
      searchString === null ? null : { searchString, href: searchRouteOf(basePath, searchString) },
    hasHighlights: marks > 0,
    onSearch: openOverlay,
    onHideHighlights: () => {
      removeHighlights(doc);
      const { pathname, search, hash } = win.location;
      win.history.replaceState(win.history.state, '', pathname + withoutHighlight(search) + hash);
    },
  });
  keepTopClear(win, bar);
  void addVersionControls(win, basePath, bar).then((version) => (fromVersion = version));
  reachCodeByKeyboard(doc);
  listenForSearchShortcuts(win, openOverlay);
  addFeedbackControl(win, basePath);
  reportMissingAnchor(win, basePath);
}

/**
 * Code blocks wider than the page scroll sideways; a reader without a mouse can only scroll one
 * that takes focus, so each such block gets `tabindex="0"` (unless the skin already gave one).
 */
export function reachCodeByKeyboard(doc: Document): void {
  for (const block of doc.querySelectorAll<HTMLElement>('pre')) {
    if (!block.hasAttribute('tabindex') && block.scrollWidth > block.clientWidth) {
      block.tabIndex = 0;
    }
  }
}

/** Runs {@link runDocPage} once the document is parsed; not at all in a frame or off the portal. */
export function startDocPage(win: Window, scriptSrc: string | undefined): void {
  const basePath = basePathOfScript(scriptSrc, win.location.origin);
  if (basePath === null) return;
  // A doc page framed by another portal page (a preview) keeps to itself: one bar per window.
  if (win.top !== win) {
    highlightOnly(win);
    return;
  }
  const run = () => runDocPage(win, basePath);
  if (win.document.readyState === 'loading') {
    win.document.addEventListener('DOMContentLoaded', run, { once: true });
  } else {
    run();
  }
}

function highlightOnly(win: Window): void {
  if (win.document.readyState === 'loading') {
    win.document.addEventListener('DOMContentLoaded', () => highlightPage(win), { once: true });
  } else {
    highlightPage(win);
  }
}
