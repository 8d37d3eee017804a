import type { FacetCount, FacetField, SearchFilters, SearchResponse } from '@docs-portal/contracts';
import { FACET_NAMES } from '../api/searchApi';
import { filterCount } from './filters';

/** Names of the facet fields as readers see them. */
const FACET_LABELS: Record<FacetField, string> = {
  product: 'Product',
  version: 'Version',
  docType: 'Document type',
};

/** Props of {@link Facets}. */
export interface FacetsProps {
  /** Counts of the latest answer (null before any). */
  facets: SearchResponse['facets'] | null;
  /** The values selected now. */
  selected: SearchFilters;
  /** The reader ticked or unticked `value` of `field`. */
  onToggle(field: FacetField, value: string): void;
  /** The reader asked to remove every filter. */
  onClear(): void;
}

/** Counts to list for a field: the answer's, plus selected values it no longer counts (0). */
function listed(counts: readonly FacetCount[], selected: readonly string[]): FacetCount[] {
  const shown = [...counts];
  for (const value of selected) {
    if (!counts.some((c) => c.value === value)) shown.push({ value, count: 0 });
  }
  return shown;
}

/** Product, version and document-type filters with their result counts, as checkboxes. */
export function Facets({ facets, selected, onToggle, onClear }: FacetsProps) {
  const fields = FACET_NAMES.map((field) => ({
    field,
    counts: listed(facets?.[field] ?? [], selected[field] ?? []),
  })).filter(({ counts }) => counts.length > 0);
  if (fields.length === 0) return <p className="sc-facets-none">No filters for this search.</p>;
  return (
    <>
      {fields.map(({ field, counts }) => (
        <fieldset key={field} className="sc-facet">
          <legend>{FACET_LABELS[field]}</legend>
          {counts.map(({ value, count }) => (
            <label key={value} className="sc-facet-value">
              <input
                type="checkbox"
                checked={selected[field]?.includes(value) ?? false}
                onChange={() => onToggle(field, value)}
              />
              <span className="sc-facet-name">{value}</span>
              <span className="sc-count">{count}</span>
            </label>
          ))}
        </fieldset>
      ))}
      {filterCount(selected) > 0 && (
        <button type="button" className="sc-link" onClick={onClear}>
          Clear filters
        </button>
      )}
    </>
  );
}
