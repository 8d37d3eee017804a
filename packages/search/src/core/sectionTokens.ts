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
 * section for phrase and proximity scoring of the best candidates, and for explanations.
 */
export function encodeSectionTokens(
  fields: ReadonlyArray<ReadonlyArray<{ termId: number; position: number }>>,
): Uint8Array {
  const out = new VarintWriter();
  for (let f = 0; f < FIELD_COUNT; f++) {
    const tokens = fields[f] ?? [];
    out.write(tokens.length);
    let last = 0;
    for (const token of tokens) {
      out.write(token.position - last);
      last = token.position;
      out.write(token.termId);
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
