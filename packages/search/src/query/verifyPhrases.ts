import type { IndexReader } from '../core/IndexStore';
import { TermIdSet, type FieldTokens } from '../core/sectionTokens';
import { loadPostings } from './loadPostings';
import { loadSectionTokens } from './loadSectionTokens';
import type { QueryGroup } from './planQuery';
import type { SectionScores } from './scoreSections';

/** Pages whose phrase matches are checked; beyond this, candidates are kept unchecked. */
const MAX_PHRASE_PAGES = 2000;
/** Sections whose token sequences are read for the check. */
const MAX_PHRASE_SECTIONS = 5000;

/** True when the slots' terms follow each other at consecutive positions in one field. */
export function containsPhrase(
  fields: readonly FieldTokens[],
  slots: ReadonlyArray<ReadonlySet<number>>,
): boolean {
  const first = slots[0];
  if (first === undefined) return false;
  for (const { terms, positions } of fields) {
    const n = terms.length;
    for (let i = 0; i < n; i++) {
      if (!first.has(terms[i] as number)) continue;
      const start = positions[i] as number;
      let j = i;
      let ok = true;
      for (let k = 1; k < slots.length && ok; k++) {
        const target = start + k;
        // Positions never decrease, so the tokens at `target` follow shortly after.
        while (j < n && (positions[j] as number) < target) j++;
        ok = false;
        for (let m = j; m < n && positions[m] === target; m++) {
          if (slots[k]?.has(terms[m] as number)) {
            ok = true;
            break;
          }
        }
      }
      if (ok) return true;
    }
  }
  return false;
}

/**
 * Keeps a quoted phrase's page score only on pages where a section holds its words next to
 * each other in order: sections holding all the words are found through the section
 * postings, then their token sequences are checked.
 */
export async function verifyPhrases(
  groups: readonly QueryGroup[],
  pageScores: SectionScores,
  reader: IndexReader,
  docSetIds: readonly number[],
): Promise<void> {
  const sectionPage = reader.snapshot.sections.page;
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] as QueryGroup;
    if (!group.phrase) continue;
    const slots = (group.variants[0]?.slots ?? []).map(
      (slot) => new Set(slot.terms.map((t) => t.termId)),
    );
    const candidates = new Map<number, number>();
    for (let k = 0; k < pageScores.count && candidates.size < MAX_PHRASE_PAGES; k++) {
      if ((pageScores.scores[k * pageScores.groups + g] as number) > 0)
        candidates.set(pageScores.ids[k] as number, k);
    }
    if (candidates.size === 0 || slots.some((slot) => slot.size === 0)) continue;
    // Sections of candidate pages that hold every word of the phrase.
    const termIds = [...new Set(slots.flatMap((slot) => [...slot]))];
    const phraseTerms = new TermIdSet(termIds);
    const lists = await loadPostings(reader, 'section', termIds, docSetIds);
    let holding: Set<number> | undefined;
    for (const slot of slots) {
      const found = new Set<number>();
      for (const termId of slot) {
        for (const list of lists.get(termId) ?? [])
          for (let i = 0; i < list.count; i++) {
            const sectionId = list.ids[i] as number;
            if (
              candidates.has(sectionPage[sectionId] as number) &&
              (holding === undefined || holding.has(sectionId))
            ) {
              found.add(sectionId);
            }
          }
      }
      holding = found;
    }
    // Check sections one page at a time and stop at the first one that holds the phrase.
    const byPage = new Map<number, number[]>();
    for (const sectionId of holding ?? []) {
      const page = sectionPage[sectionId] as number;
      const list = byPage.get(page);
      if (list === undefined) byPage.set(page, [sectionId]);
      else list.push(sectionId);
    }
    const verified = new Set<number>();
    const examined = new Set<number>();
    let checked = 0;
    for (const [page, sections] of byPage) {
      examined.add(page);
      // A page's sections in one read (one round trip on PostgreSQL), within the budget.
      const loaded = await loadSectionTokens(
        reader,
        sections.slice(0, Math.max(0, MAX_PHRASE_SECTIONS - checked)),
        phraseTerms,
      );
      for (const sectionId of sections) {
        if (++checked > MAX_PHRASE_SECTIONS) break;
        const fields = loaded.get(sectionId);
        if (fields !== undefined && containsPhrase(fields, slots)) {
          verified.add(page);
          break;
        }
      }
      if (checked > MAX_PHRASE_SECTIONS) {
        // Past the budget, pages holding all the words are kept unchecked.
        for (const rest of byPage.keys()) if (!examined.has(rest)) verified.add(rest);
        break;
      }
    }
    for (const [page, k] of candidates) {
      if (!verified.has(page)) pageScores.scores[k * pageScores.groups + g] = 0;
    }
  }
}
