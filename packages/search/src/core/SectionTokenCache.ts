import { LRUCache } from 'lru-cache';
import type { FieldTokens } from './sectionTokens';

/** A decoded section as cached: all its tokens and, once it is used again, their term orders. */
export interface CachedSection {
  /** Every token of every field. */
  fields: FieldTokens[];
  /** Per field, its tokens by term (see `termOrder`); set when the section is used again. */
  orders?: ReadonlyArray<Int32Array | undefined>;
}

/**
 * What V8 holds for one typed array besides its data: the view and its ArrayBuffer, about 90 and
 * 85 bytes in a heap snapshot of a portal, plus the allocation around the data.
 */
const TYPED_ARRAY_BYTES = 192;
/** A field's object holding its two arrays, and a section's object with its list of fields. */
const FIELD_OBJECT_BYTES = 48;
const SECTION_OBJECT_BYTES = 120;

/**
 * Bytes a cached section holds, objects included: sections are small (a few dozen tokens per
 * field), so the objects around their arrays weigh as much as the tokens, and counting only the
 * tokens let the cache hold over twice its ceiling.
 */
function heldBytes(section: CachedSection): number {
  let bytes = SECTION_OBJECT_BYTES;
  for (const field of section.fields) {
    bytes += field.terms.byteLength + field.positions.byteLength;
    bytes += 2 * TYPED_ARRAY_BYTES + FIELD_OBJECT_BYTES;
  }
  for (const order of section.orders ?? []) {
    bytes += order === undefined ? 8 : order.byteLength + TYPED_ARRAY_BYTES;
  }
  return bytes;
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

  /** Keeps a section (in place of the one cached under its id; not one over the budget). */
  set(sectionId: number, section: CachedSection): void {
    this.entries?.set(sectionId, section);
  }
}
