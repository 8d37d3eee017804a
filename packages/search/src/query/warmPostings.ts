import type { IndexReader } from '../core/IndexStore';
import { maskOf } from './executeSearch';
import { loadPostings } from './loadPostings';
import { parseQuery } from './parseQuery';
import { planQuery } from './planQuery';
import { runSearch } from './runSearch';
import { DEFAULT_RANKING } from './rankingOptions';
import { compileSynonyms } from './synonyms';

/** Most bytes of decoded posting lists warmed for one index generation. */
export const WARM_POSTINGS_BYTES = 32 * 1024 * 1024;

/** Terms whose lists are read from the store at once while warming. */
export const WARM_BATCH = 16;

/**
 * The terms a search of any one- or two-letter word scores, as a query plans them (the word,
 * its stem siblings and its completions), over every doc set, most frequent first.
 */
function shortWordTerms(reader: IndexReader): number[] {
  const { vocabulary, docSets } = reader.snapshot;
  const all = maskOf(
    docSets.map((d) => d.storeId),
    docSets,
  );
  const ctx = { vocabulary, allowed: all, synonyms: compileSynonyms(), ranking: DEFAULT_RANKING };
  const words = new Set<string>();
  for (const term of vocabulary.terms) {
    words.add(term.slice(0, 1));
    if (term.length >= 2) words.add(term.slice(0, 2));
  }
  const df = new Map<number, number>();
  for (const word of words) {
    for (const group of planQuery(parseQuery(word), ctx)) {
      for (const variant of group.variants)
        for (const slot of variant.slots) for (const t of slot.terms) df.set(t.termId, t.df);
    }
  }
  return [...df.keys()].sort((a, b) => (df.get(b) as number) - (df.get(a) as number) || a - b);
}

/**
 * Decodes into the generation's posting cache the whole-page and section lists of the terms
 * one- and two-letter words complete to, most frequent first, up to `maxBytes`. The first
 * keystroke of a query otherwise decodes the longest lists of the index (a one-letter word
 * completes to its most frequent words), which made it several times slower than the next ones.
 * Run once after a generation's snapshot loads. Readers' access does not come into it: the
 * cache holds lists per doc set and each query reads only the doc sets it may.
 */
export async function warmPostings(
  reader: IndexReader,
  maxBytes = WARM_POSTINGS_BYTES,
): Promise<void> {
  const cache = reader.snapshot.cache;
  const start = cache.heldBytes;
  const docSetIds = reader.snapshot.docSets.map((d) => d.storeId);
  if (docSetIds.length === 0) return;
  const termIds = shortWordTerms(reader);
  for (let at = 0; at < termIds.length; at += WARM_BATCH) {
    const batch = termIds.slice(at, at + WARM_BATCH);
    await loadPostings(reader, 'page', batch, docSetIds);
    await loadPostings(reader, 'section', batch, docSetIds);
    if (cache.heldBytes - start >= maxBytes) return;
  }
}

/** A word of letters (and the combining marks of its letters: vowel signs, viramas, accents). */
const LETTER_WORD = /^\p{L}[\p{L}\p{M}]*$/u;

/** Words whose typing {@link warmSearches} replays. */
export const WARM_SEARCH_WORDS = 6;

/** The index's {@link WARM_SEARCH_WORDS} most frequent words of four letters or more, most frequent first. */
export function frequentWords(reader: IndexReader): string[] {
  const { vocabulary, docSets } = reader.snapshot;
  const all = maskOf(
    docSets.map((d) => d.storeId),
    docSets,
  );
  return vocabulary.terms
    .map((term, index) => ({ term, df: vocabulary.df(index, all) }))
    .filter(({ term }) => term.length >= 4 && LETTER_WORD.test(term))
    .sort((a, b) => b.df - a.df || (a.term < b.term ? -1 : 1))
    .slice(0, WARM_SEARCH_WORDS)
    .map(({ term }) => term);
}

/**
 * Types the index's most frequent words letter by letter (as a reader's keystrokes search them)
 * and answers each search, discarding the answers. A process's first searches otherwise pay for
 * compiling the query code and for loading what the postings warm-up does not hold (snippet
 * text, section rows), which made the first keystrokes after a start several times slower than
 * the same keystrokes a minute later. Searches every doc set; nothing is kept but caches.
 */
export async function warmSearches(reader: IndexReader): Promise<void> {
  const { docSets } = reader.snapshot;
  if (docSets.length === 0) return;
  const settings = { ranking: DEFAULT_RANKING, synonyms: compileSynonyms() };
  const access = { docSetIds: docSets.map((d) => d.docSet.id) };
  for (const word of frequentWords(reader)) {
    for (let length = 1; length <= word.length; length++) {
      const request = { q: word.slice(0, length), product: [], version: [], docType: [] };
      await runSearch(
        reader,
        { ...request, page: 1, pageSize: 10, explain: false },
        access,
        settings,
      );
    }
  }
}
