import { LRUCache } from 'lru-cache';
import type { FieldTokens } from './sectionTokens';

/** A decoded section as cached: all its tokens and, once it is used again, their term orders. */
export interface CachedSection {
  /** Every token of every field. */
  fields: FieldTokens[];
  /** Per field, its tokens by term (see `termOrder`); set when the section is used again. */
  orders?: ReadonlyArray<Int32Array | undefined>;
}

/** Bytes a cached section holds: its arrays plus a little for the objects around them. */
function heldBytes(section: CachedSection): number {
  let bytes = 64;
  for (const field of section.fields)
    bytes += field.terms.byteLength + field.positions.byteLength + 48;
  for (const order of section.orders ?? []) bytes += (order?.byteLength ?? 0) + 16;
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
