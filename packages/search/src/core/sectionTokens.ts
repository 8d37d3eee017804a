import { FIELD_COUNT } from './fields';
import { VarintWriter } from './varint';

/** The term sequence of one field: term ids and their word positions. */
export interface FieldTokens {
  /** Term ids in order. */
  terms: Int32Array;
  /** Word position of each term (joined identifiers share their first part's position). */
  positions: Int32Array;
}

/**
 * Encodes the term sequences of a section's fields (title, heading, breadcrumb, text): per
 * field the token count, then per token the position gap and the term id, as varints. Kept per
 * section for phrase and proximity scoring of the best candidates, and for explanations. Reads
 * the tokens of a page analysis (see AnalysisCursor.tokensAt) from `data` at `at`: per field a
 * count, then (page term, position) pairs; `termIds` maps page terms to term ids.
 */
export function encodeSectionTokens(data: Int32Array, at: number, termIds: Int32Array): Uint8Array {
  const out = new VarintWriter();
  let next = at;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const count = data[next++] as number;
    out.write(count);
    let last = 0;
    for (let k = 0; k < count; k++, next += 2) {
      const position = data[next + 1] as number;
      out.write(position - last);
      last = position;
      out.write(termIds[data[next] as number] as number);
    }
  }
  return out.finish();
}

/** 32-bit words of a TermIdSet's mask (4096 bits). */
const MASK_WORDS = 128;

/**
 * A set of term ids with a bit-mask test in front of the set: most tokens of a section are not
 * query terms, and the mask turns nearly all of them away without a hash look-up.
 */
export class TermIdSet {
  /** Bit `id & 4095` is set for every id of the set (a test that most other ids fail). */
  readonly mask = new Uint32Array(MASK_WORDS);
  private readonly ids: Set<number>;
  /** The ids, ascending. */
  readonly list: Int32Array;

  constructor(ids: Iterable<number>) {
    this.ids = new Set(ids);
    this.list = Int32Array.from(this.ids).sort();
    for (const id of this.ids) {
      const word = (id >>> 5) & (MASK_WORDS - 1);
      this.mask[word] = (this.mask[word] as number) | (1 << (id & 31));
    }
  }

  /** True when `id` is in the set. */
  has(id: number): boolean {
    if (((this.mask[(id >>> 5) & (MASK_WORDS - 1)] as number) & (1 << (id & 31))) === 0) {
      return false;
    }
    return this.ids.has(id);
  }
}

/** Fields a query keeps whole (see `keepTokens`): the title and the heading. */
export const WHOLE_FIELDS = 2;

/** Bytes < 0x80 of `blob`: each ends one varint. */
function varintCount(blob: Uint8Array): number {
  let ends = 0;
  for (let i = 0; i < blob.length; i++) if ((blob[i] as number) < 0x80) ends++;
  return ends;
}

/**
 * Decodes what `encodeSectionTokens` wrote; `fields` stops after that many fields (1: the title
 * only). Every field's terms and positions are views of one array buffer: decoded sections are
 * cached, and a buffer of its own per array cost V8 and malloc about 230 bytes each beyond its
 * data, more than the tokens of a typical section's title or heading.
 */
export function decodeSectionTokens(blob: Uint8Array, fields: number = FIELD_COUNT): FieldTokens[] {
  const out: FieldTokens[] = [];
  const length = blob.length;
  // A token is two varints: at most this many tokens whatever the fields asked for. Terms
  // go in the first half of the buffer, positions at the same index in the second half.
  const room = varintCount(blob) >>> 1;
  const buffer = new Int32Array(2 * room);
  let next = 0;
  let at = 0;
  // The varints are read inline (a gap, then a term id, per token): this loop runs over every
  // token of every section decoded, and one-byte values are by far the most common.
  for (let f = 0; f < fields; f++) {
    let count = 0;
    if (at < length) {
      let scale = 1;
      for (;;) {
        if (at >= length) throw new Error('truncated varint');
        const byte = blob[at++] as number;
        count += (byte & 0x7f) * scale;
        if (byte < 0x80) break;
        scale *= 0x80;
      }
    }
    if (count > room - next) throw new Error('truncated varint');
    const first = next;
    let position = 0;
    for (let i = 0; i < count; i++) {
      if (at >= length) throw new Error('truncated varint');
      let byte = blob[at++] as number;
      if (byte < 0x80) position += byte;
      else {
        let value = byte & 0x7f;
        let scale = 0x80;
        do {
          if (at >= length) throw new Error('truncated varint');
          byte = blob[at++] as number;
          value += (byte & 0x7f) * scale;
          scale *= 0x80;
        } while (byte >= 0x80);
        position += value;
      }
      if (at >= length) throw new Error('truncated varint');
      byte = blob[at++] as number;
      let term = byte;
      if (byte >= 0x80) {
        term = byte & 0x7f;
        let scale = 0x80;
        do {
          if (at >= length) throw new Error('truncated varint');
          byte = blob[at++] as number;
          term += (byte & 0x7f) * scale;
          scale *= 0x80;
        } while (byte >= 0x80);
      }
      buffer[next] = term;
      buffer[room + next] = position;
      next++;
    }
    out.push({
      terms: buffer.subarray(first, next),
      positions: buffer.subarray(room + first, room + next),
    });
  }
  return out;
}

/** Largest token index a term order can hold (see `termOrder`). */
const MAX_ORDERED_TOKENS = 2 ** 21;

/**
 * True when `wanted` terms are found faster in a field of `length` tokens by binary searches of
 * its term order than by a scan of the field (see `keptIndexes`).
 */
function ordersHelp(wanted: number, length: number): boolean {
  return wanted * (Math.log2(length + 1) + 1) * 2 < length;
}

/**
 * The token indexes of a field ordered by term id, then by index: where each term occurs,
 * found by binary search instead of a scan of the whole field (see `keepTokens`). Undefined
 * for a field too long to order this way, and for one so short that it is always scanned.
 */
export function termOrder(field: FieldTokens): Int32Array | undefined {
  const n = field.terms.length;
  if (n >= MAX_ORDERED_TOKENS || !ordersHelp(1, n)) return undefined;
  // Term and index packed in one exactly representable double: a plain numeric sort orders them.
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = (field.terms[i] as number) * MAX_ORDERED_TOKENS + i;
  packed.sort();
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = (packed[i] as number) % MAX_ORDERED_TOKENS;
  return order;
}

/** Indexes of the tokens `keepTokens` keeps of one field, before they are copied out. */
let scratch = new Int32Array(1024);

/** Puts the indexes of `field`'s tokens of `keep`'s terms, in order, in `scratch`; their count. */
function keptIndexes(field: FieldTokens, keep: TermIdSet, order: Int32Array | undefined): number {
  const terms = field.terms;
  const n = terms.length;
  if (scratch.length < n) scratch = new Int32Array(n);
  let kept = 0;
  const wanted = keep.list;
  // A few terms in a long field are looked up; many terms, or a short field, are scanned for.
  if (order !== undefined && ordersHelp(wanted.length, n)) {
    let from = 0;
    for (let w = 0; w < wanted.length && from < n; w++) {
      const term = wanted[w] as number;
      let lo = from;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((terms[order[mid] as number] as number) < term) lo = mid + 1;
        else hi = mid;
      }
      for (; lo < n && terms[order[lo] as number] === term; lo++)
        scratch[kept++] = order[lo] as number;
      from = lo;
    }
    // Back in text order: a few indexes (the usual case) by insertion, in place, where a sort
    // of a subarray would allocate a view per field.
    if (kept <= 16) {
      for (let i = 1; i < kept; i++) {
        const index = scratch[i] as number;
        let j = i - 1;
        for (; j >= 0 && (scratch[j] as number) > index; j--) scratch[j + 1] = scratch[j] as number;
        scratch[j + 1] = index;
      }
    } else scratch.subarray(0, kept).sort();
    return kept;
  }
  const mask = keep.mask;
  for (let i = 0; i < n; i++) {
    const term = terms[i] as number;
    // The mask test is written out: this runs once per token.
    if (((mask[(term >>> 5) & (MASK_WORDS - 1)] as number) & (1 << (term & 31))) === 0) continue;
    if (keep.has(term)) scratch[kept++] = i;
  }
  return kept;
}

/**
 * A field without any of a query's terms, as `keepTokens` gives it: shared, and empty, so
 * nothing can change it (most fields of a section hold none of a short query's words).
 */
const NO_TOKENS: FieldTokens = Object.freeze({
  terms: new Int32Array(0),
  positions: new Int32Array(0),
});

/**
 * The tokens of a decoded section that a query needs: the title and heading whole (an exact
 * title or heading must hold nothing but query and stop words, so every token counts), the
 * other fields only the tokens of `keep`'s terms, at their true positions: phrases, proximity,
 * highlights and explanations only ever ask about the query's terms, and a section's text is
 * most of its tokens. `orders` (see `termOrder`), when given, find them without a scan. The
 * title and heading arrays are shared with `fields`.
 */
export function keepTokens(
  fields: readonly FieldTokens[],
  keep: TermIdSet,
  orders?: ReadonlyArray<Int32Array | undefined>,
): FieldTokens[] {
  const out: FieldTokens[] = [];
  for (let f = 0; f < fields.length; f++) {
    const field = fields[f] as FieldTokens;
    if (f < WHOLE_FIELDS) {
      out.push(field);
      continue;
    }
    const kept = keptIndexes(field, keep, orders?.[f]);
    if (kept === 0) {
      out.push(NO_TOKENS);
      continue;
    }
    const terms = new Int32Array(kept);
    const positions = new Int32Array(kept);
    for (let k = 0; k < kept; k++) {
      const i = scratch[k] as number;
      terms[k] = field.terms[i] as number;
      positions[k] = field.positions[i] as number;
    }
    out.push({ terms, positions });
  }
  return out;
}

/** The distinct term ids of a token blob. */
export function termIdsOfTokens(blob: Uint8Array): Set<number> {
  const ids = new Set<number>();
  for (const field of decodeSectionTokens(blob)) for (const id of field.terms) ids.add(id);
  return ids;
}
