/** How deep below `<body>` the page's fixed headers and side bars are looked for. */
const MAX_DEPTH = 3;
/** Most elements looked at (a skin's frame sits near the top of the tree). */
const MAX_ELEMENTS = 400;

function pinnedToTop(win: Window, root: Element): HTMLElement[] {
  const found: HTMLElement[] = [];
  let seen = 0;
  const visit = (parent: Element, depth: number) => {
    for (const child of parent.children) {
      if (seen++ >= MAX_ELEMENTS) return;
      if (!(child instanceof HTMLElement) || child.hasAttribute('data-docs-portal')) continue;
      const style = win.getComputedStyle(child);
      if (style.position === 'fixed' && style.top === '0px') found.push(child);
      else if (depth < MAX_DEPTH) visit(child, depth + 1);
    }
  };
  visit(root, 1);
  return found;
}

/**
 * Keeps the skin's elements fixed to the top edge (a Read the Docs side bar, a fixed header) from
 * covering the portal bar: while the bar is on screen they start below it, and they move back to
 * the top edge as it scrolls away. Pages without such elements get no scroll listener.
 */
export function keepTopClear(win: Window, bar: HTMLElement): void {
  const body = win.document.body;
  const pinned = pinnedToTop(win, body);
  if (pinned.length === 0) return;
  const place = () => {
    const offset = Math.max(0, bar.getBoundingClientRect().bottom);
    for (const element of pinned) element.style.setProperty('top', `${offset}px`, 'important');
  };
  place();
  win.addEventListener('scroll', place, { passive: true });
  win.addEventListener('resize', place, { passive: true });
}
