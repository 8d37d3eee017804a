import type { SearchRequest, SearchResponse } from '@docs-portal/contracts';
import type { IndexReader } from '../core/IndexStore';
import type { ReaderAccess } from '../SearchEngine';
import { buildHits } from './buildHits';
import { didYouMean } from './didYouMean';
import { executeSearch, type QuerySettings } from './executeSearch';

/** A search answer shaped as the API's `SearchResponse`. */
export async function runSearch(
  reader: IndexReader,
  request: SearchRequest,
  access: ReaderAccess,
  settings: QuerySettings,
): Promise<SearchResponse> {
  const started = performance.now();
  const outcome = await executeSearch(reader, request, access, settings);
  const offset = (request.page - 1) * request.pageSize - outcome.firstRank;
  const slice = outcome.pages.slice(offset, offset + request.pageSize);
  const hits = await buildHits(reader, outcome, slice, request.explain);
  const suggestion =
    outcome.parsed.units.length === 0
      ? null
      : didYouMean(outcome.parsed, reader.snapshot.vocabulary, outcome.allowed);
  return {
    query: request.q,
    total: outcome.total,
    page: request.page,
    pageSize: request.pageSize,
    tookMs: Math.round((performance.now() - started) * 100) / 100,
    hits,
    facets: outcome.facets,
    suggestion,
  };
}
