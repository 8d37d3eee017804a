import { FIELD_COUNT } from '../core/fields';
import type { SectionTable } from '../core/IndexStore';
import type { DecodedPostings } from '../core/PostingCache';
import type { QueryGroup } from './planQuery';
import { groupTerms, HEADING, MAX_HEADING_SCAN } from './headingMatches';

/**
 * Share of the pages holding a word that must hold it as a whole heading of its own for the word
 * to be a section label (see {@link sectionLabels}).
 */
export const LABEL_SHARE = 0.5;

/** Fewest pages with a section headed by the word alone for it to be a section label. */
export const MIN_LABEL_PAGES = 5;

/**
 * Which groups of the query are section labels in the doc sets searched: words that head a
 * section on their own (`Overview`, `Introduction`, `Options`, `Examples`, `Synopsis`) on at
 * least {@link LABEL_SHARE} of the pages that hold them, and on {@link MIN_LABEL_PAGES} pages or
 * more. Such a word names a part of many pages, not what one page is about: `patterns
 * introduction` (a back-of-book entry and its subentry) asks for the page about patterns, where
 * the pages that only say `Introduction` are many and all about something else. Read from the
 * query's section postings (the heading's frequencies against the heading's length), for the
 * words its page postings (`pageLists`) show in the headings of enough pages; only for a query
 * with another word that is not a label, since a label alone is what was asked for.
 */
export function sectionLabels(
  groups: readonly QueryGroup[],
  contentGroups: readonly number[],
  pageLists: ReadonlyMap<number, readonly DecodedPostings[]>,
  lists: ReadonlyMap<number, readonly DecodedPostings[]>,
  sections: SectionTable,
): boolean[] {
  const labels = groups.map(() => false);
  if (contentGroups.length < 2) return labels;
  for (const g of contentGroups) {
    const group = groups[g] as QueryGroup;
    if (group.phrase || group.df < MIN_LABEL_PAGES) continue;
    const needed = Math.max(MIN_LABEL_PAGES, LABEL_SHARE * group.df);
    // A page with a section headed by the word holds it in its headings: most words are in the
    // headings of too few pages to be labels, and their longer section postings stay unread.
    const terms = groupTerms(group, true);
    if (pagesHeadedBy(terms, pageLists) < needed) continue;
    const pages = new Set<number>();
    let scanned = 0;
    for (const termId of terms) {
      for (const list of lists.get(termId) ?? []) {
        scanned += list.count;
        if (scanned > MAX_HEADING_SCAN) break;
        for (let i = 0; i < list.count; i++) {
          const inHeading = list.tf[i * FIELD_COUNT + HEADING] as number;
          if (inHeading === 0) continue;
          const id = list.ids[i] as number;
          if (sections.lengths[id * FIELD_COUNT + HEADING] === inHeading)
            pages.add(sections.page[id] as number);
        }
      }
    }
    labels[g] = scanned <= MAX_HEADING_SCAN && pages.size >= needed;
  }
  if (contentGroups.every((g) => labels[g] === true)) return groups.map(() => false);
  return labels;
}

/**
 * How many pages hold any of `terms` in their headings, at most (a page holding two of them
 * counts twice).
 */
function pagesHeadedBy(
  terms: ReadonlySet<number>,
  pageLists: ReadonlyMap<number, readonly DecodedPostings[]>,
): number {
  let pages = 0;
  for (const termId of terms) {
    for (const list of pageLists.get(termId) ?? []) {
      for (let i = 0; i < list.count; i++) {
        if ((list.tf[i * FIELD_COUNT + HEADING] as number) > 0) pages++;
      }
    }
  }
  return pages;
}
