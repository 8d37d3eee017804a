import type { IndexReader, PostingKind } from '../core/IndexStore';
import {
  NO_POSTINGS,
  decodePostingList,
  postingKey,
  type DecodedPostings,
} from '../core/PostingCache';

/**
 * Decoded postings of terms in the given doc sets: from the generation's cache when there,
 * else read (only for the doc sets given) and cached. Term id → one list per doc set.
 */
export async function loadPostings(
  reader: IndexReader,
  kind: PostingKind,
  termIds: readonly number[],
  docSetIds: readonly number[],
): Promise<Map<number, DecodedPostings[]>> {
  const cache = reader.snapshot.cache;
  const out = new Map<number, DecodedPostings[]>();
  const missing: number[] = [];
  for (const termId of termIds) {
    const lists: DecodedPostings[] = [];
    let complete = true;
    for (const docSetId of docSetIds) {
      const list = cache.get(postingKey(kind, termId, docSetId));
      if (list === undefined) {
        complete = false;
        break;
      }
      if (list.count > 0) lists.push(list);
    }
    if (complete) out.set(termId, lists);
    else missing.push(termId);
  }
  if (missing.length === 0) return out;
  const read = await reader.postings(kind, missing, docSetIds);
  for (const termId of missing) {
    const byDocSet = new Map((read.get(termId) ?? []).map((row) => [row.docSetId, row.blob]));
    const lists: DecodedPostings[] = [];
    for (const docSetId of docSetIds) {
      const key = postingKey(kind, termId, docSetId);
      let list = cache.get(key);
      if (list === undefined) {
        const blob = byDocSet.get(docSetId);
        list = blob === undefined ? NO_POSTINGS : decodePostingList(blob);
        cache.set(key, list);
      }
      if (list.count > 0) lists.push(list);
    }
    out.set(termId, lists);
  }
  return out;
}
