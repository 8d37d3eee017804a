import { LRUCache } from 'lru-cache';
import { FIELD_COUNT } from './fields';
import { PostingList } from './postings';

/** A decoded posting list: document ids (ascending) and per-field frequencies. */
export interface DecodedPostings {
  /** Number of postings. */
  count: number;
  /** Document ids, ascending. */
  ids: Int32Array;
  /** Frequencies, FIELD_COUNT per posting. */
  tf: Uint16Array;
}

/** The list of a term that a doc set does not hold. */
export const NO_POSTINGS: DecodedPostings = {
  count: 0,
  ids: new Int32Array(0),
  tf: new Uint16Array(0),
};

/** Decodes one encoded posting blob into compact typed arrays. */
export function decodePostingList(blob: Uint8Array): DecodedPostings {
  const list = new PostingList();
  list.append(blob);
  return {
    count: list.count,
    ids: list.sectionIds.slice(0, list.count),
    tf: list.tf.slice(0, list.count * FIELD_COUNT),
  };
}

/** Bytes a decoded list holds: its arrays plus a little for the object around them. */
function heldBytes(list: DecodedPostings): number {
  return list.ids.byteLength + list.tf.byteLength + 64;
}

/**
 * Decoded posting lists of one index generation, least recently used dropped first once the
 * byte budget is spent. Frequent words recur in most queries; decoding their long lists once
 * instead of on every query is what keeps latency flat as the corpus grows.
 */
export class PostingCache {
  private readonly entries: LRUCache<string, DecodedPostings>;

  constructor(maxBytes = 128 * 1024 * 1024) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: heldBytes });
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return this.entries.calculatedSize;
  }

  /** The cached list, refreshed as most recently used. */
  get(key: string): DecodedPostings | undefined {
    return this.entries.get(key);
  }

  /** Stores a list, dropping the least recently used ones beyond the budget. */
  set(key: string, list: DecodedPostings): void {
    this.entries.set(key, list);
  }
}
