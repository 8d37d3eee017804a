import { LRUCache } from 'lru-cache';
import type { FieldTokens } from './sectionTokens';

/** Bytes a decoded section holds: its arrays plus a little for the objects around them. */
function heldBytes(fields: readonly FieldTokens[]): number {
  let bytes = 64;
  for (const field of fields) bytes += field.terms.byteLength + field.positions.byteLength + 48;
  return bytes;
}

/**
 * Decoded token sequences of the sections of one index generation (all their tokens), least
 * recently used dropped first once the byte budget is spent. The sections of the pages readers
 * find most often are ranked again by query after query; reading and decoding their whole text
 * each time was the largest part of a search's cost after scoring.
 */
export class SectionTokenCache {
  private readonly entries: LRUCache<number, FieldTokens[]> | undefined;

  /** `maxBytes` 0 keeps nothing. */
  constructor(maxBytes: number) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<number, FieldTokens[]>({ maxSize: maxBytes, sizeCalculation: heldBytes })
        : undefined;
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }

  /** The decoded section (shared: never to be changed), refreshed as most recently used. */
  get(sectionId: number): FieldTokens[] | undefined {
    return this.entries?.get(sectionId);
  }

  /** Keeps a decoded section (not one larger than the whole budget). */
  set(sectionId: number, fields: FieldTokens[]): void {
    this.entries?.set(sectionId, fields);
  }
}
