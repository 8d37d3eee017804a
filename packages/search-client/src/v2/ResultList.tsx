import { Explain } from './Explain';
import { LISTBOX_ID, type ResultGroup, type ResultOption } from './resultOptions';
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
  /** The reader opened `option`. */
  onOpen(option: ResultOption): void;
}

/**
 * The result listbox of the search combobox: one group per page (its option first, its matching
 * sections beneath), titles and snippets as text with marked terms. Always in the DOM (hidden
 * when empty) so that the combobox's aria-controls names an element.
 */
export function ResultList({ groups, activeId, sandbox, busy, onOpen }: ResultListProps) {
  return (
    <div
      id={LISTBOX_ID}
      role="listbox"
      aria-label="Search results"
      aria-busy={busy}
      className={busy ? 'sc-list sc-stale' : 'sc-list'}
      hidden={groups.length === 0}
    >
      {groups.map(({ hit, option, sections }) => (
        <div key={option.id} role="group" aria-labelledby={`${option.id}-title`} className="sc-hit">
          <div
            id={option.id}
            role="option"
            aria-selected={activeId === option.id}
            className="sc-option sc-page"
            onClick={() => onOpen(option)}
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
            {sandbox && <Explain score={hit.score} explain={hit.explain} />}
          </div>
          {sections.map(({ section, option: sectionOption }) => (
            <div
              key={sectionOption.id}
              id={sectionOption.id}
              role="option"
              aria-selected={activeId === sectionOption.id}
              className="sc-option sc-section"
              onClick={() => onOpen(sectionOption)}
            >
              <span className="sc-section-heading">{section.heading || hit.title}</span>
              <span className="sc-snippet">
                <Snippet html={section.snippet} />
              </span>
              {sandbox && <Explain score={section.score} explain={section.explain} />}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
