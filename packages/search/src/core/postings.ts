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

/**
 * Most bytes one posting takes: an id gap below 2^53 (8 varint bytes), the field mask, and a
 * frequency below 2^32 per field (5 bytes each).
 */
const POSTING_MAX_BYTES = 8 + 1 + 5 * FIELD_COUNT;
/** Size of a list's first block in {@link PostingLists}: room for one posting at least. */
const FIRST_BLOCK_BYTES = 32;
/** Blocks double in size up to this, so a long list wastes little in its last block. */
const LARGEST_BLOCK_BYTES = 4096;

/** `array`, or a copy twice as long or more, so that `index` is in it. */
function grownTo<T extends Int32Array | Float64Array>(array: T, index: number): T {
  if (index < array.length) return array;
  let length = array.length * 2;
  while (length <= index) length *= 2;
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/**
 * Many posting lists encoded at once, as {@link PostingAppender} encodes one, in blocks of one
 * shared byte buffer: a write adds millions of postings to tens of thousands of lists (one per
 * term), and a buffer per list, grown by copying, cost more in allocation and garbage collection
 * than the encoding itself. Lists are numbered by small integers; a list's blocks are chained,
 * each twice the size of the one before, and {@link finish} copies them out.
 */
export class PostingLists {
  private bytes = new Uint8Array(1 << 16);
  /** Bytes of {@link bytes} handed out to blocks. */
  private top = 0;
  // Per block: where it starts, the bytes written in it (once full), the next block.
  private blockStart = new Int32Array(1024);
  private blockUsed = new Int32Array(1024);
  private blockNext = new Int32Array(1024);
  private blocks = 0;
  // Per list; a list with a `listCount` of 0 has no postings.
  private listCount = new Int32Array(1024);
  private listLast = new Float64Array(1024);
  private listBytes = new Int32Array(1024);
  private listFirstBlock = new Int32Array(1024);
  private listBlock = new Int32Array(1024);
  /** Where the list's next byte goes. */
  private listAt = new Int32Array(1024);
  /** The end of the list's current block. */
  private listEnd = new Int32Array(1024);
  private order: number[] = [];
  /** Write position in {@link bytes} while a posting is encoded. */
  private at = 0;
  /** Postings added since the last {@link clear}. */
  size = 0;

  /** Lists with postings, in the order of their first posting. */
  lists(): readonly number[] {
    return this.order;
  }

  /** Postings in list `list`. */
  count(list: number): number {
    return list < this.listCount.length ? (this.listCount[list] as number) : 0;
  }

  /** Id of the last posting of list `list` (0 when it has none). */
  last(list: number): number {
    return this.count(list) === 0 ? 0 : (this.listLast[list] as number);
  }

  /**
   * Adds a posting to list `list`, whose ids must increase; its frequencies are read from `tf`
   * at `at`. Encoded as {@link PostingAppender.add} encodes it.
   */
  add(list: number, id: number, tf: ArrayLike<number>, at = 0): void {
    if (list >= this.listCount.length) this.growLists(list);
    const count = this.listCount[list] as number;
    let previous = 0;
    if (count === 0) this.open(list);
    else {
      previous = this.listLast[list] as number;
      if (id < previous) throw new Error('postings must be sorted by section id');
    }
    if ((this.listAt[list] as number) + POSTING_MAX_BYTES > (this.listEnd[list] as number)) {
      this.nextBlock(list);
    }
    const start = this.listAt[list] as number;
    this.at = start;
    this.put(id - previous);
    let mask = 0;
    for (let f = 0; f < FIELD_COUNT; f++) if ((tf[at + f] ?? 0) > 0) mask |= 1 << f;
    this.bytes[this.at++] = mask;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const value = tf[at + f] ?? 0;
      if (value > 0) this.put(value);
    }
    this.listAt[list] = this.at;
    this.listBytes[list] = (this.listBytes[list] as number) + this.at - start;
    this.listCount[list] = count + 1;
    this.listLast[list] = id;
    this.size++;
  }

  /** The encoded postings of list `list` (a copy). */
  finish(list: number): Uint8Array {
    const out = new Uint8Array(this.count(list) === 0 ? 0 : (this.listBytes[list] as number));
    let written = 0;
    let block = this.listFirstBlock[list] as number;
    while (written < out.length) {
      const start = this.blockStart[block] as number;
      const end = block === this.listBlock[list] ? this.listAt[list] : this.blockUsed[block];
      out.set(this.bytes.subarray(start, end), written);
      written += (end as number) - start;
      block = this.blockNext[block] as number;
    }
    return out;
  }

  /** Forgets every list; the buffer is kept for the next postings. */
  clear(): void {
    for (const list of this.order) this.listCount[list] = 0;
    this.order = [];
    this.top = 0;
    this.blocks = 0;
    this.size = 0;
  }

  /** Appends `value` as a varint at {@link at}. */
  private put(value: number): void {
    let v = value;
    while (v >= 0x80) {
      this.bytes[this.at++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.bytes[this.at++] = v;
  }

  private growLists(list: number): void {
    this.listCount = grownTo(this.listCount, list);
    this.listLast = grownTo(this.listLast, list);
    this.listBytes = grownTo(this.listBytes, list);
    this.listFirstBlock = grownTo(this.listFirstBlock, list);
    this.listBlock = grownTo(this.listBlock, list);
    this.listAt = grownTo(this.listAt, list);
    this.listEnd = grownTo(this.listEnd, list);
  }

  /** Gives list `list` its first block. */
  private open(list: number): void {
    const block = this.newBlock(FIRST_BLOCK_BYTES);
    this.order.push(list);
    this.listBytes[list] = 0;
    this.listFirstBlock[list] = block;
    this.enter(list, block, FIRST_BLOCK_BYTES);
  }

  /** Moves list `list` on to a new block, twice the size of its current one. */
  private nextBlock(list: number): void {
    const full = this.listBlock[list] as number;
    const start = this.blockStart[full] as number;
    const size = Math.min(LARGEST_BLOCK_BYTES, ((this.listEnd[list] as number) - start) * 2);
    const block = this.newBlock(size);
    this.blockUsed[full] = this.listAt[list] as number;
    this.blockNext[full] = block;
    this.enter(list, block, size);
  }

  private enter(list: number, block: number, size: number): void {
    const start = this.blockStart[block] as number;
    this.listBlock[list] = block;
    this.listAt[list] = start;
    this.listEnd[list] = start + size;
  }

  /** A new block of `size` bytes at the top of the buffer, grown when full. */
  private newBlock(size: number): number {
    const block = this.blocks++;
    if (block >= this.blockStart.length) {
      this.blockStart = grownTo(this.blockStart, block);
      this.blockUsed = grownTo(this.blockUsed, block);
      this.blockNext = grownTo(this.blockNext, block);
    }
    if (this.top + size > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.top + size));
      bigger.set(this.bytes.subarray(0, this.top));
      this.bytes = bigger;
    }
    this.blockStart[block] = this.top;
    this.top += size;
    return block;
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
