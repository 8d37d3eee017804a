import type { IndexReader } from '../core/IndexStore';
import { decodeSectionTokens, type FieldTokens } from '../core/sectionTokens';
import { loadPostings } from './loadPostings';
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
  for (const field of fields) {
    const byPosition = new Map<number, number[]>();
    for (let i = 0; i < field.terms.length; i++) {
      const p = field.positions[i] as number;
      const list = byPosition.get(p);
      if (list === undefined) byPosition.set(p, [field.terms[i] as number]);
      else list.push(field.terms[i] as number);
    }
    for (const [start, terms] of byPosition) {
      if (!terms.some((t) => slots[0]?.has(t))) continue;
      let ok = true;
      for (let k = 1; k < slots.length && ok; k++) {
        ok = (byPosition.get(start + k) ?? []).some((t) => slots[k]?.has(t));
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
    const sections = [...(holding ?? [])].slice(0, MAX_PHRASE_SECTIONS);
    const tokens = await reader.sectionTokens(sections);
    const verified = new Set<number>();
    for (const sectionId of sections) {
      const page = sectionPage[sectionId] as number;
      if (verified.has(page)) continue;
      const blob = tokens.get(sectionId);
      if (blob !== undefined && containsPhrase(decodeSectionTokens(blob), slots))
        verified.add(page);
    }
    for (const [page, k] of candidates) {
      if (!verified.has(page)) pageScores.scores[k * pageScores.groups + g] = 0;
    }
  }
}
