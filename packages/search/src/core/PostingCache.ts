import { LRUCache } from 'lru-cache';
import { FIELD_COUNT } from './fields';
import type { PostingKind } from './IndexStore';
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

/**
 * The list every blob is decoded into before its postings are copied out at their exact size.
 * A list of its own per decode grew by doubling from 64 postings, leaving malloc a trail of
 * freed buffers of every size between the lists it keeps. Grows to the longest list decoded.
 */
const scratch = new PostingList();

/**
 * Decodes one encoded posting blob into compact typed arrays, both views of one buffer: a list
 * is kept in the posting cache, and each buffer costs V8 and malloc about 400 bytes besides its
 * data, more than most lists' postings.
 */
export function decodePostingList(blob: Uint8Array): DecodedPostings {
  scratch.reset();
  scratch.append(blob);
  const count = scratch.count;
  const buffer = new ArrayBuffer(count * (4 + 2 * FIELD_COUNT));
  const ids = new Int32Array(buffer, 0, count);
  const tf = new Uint16Array(buffer, count * 4, count * FIELD_COUNT);
  ids.set(scratch.sectionIds.subarray(0, count));
  tf.set(scratch.tf.subarray(0, count * FIELD_COUNT));
  return { count, ids, tf };
}

/*
 * What a cached list costs besides its postings, as measured (RSS of 100,000 cached lists in
 * node 20): its object, two typed array views, its key and the cache's slot on V8's heap, about
 * 480 bytes; its buffer's JS object, V8's backing store record and malloc's headers, about 450.
 * Counting 64 let the cache hold a tenth more than its ceiling at 10,000 synthetic pages, where
 * most of its 6,300 lists are short.
 */
const LIST_BYTES = 930;
/** A second buffer, for a list whose arrays do not share one. */
const BUFFER_BYTES = 400;

/** Bytes a decoded list holds: its postings, the buffers under them, the objects around them. */
function heldBytes(list: DecodedPostings): number {
  const buffer = list.ids.buffer;
  if (buffer === list.tf.buffer) return buffer.byteLength + LIST_BYTES;
  return list.ids.byteLength + list.tf.byteLength + LIST_BYTES + BUFFER_BYTES;
}

/** What the posting cache files a list under (see `postingKey`). */
export type PostingKey = number | string;

/** Doc set store ids a numeric key has room for. */
const KEY_DOC_SETS = 1024;

/**
 * The key of a term's list of one kind in one doc set: one integer while the ids are as small as
 * real indexes keep them, else a string. A query looks up each of its terms' lists (a typed
 * prefix has up to 150) in both kinds; strings built for it were hashed anew on every look-up.
 */
export function postingKey(kind: PostingKind, termId: number, docSetId: number): PostingKey {
  if (docSetId >= 0 && docSetId < KEY_DOC_SETS && termId >= 0 && termId < 2 ** 40) {
    return (termId * KEY_DOC_SETS + docSetId) * 2 + (kind === 'page' ? 1 : 0);
  }
  return `${kind}:${termId}:${docSetId}`;
}

/**
 * Decoded posting lists of one index generation, least recently used dropped first once the
 * byte budget is spent. Frequent words recur in most queries; decoding their long lists once
 * instead of on every query is what keeps latency flat as the corpus grows.
 */
export class PostingCache {
  private readonly entries: LRUCache<PostingKey, DecodedPostings>;

  constructor(maxBytes = 128 * 1024 * 1024) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: heldBytes });
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return this.entries.calculatedSize;
  }

  /** The cached list, refreshed as most recently used. */
  get(key: PostingKey): DecodedPostings | undefined {
    return this.entries.get(key);
  }

  /** Stores a list, dropping the least recently used ones beyond the budget. */
  set(key: PostingKey, list: DecodedPostings): void {
    this.entries.set(key, list);
  }
}
