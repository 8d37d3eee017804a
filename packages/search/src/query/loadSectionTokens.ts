import type { IndexReader } from '../core/IndexStore';
import type { CachedSection } from '../core/SectionTokenCache';
import {
  decodeSectionTokens,
  keepTokens,
  termOrder,
  WHOLE_FIELDS,
  type FieldTokens,
  type TermIdSet,
} from '../core/sectionTokens';

/**
 * Sections as the generation's cache holds them (shared: never to be changed): from the cache
 * when there, else read, decoded whole and cached. With `withOrders`, a section asked for again
 * is given its term orders, so that later queries look their terms up instead of scanning its
 * text. Section id → its entry.
 */
export async function loadCachedSections(
  reader: IndexReader,
  sectionIds: readonly number[],
  withOrders = true,
): Promise<Map<number, CachedSection>> {
  const cache = reader.snapshot.sectionTokens;
  const out = new Map<number, CachedSection>();
  const missing: number[] = [];
  for (const id of sectionIds) {
    let section = cache.get(id);
    if (section === undefined) {
      missing.push(id);
      continue;
    }
    if (withOrders && section.orders === undefined) {
      // A new entry, not a changed one: the cache counts the bytes of what it is given.
      // The title and heading are kept whole: they are never looked up by their orders.
      const orders = section.fields.map((field, f) =>
        f < WHOLE_FIELDS ? undefined : termOrder(field),
      );
      section = { fields: section.fields, orders };
      cache.set(id, section);
    }
    out.set(id, section);
  }
  if (missing.length === 0) return out;
  for (const [id, blob] of await reader.sectionTokens(missing)) {
    const section = { fields: decodeSectionTokens(blob) };
    cache.set(id, section);
    out.set(id, section);
  }
  return out;
}

/** What a query keeps of a cached section (see `keepTokens`), through its term orders if any. */
export function keptFields(section: CachedSection, keep: TermIdSet): FieldTokens[] {
  return keepTokens(section.fields, keep, section.orders);
}

/**
 * Token sequences of sections (see `loadCachedSections`). With `keep`, only what a query needs
 * of each (see `keepTokens`); without it, the cached sequences themselves, which must not be
 * changed. Section id → its fields.
 */
export async function loadSectionTokens(
  reader: IndexReader,
  sectionIds: readonly number[],
  keep?: TermIdSet,
): Promise<Map<number, FieldTokens[]>> {
  const sections = await loadCachedSections(reader, sectionIds, keep !== undefined);
  const out = new Map<number, FieldTokens[]>();
  for (const [id, section] of sections)
    out.set(id, keep === undefined ? section.fields : keptFields(section, keep));
  return out;
}
