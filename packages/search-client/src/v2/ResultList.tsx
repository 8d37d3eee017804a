import type { MouseEvent, ReactNode } from 'react';
import { Explain } from './Explain';
import { LISTBOX_ID, resultHref, type ResultGroup, type ResultOption } from './resultOptions';
import { Snippet } from './Snippet';

/** Props of {@link ResultList}. */
export interface ResultListProps {
  /** Pages with their sections. */
  groups: readonly ResultGroup[];
  /** Id of the option the arrow keys selected, or null. */
  activeId: string | null;
  /** Show scores and explanations (sandbox page). */
  sandbox: boolean;
  /** A newer search is loading: the list is stale. */
  busy: boolean;
  /** The reader opened `option` in the portal window (a plain click). */
  onOpen(option: ResultOption): void;
  /** The reader opened `option` some other way the browser handles (new tab, new window). */
  onOpenElsewhere?(option: ResultOption): void;
}

/** True for a click the browser turns into "open elsewhere": a modifier key or another button. */
function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
}

/** Props of {@link OptionLink}. */
interface OptionLinkProps {
  option: ResultOption;
  /** Classes beside `sc-option`. */
  className: string;
  /** The arrow keys selected it. */
  selected: boolean;
  onOpen(option: ResultOption): void;
  onOpenElsewhere?(option: ResultOption): void;
  children: ReactNode;
}

/**
 * An option of the listbox that is a real link (`<a href role="option">`): middle-click, "open in
 * new tab", "copy link" and the status bar work, and a plain click opens the result in the portal
 * window instead of the frame. Out of the tab order: the combobox's arrow keys move through the
 * options. The link is the option itself, not inside it, so no control is nested in another.
 */
function OptionLink({
  option,
  className,
  selected,
  onOpen,
  onOpenElsewhere,
  children,
}: OptionLinkProps) {
  return (
    <a
      id={option.id}
      role="option"
      aria-selected={selected}
      className={`sc-option sc-option-link ${className}`}
      href={resultHref(option.url)}
      tabIndex={-1}
      onClick={(event) => {
        if (event.defaultPrevented) return;
        if (opensElsewhere(event)) {
          onOpenElsewhere?.(option);
          return;
        }
        event.preventDefault();
        onOpen(option);
      }}
      onAuxClick={(event) => {
        if (event.button === 1) onOpenElsewhere?.(option);
      }}
    >
      {children}
    </a>
  );
}

/**
 * The result listbox of the search combobox: one group per page (its option first, its matching
 * sections beneath), titles and snippets as text with marked terms. Each option holds a link to
 * its page or section. Always in the DOM (hidden when empty) so that the combobox's aria-controls
 * names an element.
 */
export function ResultList({
  groups,
  activeId,
  sandbox,
  busy,
  onOpen,
  onOpenElsewhere,
}: ResultListProps) {
  return (
    <div
      id={LISTBOX_ID}
      role="listbox"
      aria-label="Search results"
      aria-busy={busy}
      className={busy ? 'sc-list sc-stale' : 'sc-list'}
      hidden={groups.length === 0}
    >
      {groups.map(({ hit, option, sections, versions }) => (
        <div key={option.id} role="group" aria-labelledby={`${option.id}-title`} className="sc-hit">
          <OptionLink
            option={option}
            className="sc-page"
            selected={activeId === option.id}
            onOpen={onOpen}
            onOpenElsewhere={onOpenElsewhere}
          >
            {hit.breadcrumb.length > 0 && (
              <span className="sc-crumbs">{hit.breadcrumb.join(' › ')}</span>
            )}
            <span className="sc-title" id={`${option.id}-title`}>
              {hit.title}
            </span>
            {hit.section !== '' && hit.section !== hit.title && (
              <span className="sc-best-section">{hit.section}</span>
            )}
            <span className="sc-snippet">
              <Snippet html={hit.snippet} />
            </span>
            <span className="sc-meta">
              {[hit.product, hit.version, hit.docType].filter((v) => v !== '').join(' · ')}
            </span>
            {sandbox && <Explain score={hit.score} explain={hit.explain} rules={hit.rules} />}
          </OptionLink>
          {sections.map(({ section, option: sectionOption }) => (
            <OptionLink
              key={sectionOption.id}
              option={sectionOption}
              className="sc-section"
              selected={activeId === sectionOption.id}
              onOpen={onOpen}
              onOpenElsewhere={onOpenElsewhere}
            >
              <span className="sc-section-heading">{section.heading || hit.title}</span>
              <span className="sc-snippet">
                <Snippet html={section.snippet} />
              </span>
              {sandbox && <Explain score={section.score} explain={section.explain} />}
            </OptionLink>
          ))}
          {versions.map(({ other, option: versionOption }) => (
            <OptionLink
              key={versionOption.id}
              option={versionOption}
              className="sc-also"
              selected={activeId === versionOption.id}
              onOpen={onOpen}
              onOpenElsewhere={onOpenElsewhere}
            >
              Also in {other.version}
            </OptionLink>
          ))}
        </div>
      ))}
    </div>
  );
}
