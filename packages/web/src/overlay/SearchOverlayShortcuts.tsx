import { listenForSearchShortcuts } from '@docs-portal/search-client/shortcuts';
import { useEffect } from 'react';
import { usePortal } from '../data/PortalContext';

/** The framed client of the search route, when the current page shows it. */
function framedSearchBox(doc: Document): HTMLInputElement | null {
  const frame = doc.querySelector<HTMLIFrameElement>('iframe[title="Documentation search"]');
  try {
    const input = frame?.contentDocument?.querySelector('input[role="combobox"]');
    if (!frame || input?.tagName !== 'INPUT') return null;
    frame.focus();
    return input as HTMLInputElement;
  } catch {
    return null;
  }
}

/**
 * Opens the search overlay on `/` and Ctrl/Cmd-K anywhere in the app (the search route's own
 * search box takes the focus instead). The overlay's code loads on first use, so the shell's
 * first load carries only this listener. Renders nothing.
 */
export function SearchOverlayShortcuts() {
  const { basePath } = usePortal().bootstrap;
  useEffect(() => {
    let cancelled = false;
    const open = () => {
      const searchBox = framedSearchBox(document);
      if (searchBox) {
        searchBox.focus();
        searchBox.select();
        return;
      }
      void import('@docs-portal/search-client/overlay').then(({ openSearchOverlay }) => {
        if (!cancelled) openSearchOverlay(window, { basePath });
      });
    };
    const stop = listenForSearchShortcuts(window, open);
    return () => {
      cancelled = true;
      stop();
    };
  }, [basePath]);
  return null;
}
