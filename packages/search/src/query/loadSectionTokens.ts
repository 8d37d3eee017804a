import type { IndexReader } from '../core/IndexStore';
import {
  decodeSectionTokens,
  keepTokens,
  type FieldTokens,
  type TermIdSet,
} from '../core/sectionTokens';

/**
 * Token sequences of sections: from the generation's cache when there, else read, decoded
 * whole and cached. With `keep`, only what a query needs of each (see `keepTokens`); without
 * it, the cached sequences themselves, which must not be changed. Section id → its fields.
 */
export async function loadSectionTokens(
  reader: IndexReader,
  sectionIds: readonly number[],
  keep?: TermIdSet,
): Promise<Map<number, FieldTokens[]>> {
  const cache = reader.snapshot.sectionTokens;
  const out = new Map<number, FieldTokens[]>();
  const missing: number[] = [];
  for (const id of sectionIds) {
    const fields = cache.get(id);
    if (fields === undefined) missing.push(id);
    else out.set(id, keep === undefined ? fields : keepTokens(fields, keep));
  }
  if (missing.length === 0) return out;
  for (const [id, blob] of await reader.sectionTokens(missing)) {
    const fields = decodeSectionTokens(blob);
    cache.set(id, fields);
    out.set(id, keep === undefined ? fields : keepTokens(fields, keep));
  }
  return out;
}
