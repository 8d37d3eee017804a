import type { IndexReader } from '../core/IndexStore';
import { loadPostings } from './loadPostings';
import { parseQuery } from './parseQuery';
import { planQuery } from './planQuery';
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
  const all = new Uint8Array(docSets.reduce((m, d) => Math.max(m, d.storeId), 0) + 1).fill(1);
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
