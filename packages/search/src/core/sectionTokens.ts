import { FIELD_COUNT } from './fields';
import { VarintReader, VarintWriter } from './varint';

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

/** Decodes what `encodeSectionTokens` wrote. */
export function decodeSectionTokens(blob: Uint8Array): FieldTokens[] {
  const reader = new VarintReader(blob);
  const fields: FieldTokens[] = [];
  for (let f = 0; f < FIELD_COUNT; f++) {
    const count = reader.more() ? reader.read() : 0;
    const terms = new Int32Array(count);
    const positions = new Int32Array(count);
    let position = 0;
    for (let i = 0; i < count; i++) {
      position += reader.read();
      positions[i] = position;
      terms[i] = reader.read();
    }
    fields.push({ terms, positions });
  }
  return fields;
}

/** The distinct term ids of a token blob. */
export function termIdsOfTokens(blob: Uint8Array): Set<number> {
  const ids = new Set<number>();
  for (const field of decodeSectionTokens(blob)) for (const id of field.terms) ids.add(id);
  return ids;
}
