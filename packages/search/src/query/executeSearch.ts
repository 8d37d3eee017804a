import type { FacetCount, RuleEffect, SearchRequest } from '@docs-portal/contracts';
import { FIELD_COUNT } from '../core/fields';
import type { IndexReader, StoredDocSet } from '../core/IndexStore';
import { TermIdSet, type FieldTokens } from '../core/sectionTokens';
import type { DocSetMask } from '../core/Vocabulary';
import type { ReaderAccess } from '../SearchEngine';
import { parseQuery, type ParsedQuery } from './parseQuery';
import { planQuery, type QueryGroup } from './planQuery';
import { rankBlock } from './rankBlock';
import type { RankedPage } from './rankPages';
import type { RankingOptions } from './rankingOptions';
import { loadPostings } from './loadPostings';
import { pagesInOtherVersions } from './collapseVersions';
import {
  idf,
  scoreSections,
  scoredTermIds,
  type CorpusStats,
  type SectionScores,
} from './scoreSections';
import { selectDocSets, type DocSetScopes } from './selectDocSets';
import { findTitleMatches, stopTermTest, termGroupsOf } from './titleMatches';
import type { SynonymTable } from './synonyms';
import type { CompiledRules } from '../rules/compileRules';
import { placePins, RulePlan, unpinnedWindow } from '../rules/RulePlan';
import { verifyPhrases } from './verifyPhrases';
import { findHeadedPages, MAX_HEADED_PAGES } from './headingMatches';
import { sectionLabels } from './sectionLabels';
import type { DecodedPostings } from '../core/PostingCache';
import { topRows } from '../core/topRows';

/** Settings shared by every query of an engine. */
export interface QuerySettings {
  /** Ranking knobs. */
  ranking: RankingOptions;
  /** Configured synonyms. */
  synonyms: SynonymTable;
  /** Active workbench rules (pins, boosts; their synonyms are already in `synonyms`). */
  rules?: CompiledRules;
}

/** Everything a search found, before it is shaped into the API answer. */
export interface SearchOutcome {
  /** The parsed query. */
  parsed: ParsedQuery;
  /** Groups the query was planned into. */
  groups: QueryGroup[];
  /** Doc set scopes of the query. */
  scopes: DocSetScopes;
  /** Mask of the doc sets whose vocabulary the query may use. */
  allowed: DocSetMask;
  /** Number of matching pages in the searched doc sets. */
  total: number;
  /** Rank (0-based) of the first page in `pages`. */
  firstRank: number;
  /** Ranked pages from `firstRank` on, covering the requested result page. */
  pages: RankedPage[];
  /** Term ids of the planned query (every group's), the only ones `tokens` keeps in full. */
  queryTerms: TermIdSet;
  /**
   * Decoded token sequences of the sections whose text re-ranking read (phrase checks, and
   * proximity for queries of two words or more): their titles and headings whole, their other
   * fields only the tokens of `queryTerms` (see `keepTokens`). Hits read those of the other
   * sections they show.
   */
  tokens: Map<number, FieldTokens[]>;
  /** Rules that pinned, boosted or buried each shown page (page id → effects). */
  ruleEffects?: Map<number, RuleEffect[]>;
  /** Facet counts. */
  facets: { product: FacetCount[]; version: FacetCount[]; docType: FacetCount[] };
  /** Matching pages in the versions not shown (for "also in" links; see `collapseVersions`). */
  otherVersions: number[];
}

/** Candidate pages are ranked in full in blocks of this many (in first-pass order). */
export const RANK_BLOCK = 50;

/**
 * A query of several words whose pages holding enough of them (see `select`) are fewer than a
 * page of results also matches pages holding some of its words, their scores weighed by the
 * share of the query they hold: an index entry such as `Patterns Introduction` names a page that never says
 * "introduction" (exact-query Recall@10 on the GIMP manual 0.947 -> 0.951, Django 0.972 -> 0.977).
 */
export const RELAX_BELOW = 10;

function maxDocSetId(docSets: readonly StoredDocSet[]): number {
  return docSets.reduce((m, d) => Math.max(m, d.storeId), 0);
}

/** The mask that lets through the doc sets of `ids` (store ids) among `docSets`. */
export function maskOf(ids: Iterable<number>, docSets: readonly StoredDocSet[]): DocSetMask {
  const max = docSets.reduce((m, d) => Math.max(m, d.storeId), 0);
  const mask = new Uint8Array(max + 1);
  for (const id of ids) mask[id] = 1;
  return mask;
}

function corpusStats(
  docSets: readonly StoredDocSet[],
  ids: readonly number[],
): { pages: CorpusStats; sections: CorpusStats } {
  let pages = 0;
  let sections = 0;
  const pageSums = new Array<number>(FIELD_COUNT).fill(0);
  const sectionSums = new Array<number>(FIELD_COUNT).fill(0);
  for (const d of docSets) {
    if (!ids.includes(d.storeId)) continue;
    pages += d.pages;
    sections += d.sections;
    d.pageLengthSums.forEach((sum, f) => (pageSums[f] = (pageSums[f] ?? 0) + sum));
    d.lengthSums.forEach((sum, f) => (sectionSums[f] = (sectionSums[f] ?? 0) + sum));
  }
  const documents = Math.max(1, pages);
  return {
    pages: { documents, averageLengths: pageSums.map((s) => s / documents) },
    sections: { documents, averageLengths: sectionSums.map((s) => s / Math.max(1, sections)) },
  };
}

function countFacet(
  counts: ReadonlyMap<number, number>,
  scope: ReadonlySet<number>,
  docSets: ReadonlyMap<number, StoredDocSet>,
  value: (d: StoredDocSet) => string,
): FacetCount[] {
  const byValue = new Map<string, number>();
  for (const [docSetId, count] of counts) {
    const docSet = docSets.get(docSetId);
    if (!scope.has(docSetId) || docSet === undefined) continue;
    byValue.set(value(docSet), (byValue.get(value(docSet)) ?? 0) + count);
  }
  return [...byValue.entries()]
    .map(([v, count]) => ({ value: v, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
}

/**
 * Marks (1) the rows of `scores` whose page has a term of a scored group in its title: the
 * title is the first field of each page posting's frequencies.
 */
function titledRows(
  groups: readonly QueryGroup[],
  pageLists: ReadonlyMap<number, readonly DecodedPostings[]>,
  scores: SectionScores,
): Uint8Array {
  const titled = new Uint8Array(scores.count);
  for (const termId of scoredTermIds(groups)) {
    for (const list of pageLists.get(termId) ?? []) {
      for (let i = 0; i < list.count; i++) {
        if ((list.tf[i * FIELD_COUNT] as number) === 0) continue;
        const k = scores.find(list.ids[i] as number);
        if (k >= 0) titled[k] = 1;
      }
    }
  }
  return titled;
}

/** What a query asks and of which doc sets, before anything is read. */
export type QueryScope = Pick<SearchOutcome, 'parsed' | 'scopes' | 'allowed'>;

/**
 * The parsed query, the doc sets it searches (the reader's access, facets and versions applied)
 * and the mask of those whose vocabulary it may use.
 */
export function queryScope(
  snapshot: IndexReader['snapshot'],
  request: Pick<SearchRequest, 'q' | 'product' | 'version' | 'docType'> & { fromVersion?: string },
  access: ReaderAccess,
): QueryScope {
  const scopes = selectDocSets(snapshot.docSets, request, access);
  return {
    parsed: parseQuery(request.q),
    scopes,
    allowed: maskOf(scopes.needed, snapshot.docSets),
  };
}

/**
 * Runs a query against one consistent index generation: plans it in the reader's vocabulary,
 * scores whole pages of the readable doc sets (access applied before any posting is read),
 * keeps the pages that match enough of the query, counts facets and the total, puts the pages
 * titled as the query first, then ranks the candidates of the requested result page by their
 * sections, phrases, proximity and exact titles and headings.
 */
export async function executeSearch(
  reader: IndexReader,
  request: Pick<SearchRequest, 'q' | 'product' | 'version' | 'docType' | 'page' | 'pageSize'> & {
    fromVersion?: string;
    /**
     * Unpinned ranks, from the first, whose order the caller reads beyond the requested result
     * page (the ranked pages after it are in `pages` too, but not all in their final order).
     */
    exactRanks?: number;
    /**
     * Pages holding enough of the query below which pages holding some of it match too
     * (default {@link RELAX_BELOW}; search-as-you-type gives 1: only when none match).
     */
    relaxBelow?: number;
    /**
     * Ranks in full only the candidates whose title holds a word of the query (search-as-you-
     * type, which suggests titles): `total` and the facets still count every match.
     */
    titledOnly?: boolean;
  },
  access: ReaderAccess,
  settings: QuerySettings,
): Promise<SearchOutcome> {
  const snapshot = reader.snapshot;
  const { parsed, scopes, allowed } = queryScope(snapshot, request, access);
  const outcome: SearchOutcome = {
    parsed,
    groups: [],
    scopes,
    allowed,
    total: 0,
    firstRank: 0,
    pages: [],
    queryTerms: new TermIdSet([]),
    tokens: new Map(),
    facets: { product: [], version: [], docType: [] },
    otherVersions: [],
  };
  if (parsed.units.length === 0 || scopes.needed.length === 0) return outcome;
  const ranking = settings.ranking;
  const vocabulary = snapshot.vocabulary;
  const groups = planQuery(parsed, {
    vocabulary,
    allowed,
    synonyms: settings.synonyms,
    ranking,
  }).slice(0, 30);
  outcome.groups = groups;
  outcome.queryTerms = new TermIdSet(termGroupsOf(groups).keys());
  const stats = corpusStats(snapshot.docSets, scopes.needed);

  // First pass: whole pages, for matching, totals, facets and candidates.
  const pageLists = await loadPostings(reader, 'page', scoredTermIds(groups), scopes.needed);
  const pageScores = scoreSections(groups, pageLists, snapshot.pages, stats.pages, ranking);
  await verifyPhrases(groups, pageScores, reader, scopes.needed);
  const required = groups.flatMap((g, i) => (g.stopWord ? [] : [i]));
  const contentGroups = required.filter((g) => !(groups[g] as QueryGroup).unmatched);
  // Section postings of the query: for its section labels, the headed pages and the blocks.
  const sectionLists = await loadPostings(reader, 'section', scoredTermIds(groups), scopes.needed);
  const labels = sectionLabels(groups, contentGroups, pageLists, sectionLists, snapshot.sections);
  const groupIdf = groups.map(
    (g, i) =>
      idf(g.df, stats.pages.documents) * (labels[i] === true ? ranking.sectionLabelWeight : 1),
  );
  const weights = groups.map((g, i) => (g.stopWord ? 0 : (groupIdf[i] as number)));
  const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;
  const phrases = groups.flatMap((g, i) => (g.phrase ? [i] : []));
  const G = groups.length;
  const count = pageScores.count;
  const masks = new Int32Array(count);
  const coverage = new Float64Array(count);
  const firstPass = new Float64Array(count);
  const exponent = ranking.coverageExponent;
  for (let k = 0; k < count; k++) {
    let mask = 0;
    let score = 0;
    let covered = 0;
    for (let g = 0; g < G; g++) {
      const value = pageScores.scores[k * G + g] as number;
      if (value <= 0) continue;
      mask |= 1 << g;
      score += value;
      covered += weights[g] as number;
    }
    masks[k] = mask;
    coverage[k] = covered / totalWeight;
    firstPass[k] =
      score *
      (exponent === 0.5
        ? Math.sqrt(covered / totalWeight)
        : Math.pow(covered / totalWeight, exponent));
  }
  const pageDocSet = snapshot.pages.docSet;
  const plan = settings.rules && (await RulePlan.create(reader, settings.rules, request.q, scopes));
  plan?.boostScores(firstPass, pageScores.ids, pageDocSet);
  const searched = new Uint8Array(maxDocSetId(snapshot.docSets) + 1);
  for (const id of scopes.search) searched[id] = 1;
  const phraseMask = phrases.reduce((mask, g) => mask | (1 << g), 0);
  // A section label need not be held: `grid overview` finds the page about grids, which has no
  // section headed `Overview`.
  const requiredMask = required.reduce((mask, g) => (labels[g] ? mask : mask | (1 << g)), 0);
  // All required words of one- or two-word queries; words carrying `minimumCoverage` of the
  // weight of longer ones, where extra words (qualifiers, pasted sentences) should widen, not
  // empty, the result.
  const shortQuery = required.length <= 2;
  const select = (strict: boolean): number[] => {
    const rows: number[] = [];
    for (let k = 0; k < count; k++) {
      const mask = masks[k] as number;
      if (mask === 0 || (mask & phraseMask) !== phraseMask) continue;
      if (
        strict &&
        (shortQuery
          ? (mask & requiredMask) !== requiredMask
          : (coverage[k] as number) < ranking.minimumCoverage)
      ) {
        continue;
      }
      rows.push(k);
    }
    return rows;
  };
  const inSearch = (k: number) => searched[pageDocSet[pageScores.ids[k] as number] as number] === 1;
  let matched = select(true);
  const relaxBelow = request.relaxBelow ?? RELAX_BELOW;
  let held = 0;
  for (let i = 0; i < matched.length && held < relaxBelow; i++) {
    if (inSearch(matched[i] as number)) held++;
  }
  if (required.length > 1 && held < relaxBelow) matched = select(false);

  const perDocSet = new Map<number, number>();
  const counts = new Int32Array(searched.length);
  for (const k of matched) {
    const docSetId = pageDocSet[pageScores.ids[k] as number] as number;
    counts[docSetId] = (counts[docSetId] as number) + 1;
  }
  const pinnedIds = new Set(plan?.pins.map((p) => p.pageId));
  if (pinnedIds.size > 0)
    plan?.countUnmatchedPins(
      counts,
      matched.map((k) => pageScores.ids[k] as number),
    );
  counts.forEach((n, docSetId) => {
    if (n > 0) perDocSet.set(docSetId, n);
  });
  const byId = new Map(snapshot.docSets.map((d) => [d.storeId, d]));
  outcome.facets = {
    product: countFacet(perDocSet, scopes.product, byId, (d) => d.docSet.product),
    version: countFacet(perDocSet, scopes.version, byId, (d) => d.docSet.version),
    docType: countFacet(perDocSet, scopes.docType, byId, (d) => d.docSet.docType),
  };
  const candidates: number[] = [];
  const isCandidate = new Uint8Array(count);
  for (const k of matched) {
    if (inSearch(k) && !pinnedIds.has(pageScores.ids[k] as number)) {
      candidates.push(k);
      isCandidate[k] = 1;
    }
  }
  const pins = plan?.placed(scopes, candidates.length) ?? [];
  outcome.total = candidates.length + pins.length;
  const offset = (request.page - 1) * request.pageSize;
  const window = unpinnedWindow(pins, offset, request.pageSize);
  const firstBlock = Math.floor(window.start / RANK_BLOCK);
  const lastBlock = Math.floor(Math.max(window.start, window.end - 1) / RANK_BLOCK);
  const ids = pageScores.ids;
  outcome.otherVersions = pagesInOtherVersions(
    matched,
    (k) => ids[k] as number,
    pageDocSet,
    scopes,
  );
  const { exact: titleMatches, partial: partialTitles } =
    contentGroups.length === 0
      ? { exact: new Map<number, number>(), partial: new Map<number, number>() }
      : await findTitleMatches(reader, {
          groups,
          contentGroups,
          groupIdf,
          pageLists,
          pages: snapshot.pages,
          candidateScore: (pageId) => {
            const k = pageScores.find(pageId);
            return k >= 0 && isCandidate[k] === 1 ? (firstPass[k] as number) : undefined;
          },
          isStopTerm: stopTermTest(vocabulary),
        });
  // Pages with a section headed by the query (a glossary's entry) follow, the best few by the
  // first pass: their many headings sum to a long field that buries them in the first pass.
  const headedPages = findHeadedPages(groups, contentGroups, sectionLists, snapshot.sections);
  const headed = new Uint8Array(count);
  if (headedPages.size > 0) {
    const rows = candidates.filter((k) => headedPages.has(ids[k] as number));
    const best = topRows(
      rows,
      MAX_HEADED_PAGES,
      (a, b) => (firstPass[b] as number) - (firstPass[a] as number) || a - b,
    );
    for (const k of best) headed[k] = 1;
  }
  // Pages titled as the query lead the candidates, then those titled with most of it, then the
  // headed ones, so the block that ranks them in full holds them however many pages use the
  // query's words more often.
  const titled = (k: number) => titleMatches.get(ids[k] as number) ?? 0;
  const before = (a: number, b: number) =>
    titled(b) - titled(a) ||
    (partialTitles.get(ids[b] as number) ?? 0) - (partialTitles.get(ids[a] as number) ?? 0) ||
    (headed[b] as number) - (headed[a] as number) ||
    (firstPass[b] as number) - (firstPass[a] as number) ||
    (ids[a] as number) - (ids[b] as number);
  const titleRows =
    request.titledOnly === true ? titledRows(groups, pageLists, pageScores) : undefined;
  const ordered = topRows(
    titleRows === undefined ? candidates : candidates.filter((k) => titleRows[k] === 1),
    (lastBlock + 1) * RANK_BLOCK,
    before,
  );

  // Second pass: the blocks of candidates that hold the requested result page.
  outcome.firstRank = firstBlock * RANK_BLOCK;
  const context = {
    reader,
    groups,
    docSetIds: scopes.needed,
    sectionStats: stats.sections,
    ranking,
    weights,
    groupIdf,
    contentGroups,
    titleMatches,
    partialTitles,
    queryTerms: outcome.queryTerms,
    sectionLists,
  };
  // The ranks read must be final; the rest of their block only needs to stay below them. Rules
  // that boost or bury pages after ranking could lift any page into them: then all are final.
  const exactEnd = Math.max(window.end, request.exactRanks ?? 0);
  for (let block = firstBlock; block <= lastBlock; block++) {
    const rows = ordered.slice(block * RANK_BLOCK, (block + 1) * RANK_BLOCK);
    if (rows.length === 0) break;
    const ranked = await rankBlock(
      rows.map((k) => pageScores.ids[k] as number),
      new Map(rows.map((k) => [pageScores.ids[k] as number, firstPass[k] as number])),
      { ...context, exactRanks: plan ? undefined : exactEnd - block * RANK_BLOCK },
    );
    plan?.boostBlock(ranked.pages, (id) => titleMatches.get(id) ?? 0);
    outcome.pages.push(...ranked.pages);
    for (const [id, fields] of ranked.tokens) outcome.tokens.set(id, fields);
  }
  if (plan) {
    if (pins.length > 0) {
      const ids = pins.map((p) => p.pageId);
      const pinned = await rankBlock(ids, new Map(ids.map((id) => [id, 0])), context);
      for (const [id, fields] of pinned.tokens) outcome.tokens.set(id, fields);
      outcome.pages = await placePins(reader, pins, outcome.pages, pinned.pages, {
        offset,
        size: request.pageSize,
        total: outcome.total,
        firstRank: outcome.firstRank,
        groups: groups.length,
      });
      outcome.firstRank = offset;
    }
    plan.noteEffects(outcome.pages, new Set(pins.map((p) => p.pageId)));
    outcome.ruleEffects = plan.effects;
  }
  pageScores.release();
  return outcome;
}
