import type { Reader } from './canRead';

/**
 * True when `reader` may open the search analytics report: employees only, as the documentation
 * team. The report holds what readers of every kind searched (queries, result counts, click
 * ranks) and names no doc set or page, so this rule is about the reader rather than a doc set; the
 * clicks it counts were only recorded on pages `canRead` let the clicking reader open.
 */
export function canSeeAnalytics(reader: Reader | null | undefined): boolean {
  return reader?.kind === 'employee';
}
