import type { FacetField, SearchFilters } from '@docs-portal/contracts';
import { FACET_NAMES } from '../api/searchApi';

/** The facet filters of `filters` (the ones the search API knows), without empty lists. */
export function facetFilters(filters: SearchFilters): SearchFilters {
  const kept: SearchFilters = {};
  for (const name of FACET_NAMES) {
    const values = filters[name];
    if (values && values.length > 0) kept[name] = [...new Set(values)];
  }
  return kept;
}

/** `filters` with `value` of `field` selected when it was not, and removed when it was. */
export function toggleFilter(
  filters: SearchFilters,
  field: FacetField,
  value: string,
): SearchFilters {
  const values = filters[field] ?? [];
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return facetFilters({ ...filters, [field]: next });
}

/** How many facet values are selected. */
export function filterCount(filters: SearchFilters): number {
  return FACET_NAMES.reduce((sum, name) => sum + (filters[name]?.length ?? 0), 0);
}
