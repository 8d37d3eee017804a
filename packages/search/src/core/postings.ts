import { FIELD_COUNT } from './fields';
import { VarintWriter } from './varint';

/** One posting: a section holding a term, with the term's frequency in each field. */
export interface Posting {
  /** Section id. */
  sectionId: number;
  /** Term frequency per field, in `FIELDS` order. */
  tf: readonly number[];
}

/**
 * Encodes postings sorted by section id: per posting the id gap, a bit mask of the fields that
 * hold the term, then the frequency of each of those fields, all as varints.
 */
export function encodePostings(postings: readonly Posting[]): Uint8Array {
  const out = new PostingAppender();
  for (const posting of postings) out.add(posting.sectionId, posting.tf);
  return out.finish();
}

/** Encodes postings one at a time, in increasing section id order (compact while building). */
export class PostingAppender {
  private readonly out = new VarintWriter(16);
  private last = 0;
  /** Postings added. */
  count = 0;

  /**
   * Adds a posting; section ids must increase. The frequencies are read from `tf` at `at` (a
   * page analysis passes its numbers without copying them out).
   */
  add(sectionId: number, tf: ArrayLike<number>, at = 0): void {
    if (sectionId < this.last) throw new Error('postings must be sorted by section id');
    this.out.write(sectionId - this.last);
    this.last = sectionId;
    let mask = 0;
    for (let f = 0; f < FIELD_COUNT; f++) if ((tf[at + f] ?? 0) > 0) mask |= 1 << f;
    this.out.write(mask);
    for (let f = 0; f < FIELD_COUNT; f++) {
      const value = tf[at + f] ?? 0;
      if (value > 0) this.out.write(value);
    }
    this.count++;
  }

  /** The encoded postings. */
  finish(): Uint8Array {
    return this.out.finish();
  }
}

/** Decoded postings in flat typed arrays: `tf[i * FIELD_COUNT + f]` is field f of posting i. */
export class PostingList {
  /** Number of postings. */
  count = 0;
  /** Section ids. */
  sectionIds: Int32Array = new Int32Array(64);
  /** Frequencies, FIELD_COUNT per posting. */
  tf: Uint16Array = new Uint16Array(64 * FIELD_COUNT);

  private grow(): void {
    const ids = new Int32Array(this.sectionIds.length * 2);
    ids.set(this.sectionIds);
    const tf = new Uint16Array(this.tf.length * 2);
    tf.set(this.tf);
    this.sectionIds = ids;
    this.tf = tf;
  }

  /** Empties the list, keeping its buffers for reuse. */
  reset(): void {
    this.count = 0;
  }

  /** Appends the postings of an encoded blob (blobs of different doc sets may follow each other). */
  append(blob: Uint8Array): void {
    let at = 0;
    let sectionId = 0;
    const n = blob.length;
    while (at < n) {
      if (this.count >= this.sectionIds.length) this.grow();
      let value = 0;
      let scale = 1;
      let byte: number;
      do {
        byte = blob[at++] as number;
        value += (byte & 0x7f) * scale;
        scale *= 0x80;
      } while (byte >= 0x80);
      sectionId += value;
      const mask = blob[at++] as number;
      const base = this.count * FIELD_COUNT;
      for (let f = 0; f < FIELD_COUNT; f++) {
        let tf = 0;
        if (mask & (1 << f)) {
          let s = 1;
          do {
            byte = blob[at++] as number;
            tf += (byte & 0x7f) * s;
            s *= 0x80;
          } while (byte >= 0x80);
        }
        this.tf[base + f] = tf > 0xffff ? 0xffff : tf;
      }
      this.sectionIds[this.count++] = sectionId;
    }
  }

  /** The postings as objects (for index maintenance, not for the query hot path). */
  toArray(): Posting[] {
    const out: Posting[] = [];
    for (let i = 0; i < this.count; i++) {
      out.push({
        sectionId: this.sectionIds[i] as number,
        tf: Array.from(this.tf.subarray(i * FIELD_COUNT, (i + 1) * FIELD_COUNT)),
      });
    }
    return out;
  }
}
