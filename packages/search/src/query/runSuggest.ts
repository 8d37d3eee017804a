import type { SuggestRequest, SuggestResponse, Suggestion } from '@docs-portal/contracts';
import type { IndexReader } from '../core/IndexStore';
import type { ReaderAccess } from '../SearchEngine';
import { tokenizeText } from '../text/tokenize';
import { hitUrl } from './buildHits';
import { executeSearch, queryScope, type QueryScope, type QuerySettings } from './executeSearch';

/** The empty request fields of a suggestion's search: suggestions know no facets. */
const NO_FACETS = { product: [], version: [], docType: [] };

/**
 * Search-as-you-type: titles of the best pages whose title matches the query, then completions
 * of the word being typed from the reader's vocabulary (most frequent first), up to `limit`.
 * `kind` asks for one kind only; completions alone rank no page, and cost a fraction of a search.
 */
export async function runSuggest(
  reader: IndexReader,
  request: SuggestRequest,
  access: ReaderAccess,
  settings: QuerySettings,
): Promise<SuggestResponse> {
  const suggestions: Suggestion[] = [];
  const scope =
    request.kind === 'query'
      ? queryScope(reader.snapshot, { q: request.q, ...NO_FACETS }, access)
      : await suggestTitles(reader, request, access, settings, suggestions);
  if (request.kind !== 'title' && scope.scopes.needed.length > 0) {
    suggestCompletions(reader, request, scope, suggestions);
  }
  return { query: request.q, suggestions: suggestions.slice(0, request.limit) };
}

/**
 * Adds the titles of the best pages whose title holds a word of the query, up to half of the
 * limit (all of it when only titles are asked for); gives the query's scope.
 */
async function suggestTitles(
  reader: IndexReader,
  request: SuggestRequest,
  access: ReaderAccess,
  settings: QuerySettings,
  suggestions: Suggestion[],
): Promise<QueryScope> {
  const outcome = await executeSearch(
    reader,
    {
      q: request.q,
      ...NO_FACETS,
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
  if (outcome.parsed.units.length === 0) return outcome;
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
  const most = request.kind === 'title' ? request.limit : Math.ceil(request.limit / 2);
  for (const ranked of best) {
    if (suggestions.length >= most) break;
    const page = pageRows.get(ranked.pageId);
    const docSet = docSets.get(ranked.docSetId);
    if (page === undefined || docSet === undefined || titles.has(page.title)) continue;
    if (!tokenizeText(page.title).some((token) => titleTerms.has(token.term))) continue;
    titles.add(page.title);
    const url = hitUrl(docSet.urlPrefix, page.path, [], '').replace(/[?#].*$/, '');
    suggestions.push({ kind: 'title', text: page.title, url });
  }
  return outcome;
}

/**
 * Adds completions of the word being typed (the last, when the query does not end with a space)
 * from the vocabulary of the doc sets the reader may open, until the limit.
 */
function suggestCompletions(
  reader: IndexReader,
  request: SuggestRequest,
  scope: QueryScope,
  suggestions: Suggestion[],
): void {
  const last = scope.parsed.units[scope.parsed.units.length - 1];
  const lastWord = last?.words[last.words.length - 1];
  if (!scope.parsed.lastIsPrefix || lastWord === undefined) return;
  const typed = lastWord.joined ?? (lastWord.parts[0] as string);
  const vocabulary = reader.snapshot.vocabulary;
  // What comes before the word stays as typed; a word typed after a mark (`--no-`) stays on it.
  const head = request.q.slice(0, request.q.length - lastWord.raw.length);
  const before = head.trim() === '' ? '' : /\s$/.test(head) ? `${head.trimEnd()} ` : head;
  for (const { index } of vocabulary.completions(typed, scope.allowed, request.limit)) {
    if (suggestions.length >= request.limit) break;
    suggestions.push({ kind: 'query', text: before + (vocabulary.terms[index] as string) });
  }
}
