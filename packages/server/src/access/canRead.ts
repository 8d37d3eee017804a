import type { DocSetConfig } from '../config/schema';
import type { SessionUser } from '../sessions/SessionService';

/** The part of a signed-in reader that access decisions look at. */
export type Reader = Pick<SessionUser, 'kind'>;

/**
 * True when `reader` may read `docSet` under the configuration in force: its audience names the
 * reader's kind or `*` (every signed-in reader). The one rule behind doc serving, search (hits,
 * totals, facets, suggestions, corrections) and analytics clicks, so that none of them can drift;
 * nothing stored earlier about the doc set (in the search index, a release) takes part in it.
 */
export function canRead(reader: Reader, docSet: Pick<DocSetConfig, 'audience'>): boolean {
  return docSet.audience.includes('*') || docSet.audience.includes(reader.kind);
}
