import { BAR_STYLE } from './barStyle';

/** What the portal bar shows and does. */
export interface PortalBarOptions {
  /** The portal's base path (`/docs`). */
  basePath: string;
  /** The search the reader came from, for "Back to results" (null: none). */
  fromSearch: { searchString: string; href: string } | null;
  /** Whether the page has highlights the reader may hide. */
  hasHighlights: boolean;
  /** Opens the search overlay. */
  onSearch(): void;
  /** Removes the highlights. */
  onHideHighlights(): void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function bookIcon(doc: Document): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS(SVG_NS, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute(
    'd',
    'M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5a1 1 0 0 0 0 2H20v1H6.5A2.5 2.5 0 0 1 4 19.5z',
  );
  svg.append(path);
  return svg;
}

/**
 * Adds the thin portal bar at the top of a doc page, inside a shadow root so that the generator's
 * styles neither reach it nor are touched by it: the portal link, "Back to results for '<query>'"
 * when the reader came from search, a search box that opens the overlay, and "Hide highlights".
 * Returns the bar's host element.
 */
export function addPortalBar(doc: Document, options: PortalBarOptions): HTMLElement {
  const host = doc.createElement('div');
  host.setAttribute('data-docs-portal', 'portal-bar');
  host.style.cssText = 'all:initial;display:block';
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = BAR_STYLE;
  const nav = doc.createElement('nav');
  nav.setAttribute('aria-label', 'Documentation portal');

  const home = doc.createElement('a');
  home.className = 'home';
  home.href = `${options.basePath}/ui/`;
  home.append(bookIcon(doc), 'Documentation portal');
  nav.append(home);

  if (options.fromSearch) {
    const back = doc.createElement('a');
    back.className = 'back';
    back.href = options.fromSearch.href;
    back.textContent = `← Back to results for ‘${options.fromSearch.searchString}’`;
    nav.append(back);
  }
  const spacer = doc.createElement('span');
  spacer.className = 'spacer';
  nav.append(spacer);

  const search = doc.createElement('button');
  search.type = 'button';
  search.className = 'search';
  search.setAttribute('aria-haspopup', 'dialog');
  search.setAttribute('aria-keyshortcuts', '/ Control+K Meta+K');
  const label = doc.createElement('span');
  label.textContent = 'Search the documentation';
  const kbd = doc.createElement('kbd');
  kbd.textContent = '/';
  search.append(label, kbd);
  search.addEventListener('click', () => options.onSearch());
  nav.append(search);

  if (options.hasHighlights) {
    const hide = doc.createElement('button');
    hide.type = 'button';
    hide.className = 'hide';
    hide.textContent = 'Hide highlights';
    hide.addEventListener('click', () => {
      options.onHideHighlights();
      hide.remove();
      search.focus();
    });
    nav.append(hide);
  }
  root.append(style, nav);
  doc.body.prepend(host);
  return host;
}
