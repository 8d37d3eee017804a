import type { IndexReader } from '../core/IndexStore';
import {
  decodeSectionTokens,
  keepTokens,
  termOrder,
  type FieldTokens,
  type TermIdSet,
} from '../core/sectionTokens';

/**
 * Token sequences of sections: from the generation's cache when there, else read, decoded
 * whole and cached. With `keep`, only what a query needs of each (see `keepTokens`); without
 * it, the cached sequences themselves, which must not be changed. A section asked for again is
 * given its term orders, so that later queries look their terms up instead of scanning its
 * text. Section id → its fields.
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
    const section = cache.get(id);
    if (section === undefined) {
      missing.push(id);
      continue;
    }
    if (keep === undefined) {
      out.set(id, section.fields);
      continue;
    }
    let orders = section.orders;
    if (orders === undefined) {
      // A new entry, not a changed one: the cache counts the bytes of what it is given.
      orders = section.fields.map(termOrder);
      cache.set(id, { fields: section.fields, orders });
    }
    out.set(id, keepTokens(section.fields, keep, orders));
  }
  if (missing.length === 0) return out;
  for (const [id, blob] of await reader.sectionTokens(missing)) {
    const fields = decodeSectionTokens(blob);
    cache.set(id, { fields });
    out.set(id, keep === undefined ? fields : keepTokens(fields, keep));
  }
  return out;
}
