import { LRUCache } from 'lru-cache';
import type { FieldTokens } from './sectionTokens';

/** A decoded section as cached: all its tokens and, once it is used again, their term orders. */
export interface CachedSection {
  /** Every token of every field. */
  fields: FieldTokens[];
  /** Per field, its tokens by term (see `termOrder`); set when the section is used again. */
  orders?: ReadonlyArray<Int32Array | undefined>;
}

/*
 * What a cached section costs besides its tokens, as measured (RSS, V8 heap and array buffers
 * of 100,000 cached sections in node 20): each typed array view is an object of about 130 bytes
 * on V8's heap; each array buffer its own JS object, V8's backing store record and malloc's
 * header, about 400 bytes together; the section's object, its list of fields and the fields'
 * objects about 200. Counting only the tokens, or a buffer per array as sections were once
 * decoded, let the cache hold two to three times its ceiling.
 */
const VIEW_BYTES = 130;
const BUFFER_BYTES = 400;
const SECTION_OBJECT_BYTES = 200;

/** Bytes of `arrays` and of the distinct buffers under them. */
function arrayBytes(arrays: ReadonlyArray<Int32Array | undefined>): number {
  let bytes = 0;
  let last: ArrayBufferLike | undefined;
  const seen = new Set<ArrayBufferLike>();
  for (const array of arrays) {
    if (array === undefined) {
      bytes += 8;
      continue;
    }
    bytes += VIEW_BYTES;
    const buffer = array.buffer;
    // Views of one buffer come one after another: the set is for odd layouts only.
    if (buffer === last || seen.has(buffer)) continue;
    last = buffer;
    seen.add(buffer);
    bytes += buffer.byteLength + BUFFER_BYTES;
  }
  return bytes;
}

/** Bytes a cached section holds: its arrays, their buffers and the objects around them. */
function heldBytes(section: CachedSection): number {
  const arrays: Array<Int32Array | undefined> = [];
  for (const field of section.fields) arrays.push(field.terms, field.positions);
  return SECTION_OBJECT_BYTES + arrayBytes(arrays) + arrayBytes(section.orders ?? []);
}

/**
 * The term orders of a section in one buffer (see `heldBytes`): they are computed field by
 * field, each in an array of its own, when a section is used again.
 */
function packOrders(
  orders: ReadonlyArray<Int32Array | undefined>,
): ReadonlyArray<Int32Array | undefined> {
  let total = 0;
  for (const order of orders) total += order?.length ?? 0;
  const packed = new Int32Array(total);
  let at = 0;
  return orders.map((order) => {
    if (order === undefined) return undefined;
    packed.set(order, at);
    at += order.length;
    return packed.subarray(at - order.length, at);
  });
}

/**
 * Decoded token sequences of the sections of one index generation, least recently used dropped
 * first once the byte budget is spent. The sections of the pages readers find most often are
 * ranked again query after query; reading and decoding their whole text each time was the
 * largest part of a search's cost after scoring.
 */
export class SectionTokenCache {
  private readonly entries: LRUCache<number, CachedSection> | undefined;

  /** `maxBytes` 0 keeps nothing. */
  constructor(maxBytes: number) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<number, CachedSection>({ maxSize: maxBytes, sizeCalculation: heldBytes })
        : undefined;
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }

  /** The cached section (shared: never to be changed), refreshed as most recently used. */
  get(sectionId: number): CachedSection | undefined {
    return this.entries?.get(sectionId);
  }

  /**
   * Keeps a section (in place of the one cached under its id; not one over the budget). The
   * cache may keep a copy of its term orders, packed.
   */
  set(sectionId: number, section: CachedSection): void {
    if (this.entries === undefined) return;
    const orders = section.orders;
    this.entries.set(
      sectionId,
      orders === undefined || orders.length < 2
        ? section
        : { fields: section.fields, orders: packOrders(orders) },
    );
  }
}
