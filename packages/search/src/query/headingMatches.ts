import { FIELD_COUNT } from '../core/fields';
import type { SectionTable } from '../core/IndexStore';
import type { DecodedPostings } from '../core/PostingCache';
import { queryWordCount, type QueryGroup } from './planQuery';
import { lowerBound } from './scoreSections';

/** Index of the heading field in postings and lengths (see FIELDS). */
export const HEADING = 1;

/**
 * Most postings read to find the headed sections: the rarest query word's, over every section
 * the reader may search. Past it (a query of only the index's commonest words) none are looked for.
 */
export const MAX_HEADING_SCAN = 50_000;

/** Most pages that {@link findHeadedPages} lets lead the first-pass order. */
export const MAX_HEADED_PAGES = 20;

/**
 * Term ids standing for a group as one word (its variants of one slot), but for completions
 * unless `completions` is set: a heading that completes a word still being typed is not headed
 * by what was typed, though the word is most likely one of them (`overv`: `overview`).
 */
export function groupTerms(group: QueryGroup, completions = false): Set<number> {
  const terms = new Set<number>();
  for (const variant of group.variants) {
    if (variant.slots.length !== 1) continue;
    for (const term of variant.slots[0]?.terms ?? []) {
      if (completions || term.how !== 'prefix') terms.add(term.termId);
    }
  }
  return terms;
}

/** True when a list holds the section with the term in its heading. */
function inHeading(list: DecodedPostings, sectionId: number): boolean {
  const at = lowerBound(list.ids, 0, list.count, sectionId);
  return (
    at < list.count &&
    list.ids[at] === sectionId &&
    (list.tf[at * FIELD_COUNT + HEADING] as number) > 0
  );
}

/**
 * Pages with a section headed by the query: every content word of it in the section's heading
 * (or among the names it defines, which count as heading words), and no more heading words than
 * the query has. A glossary or reference page defines many terms, each under a heading of its
 * own; its headings add up to a long heading field for the page as a whole, which buries it in
 * the first pass under pages that only use the word, so the sections that would rank it first
 * were never read. Found from the section postings of the rarest content word, then checked
 * against the others' (binary search), so a query costs about one posting list more.
 */
export function findHeadedPages(
  groups: readonly QueryGroup[],
  contentGroups: readonly number[],
  lists: ReadonlyMap<number, readonly DecodedPostings[]>,
  sections: SectionTable,
): Set<number> {
  const headed = new Set<number>();
  if (contentGroups.length === 0) return headed;
  const terms = contentGroups.map((g) => groupTerms(groups[g] as QueryGroup));
  const postings = terms.map((ids) => {
    let count = 0;
    for (const id of ids) for (const list of lists.get(id) ?? []) count += list.count;
    return count;
  });
  let rarest = 0;
  for (let i = 1; i < terms.length; i++) {
    if ((postings[i] as number) < (postings[rarest] as number)) rarest = i;
  }
  if ((postings[rarest] as number) > MAX_HEADING_SCAN || terms.some((t) => t.size === 0)) {
    return headed;
  }
  const maxWords = queryWordCount(groups);
  const lengths = sections.lengths;
  const found = new Set<number>();
  for (const termId of terms[rarest] as Set<number>) {
    for (const list of lists.get(termId) ?? []) {
      for (let i = 0; i < list.count; i++) {
        if ((list.tf[i * FIELD_COUNT + HEADING] as number) === 0) continue;
        const id = list.ids[i] as number;
        const length = lengths[id * FIELD_COUNT + HEADING] as number;
        if (length <= maxWords) found.add(id);
      }
    }
  }
  for (const sectionId of found) {
    const all = terms.every(
      (ids, i) =>
        i === rarest ||
        [...ids].some((id) => (lists.get(id) ?? []).some((list) => inHeading(list, sectionId))),
    );
    if (all) headed.add(sections.page[sectionId] as number);
  }
  return headed;
}
