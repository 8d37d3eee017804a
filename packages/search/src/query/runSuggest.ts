import type { SuggestRequest, SuggestResponse, Suggestion } from '@docs-portal/contracts';
import type { IndexReader } from '../core/IndexStore';
import type { ReaderAccess } from '../SearchEngine';
import { tokenizeText } from '../text/tokenize';
import { hitUrl } from './buildHits';
import { executeSearch, type QuerySettings } from './executeSearch';

/**
 * Search-as-you-type: titles of the best pages whose title matches the query, then completions
 * of the word being typed from the reader's vocabulary (most frequent first), up to `limit`.
 */
export async function runSuggest(
  reader: IndexReader,
  request: SuggestRequest,
  access: ReaderAccess,
  settings: QuerySettings,
): Promise<SuggestResponse> {
  const outcome = await executeSearch(
    reader,
    {
      q: request.q,
      product: [],
      version: [],
      docType: [],
      page: 1,
      pageSize: request.limit,
      // The best pages are read for titles beyond the first `limit` (see below).
      exactRanks: request.limit * 2,
      // A title is suggested for what is typed, all of it: pages holding only some of the words
      // are for the search itself.
      relaxBelow: 1,
      // Only a page whose title holds a word of the query can be suggested (see below): ranking
      // only those, the best of them are found at a third to half of the cost, and a page that
      // the others crowded out of the first ranked block can now be suggested.
      titledOnly: true,
    },
    access,
    settings,
  );
  const suggestions: Suggestion[] = [];
  if (outcome.parsed.units.length === 0) return { query: request.q, suggestions };
  const titleTerms = new Set(
    outcome.groups.flatMap((g) =>
      g.stopWord
        ? []
        : g.variants.flatMap((v) => v.slots.flatMap((s) => s.terms.map((t) => t.term))),
    ),
  );
  // Titles and page addresses only: no sections, snippets or other versions, which hits need.
  const best = outcome.pages.slice(0, request.limit * 2);
  const pageRows = await reader.pages(best.map((p) => p.pageId));
  const docSets = new Map(reader.snapshot.docSets.map((d) => [d.storeId, d.docSet]));
  const titles = new Set<string>();
  for (const ranked of best) {
    if (suggestions.length >= Math.ceil(request.limit / 2)) break;
    const page = pageRows.get(ranked.pageId);
    const docSet = docSets.get(ranked.docSetId);
    if (page === undefined || docSet === undefined || titles.has(page.title)) continue;
    if (!tokenizeText(page.title).some((token) => titleTerms.has(token.term))) continue;
    titles.add(page.title);
    const url = hitUrl(docSet.urlPrefix, page.path, [], '').replace(/[?#].*$/, '');
    suggestions.push({ kind: 'title', text: page.title, url });
  }
  const last = outcome.parsed.units[outcome.parsed.units.length - 1];
  const lastWord = last?.words[last.words.length - 1];
  if (outcome.parsed.lastIsPrefix && lastWord !== undefined) {
    const typed = lastWord.joined ?? (lastWord.parts[0] as string);
    const vocabulary = reader.snapshot.vocabulary;
    const head = request.q.slice(0, request.q.length - lastWord.raw.length).replace(/\s+$/, '');
    for (const { index } of vocabulary.completions(typed, outcome.allowed, request.limit)) {
      if (suggestions.length >= request.limit) break;
      const completion = vocabulary.terms[index] as string;
      suggestions.push({ kind: 'query', text: head === '' ? completion : `${head} ${completion}` });
    }
  }
  return { query: request.q, suggestions: suggestions.slice(0, request.limit) };
}
