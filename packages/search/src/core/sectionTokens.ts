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
  private readonly mask = new Uint32Array(MASK_WORDS);
  private readonly ids: Set<number>;

  constructor(ids: Iterable<number>) {
    this.ids = new Set(ids);
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

/** Fields decoded whole even when only some terms are wanted (see `decodeSectionTokens`). */
const WHOLE_FIELDS = 2;
/** Kept tokens of one filtered field, before they are copied out at their final count. */
let scratchTerms = new Int32Array(1024);
let scratchPositions = new Int32Array(1024);

/**
 * Decodes what `encodeSectionTokens` wrote. With `keep`, the title and heading are decoded
 * whole (an exact title or heading must hold nothing but query and stop words), and the other
 * fields only keep the tokens of `keep`'s terms, at their true positions: phrases, proximity,
 * highlights and explanations only ever ask about the query's terms, and a section's text is
 * most of its tokens. `fields` stops after that many fields (1: the title only).
 */
export function decodeSectionTokens(
  blob: Uint8Array,
  keep?: TermIdSet,
  fields: number = FIELD_COUNT,
): FieldTokens[] {
  const out: FieldTokens[] = [];
  const length = blob.length;
  let at = 0;
  // The varints are read inline (a gap, then a term id, per token): this loop runs over every
  // token of every section ranked, and one-byte values are by far the most common.
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
    const whole = keep === undefined || f < WHOLE_FIELDS;
    if (!whole && scratchTerms.length < count) {
      scratchTerms = new Int32Array(count);
      scratchPositions = new Int32Array(count);
    }
    const terms = whole ? new Int32Array(count) : scratchTerms;
    const positions = whole ? new Int32Array(count) : scratchPositions;
    let kept = 0;
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
      if (!whole && !(keep as TermIdSet).has(term)) continue;
      terms[kept] = term;
      positions[kept] = position;
      kept++;
    }
    out.push(
      whole
        ? { terms, positions }
        : { terms: terms.slice(0, kept), positions: positions.slice(0, kept) },
    );
  }
  return out;
}

/** The distinct term ids of a token blob. */
export function termIdsOfTokens(blob: Uint8Array): Set<number> {
  const ids = new Set<number>();
  for (const field of decodeSectionTokens(blob)) for (const id of field.terms) ids.add(id);
  return ids;
}
