import type { ProductTab } from '@docs-portal/contracts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { DocLink } from './DocLink';

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
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The header link panel: one tab per product family, one panel shown at a time, following the
 * WAI-ARIA tabs pattern (roving tabindex; Left/Right/Home/End move and select).
 */
export function LinkPanel({ tabs }: { tabs: ProductTab[] }) {
  const [selected, setSelected] = useState(() => defaultTabIndex(tabs));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const current = Math.min(selected, tabs.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextTab(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <nav className="link-panel" aria-label="Product links">
      <div className="link-panel-tabs" role="tablist" aria-label="Product families">
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
              setSelected(index);
              // On narrow screens the tab strip scrolls: bring the chosen tab fully into view.
              event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
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
    </nav>
  );
}
