import type { ReaderAccess } from '@docs-portal/search';
import type { DocSetConfig } from '../config/schema';
import { canRead, type Reader } from './canRead';

/**
 * What the search engine may search for `reader`: the ids of the configured doc sets `canRead`
 * allows. The engine selects only among these, so a doc set whose audience was narrowed, or that
 * was removed from the config, is out of reach at once, even while the index still describes it
 * as it was (before the start-up sync, or while the index's database is unreachable).
 */
export function searchAccess(reader: Reader, docSets: readonly DocSetConfig[]): ReaderAccess {
  return { docSetIds: docSets.filter((docSet) => canRead(reader, docSet)).map((d) => d.id) };
}
