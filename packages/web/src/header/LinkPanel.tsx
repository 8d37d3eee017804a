import type { ProductTab } from '@docs-portal/contracts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { DocLink } from './DocLink';
import { useMediaQuery } from './useMediaQuery';
import { useTabStripOverflow } from './useTabStripOverflow';

/** Up to this window width the tabs become a "Products" menu, closed by default. */
export const PHONE_QUERY = '(max-width: 640px)';

/** Where the desktop panel remembers that the reader collapsed it. */
const COLLAPSED_KEY = 'docs-portal.linkPanel.collapsed';

/** The tab shown first (SPEC.md section 4): Data Platform when configured, else the first. */
export function defaultTabIndex(tabs: ProductTab[]): number {
  const index = tabs.findIndex(
    (tab) => tab.id === 'data-platform' || tab.label === 'Data Platform',
  );
  return index >= 0 ? index : 0;
}

/** Where a key press on tab `current` of `count` moves the selection (null: not a tab key). */
function nextTab(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(COLLAPSED_KEY, String(collapsed));
  } catch {
    // Storage may be off (private mode): the choice then lasts for this page only.
  }
}

/**
 * The header link panel: one tab per product family, one panel shown at a time (Data Platform
 * first), following the WAI-ARIA tabs pattern (roving tabindex; arrows, Home and End move and
 * select). On desktop the panels share one height (no jump between tabs), the panel can be
 * collapsed (remembered), and a tab strip too narrow for its tabs shows that it scrolls. On
 * phones the tabs sit in a "Products" menu, closed by default.
 */
export function LinkPanel({ tabs }: { tabs: ProductTab[] }) {
  const [selected, setSelected] = useState(() => defaultTabIndex(tabs));
  const [menuOpen, setMenuOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const phone = useMediaQuery(PHONE_QUERY);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuButton = useRef<HTMLButtonElement>(null);
  const strip = useTabStripOverflow();
  const id = useId();
  const current = Math.min(selected, tabs.length - 1);
  const panelsHidden = phone ? false : collapsed;

  const toggleCollapsed = (next: boolean) => {
    setCollapsed(next);
    storeCollapsed(next);
  };
  const select = (index: number) => {
    setSelected(index);
    if (!phone && collapsed) toggleCollapsed(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextTab(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    select(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <nav
      className="link-panel"
      aria-label="Product links"
      data-layout={phone ? 'phone' : 'desktop'}
    >
      {phone && (
        <button
          ref={menuButton}
          type="button"
          className="link-panel-menu-button"
          aria-expanded={menuOpen}
          aria-controls={`${id}-menu`}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span>Products</span>
          <span className="link-panel-menu-current">{tabs[current]?.label}</span>
          <span className="link-panel-chevron" aria-hidden="true" />
        </button>
      )}
      <div
        id={`${id}-menu`}
        className="link-panel-menu"
        hidden={phone && !menuOpen}
        onKeyDown={(event) => {
          if (!phone || event.key !== 'Escape') return;
          setMenuOpen(false);
          menuButton.current?.focus();
        }}
      >
        <div
          className="link-panel-strip"
          data-overflow-start={strip.start}
          data-overflow-end={strip.end}
        >
          {/* Before the tabs in focus order, so Tab from the tab list goes on into the panel (WAI-ARIA tabs); shown at the end of the strip. */}
          {!phone && (
            <button
              type="button"
              className="link-panel-collapse"
              aria-expanded={!collapsed}
              aria-controls={`${id}-panels`}
              onClick={() => toggleCollapsed(!collapsed)}
            >
              {collapsed ? 'Show links' : 'Hide links'}
            </button>
          )}
          <button
            type="button"
            className="link-panel-scroll link-panel-scroll-start"
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => strip.scrollBy(-1)}
          >
            ‹
          </button>
          <div
            ref={strip.ref}
            className="link-panel-tabs"
            role="tablist"
            aria-label="Product families"
            aria-orientation={phone ? 'vertical' : 'horizontal'}
          >
            {tabs.map((tab, index) => (
              <button
                key={tab.id}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${tab.id}`}
                className="link-panel-tab"
                aria-selected={index === current}
                aria-controls={`${id}-panel-${tab.id}`}
                tabIndex={index === current ? 0 : -1}
                onClick={(event) => {
                  select(index);
                  event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
                }}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {tab.label}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="link-panel-scroll link-panel-scroll-end"
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => strip.scrollBy(1)}
          >
            ›
          </button>
        </div>
        <div id={`${id}-panels`} className="link-panel-panels" hidden={panelsHidden}>
          {tabs.map((tab, index) => (
            <div
              key={tab.id}
              role="tabpanel"
              id={`${id}-panel-${tab.id}`}
              className="link-panel-body"
              aria-labelledby={`${id}-tab-${tab.id}`}
              hidden={index !== current}
            >
              <div className="link-panel-columns">
                {tab.columns.map((column, columnIndex) => (
                  <div className="link-column" key={`${column.heading}-${columnIndex}`}>
                    <p className="link-column-heading" id={`${id}-${tab.id}-col-${columnIndex}`}>
                      {column.heading}
                    </p>
                    <ul aria-labelledby={`${id}-${tab.id}-col-${columnIndex}`}>
                      {column.links.map((link) => (
                        <li key={`${link.title}-${link.path}`}>
                          <DocLink link={link} className="link-column-link" />
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </nav>
  );
}
