import type { IndexReader } from '../core/IndexStore';
import type { DecodedPostings } from '../core/PostingCache';
import type { CachedSection } from '../core/SectionTokenCache';
import { WHOLE_FIELDS, type FieldTokens, type TermIdSet } from '../core/sectionTokens';
import type { QueryGroup } from './planQuery';
import {
  addFieldEvidence,
  newEvidence,
  partReadings,
  proximityOf,
  type ProximityQuery,
  type SectionEvidence,
} from './proximity';
import {
  collectPages,
  ORDERED_SECTIONS,
  pageScoreCeiling,
  scorePage,
  type RankedPage,
} from './rankPages';
import type { RankingOptions } from './rankingOptions';
import { keptFields, loadCachedSections, loadSectionTokens } from './loadSectionTokens';
import { scoreSections, type CorpusStats } from './scoreSections';
import {
  identifierReading,
  saidGroups,
  stopTermTest,
  termGroupsOf,
  termQualities,
} from './titleMatches';
import { containsPhrase } from './verifyPhrases';

/** Pages of a block whose best sections also get phrase and proximity evidence. */
const PROXIMITY_PAGES = 30;
/** Sections per page that get phrase and proximity evidence (`scorePage` keeps them in order). */
const SECTIONS_RERANKED = ORDERED_SECTIONS;

/** What ranking a block of pages needs to know about the query. */
export interface BlockContext {
  /** Reads of the index generation being queried. */
  reader: IndexReader;
  /** The planned query. */
  groups: readonly QueryGroup[];
  /** Doc sets the query reads (access and filters already applied). */
  docSetIds: readonly number[];
  /** Section statistics of those doc sets. */
  sectionStats: CorpusStats;
  /** Ranking knobs. */
  ranking: RankingOptions;
  /** Coverage weight of each group (0 for stop words). */
  weights: readonly number[];
  /** Inverse document frequency of each group, stop words included (for proximity). */
  groupIdf: readonly number[];
  /** Groups that must be in a title or heading for it to count as an exact match. */
  contentGroups: readonly number[];
  /**
   * Pages whose title says exactly what was searched, with how literally (0 to 1): they get the
   * exact-title bonus wherever their sections put them, and lead the block, most literal first.
   */
  titleMatches: ReadonlyMap<number, number>;
  /** Pages whose title says only query words, and most of them: always re-ranked. */
  partialTitles?: ReadonlyMap<number, number>;
  /** Term ids of the query: the tokens decoded beyond titles and headings. */
  queryTerms: TermIdSet;
  /** Section postings of the query's scored terms in `docSetIds` (see loadPostings). */
  sectionLists: ReadonlyMap<number, readonly DecodedPostings[]>;
  /**
   * How many leading ranks of the block the caller reads (all when undefined): only they must
   * be in their final order, so re-ranking stops once no page left could reach them.
   */
  exactRanks?: number;
}

/**
 * True when re-ranking can only raise scores, as the bound that lets it stop early assumes:
 * no negative weight or share among the knobs it depends on.
 */
function boundsHold(ranking: RankingOptions): boolean {
  return (
    ranking.proximityWeight >= 0 &&
    ranking.exactFieldBonus >= 0 &&
    ranking.partialTitleWeight >= 0 &&
    ranking.pageCoverageShare >= 0 &&
    ranking.otherSectionsShare >= 0 &&
    ranking.pageScoreShare >= 0 &&
    ranking.fieldWeights.every((w) => w >= 0)
  );
}

/** Room left for rounding: a ceiling computed in another order of additions may fall short. */
function boundSlack(score: number): number {
  return 1e-9 * Math.abs(score) + 1e-12;
}

/**
 * Moves each page of `titleGroups` (the groups its title says, as bits) to just above the first
 * page ranked before it whose title says a strict subset of them, unless that page is titled as
 * the query (`titled`), which keeps its lead.
 */
function promoteSpecificTitles(
  pages: RankedPage[],
  titleGroups: ReadonlyMap<RankedPage, number>,
  titled: (page: RankedPage) => number,
): void {
  for (let i = 1; i < pages.length; i++) {
    const page = pages[i] as RankedPage;
    const said = titleGroups.get(page);
    if (said === undefined) continue;
    for (let j = 0; j < i; j++) {
      const other = pages[j] as RankedPage;
      const less = titleGroups.get(other);
      if (less === undefined || less === said || (less & ~said) !== 0 || titled(other) > 0)
        continue;
      pages.splice(i, 1);
      pages.splice(j, 0, page);
      break;
    }
  }
}

/** True when a field holds a term of `termGroups`. */
function holdsAnyTerm(field: FieldTokens, termGroups: ReadonlyMap<number, unknown>): boolean {
  for (let i = 0; i < field.terms.length; i++)
    if (termGroups.has(field.terms[i] as number)) return true;
  return false;
}

/**
 * Second pass of ranking, for one block of candidate pages (in first-pass order): scores their
 * sections with BM25F, keeps phrase matches only where the phrase is really there, adds phrase
 * and proximity evidence for the best sections and for pages titled as the query, and sorts the
 * block: pages titled as the query first, then by page score, a page whose title says more of
 * the query just above one whose title says less of it (`promoteSpecificTitles`). Blocks are
 * ranked independently so that every result page of a query agrees.
 */
export async function rankBlock(
  pageIds: readonly number[],
  pageScores: ReadonlyMap<number, number>,
  ctx: BlockContext,
): Promise<{ pages: RankedPage[]; tokens: Map<number, FieldTokens[]> }> {
  const { reader, groups, ranking } = ctx;
  const snapshot = reader.snapshot;
  const { firstSection, lastSection } = snapshot.pages;
  const withSections = pageIds.filter((id) => (lastSection[id] as number) >= 0);
  withSections.sort((a, b) => (firstSection[a] as number) - (firstSection[b] as number));
  const ranges = new Int32Array(withSections.length * 2);
  withSections.forEach((id, i) => {
    ranges[2 * i] = firstSection[id] as number;
    ranges[2 * i + 1] = lastSection[id] as number;
  });
  const scores = scoreSections(
    groups,
    ctx.sectionLists,
    snapshot.sections,
    ctx.sectionStats,
    ranking,
    ranges,
  );
  const tokens = new Map<number, FieldTokens[]>();
  const phraseGroups = groups.flatMap((g, i) => (g.phrase ? [i] : []));
  if (phraseGroups.length > 0) {
    const rows: number[] = [];
    for (let k = 0; k < scores.count; k++) {
      if (phraseGroups.some((g) => (scores.scores[k * scores.groups + g] as number) > 0))
        rows.push(k);
    }
    const loaded = await loadSectionTokens(
      reader,
      rows.map((k) => scores.ids[k] as number),
      ctx.queryTerms,
    );
    // The term ids of each phrase's words, built once for all the sections checked.
    const phraseSlots = phraseGroups.map((g) =>
      ((groups[g] as QueryGroup).variants[0]?.slots ?? []).map(
        (slot) => new Set(slot.terms.map((t) => t.termId)),
      ),
    );
    for (const k of rows) {
      const fields = loaded.get(scores.ids[k] as number) ?? [];
      tokens.set(scores.ids[k] as number, fields);
      for (let p = 0; p < phraseGroups.length; p++) {
        const g = phraseGroups[p] as number;
        if (!containsPhrase(fields, phraseSlots[p] ?? [])) scores.scores[k * scores.groups + g] = 0;
      }
    }
  }

  const pages = [...collectPages(scores, snapshot.sections).values()];
  scores.release();
  for (const page of pages) {
    page.pageScore = pageScores.get(page.pageId) ?? 0;
    scorePage(page, { weights: ctx.weights }, ranking);
  }
  pages.sort((a, b) => b.score - a.score || a.pageId - b.pageId);

  const reranked = pages.filter(
    (page, i) =>
      i < PROXIMITY_PAGES ||
      ctx.titleMatches.has(page.pageId) ||
      ctx.partialTitles?.has(page.pageId) === true,
  );
  const wanted = reranked.flatMap((p) =>
    p.sections.slice(0, SECTIONS_RERANKED).map((s) => s.sectionId),
  );
  // Beyond the title and the heading a section only gives proximity, which takes two words:
  // for one, its text is not read here (the hits read it for the sections they show), nor are
  // its term orders, which only speed reading it, made for it.
  const textEvidence = groups.length >= 2;
  const cached = await loadCachedSections(
    reader,
    wanted.filter((id) => !tokens.has(id)),
    textEvidence,
  );
  const isStopTerm = stopTermTest(snapshot.vocabulary);
  const proximityQuery: ProximityQuery = {
    groups: groups.length,
    termGroups: termGroupsOf(groups),
    groupWeights: ctx.groupIdf,
    contentGroups: ctx.contentGroups,
    termQuality: termQualities(groups),
    partialTitleWeight: ranking.partialTitleWeight,
    identifiers: identifierReading(snapshot.vocabulary, groups),
    parts: partReadings(groups),
  };
  // Titles read snake_case words by their parts too (see partReadings).
  const titleQuery: ProximityQuery = { ...proximityQuery, parts: partReadings(groups, true) };
  const contentWeight = ctx.contentGroups.reduce((sum, g) => sum + (ctx.weights[g] as number), 0);
  const weights = ranking.fieldWeights;
  // The title and the heading first, for every section re-ranked: they are short, kept whole,
  // and hold the exactness bonus, the larger part of what re-ranking can add. Every section of
  // a page holds the page's title: it is read once per page, and its evidence copied.
  const evidence = new Map<number, SectionEvidence>();
  for (const page of reranked) {
    let title: SectionEvidence | undefined;
    for (const section of page.sections.slice(0, SECTIONS_RERANKED)) {
      const id = section.sectionId;
      const fields = tokens.get(id) ?? cached.get(id)?.fields;
      if (fields === undefined) continue;
      const found = newEvidence(proximityQuery);
      if (fields.length > 0) {
        if (title === undefined) {
          title = newEvidence(proximityQuery);
          addFieldEvidence(title, fields[0] as FieldTokens, 0, titleQuery, weights, isStopTerm);
        }
        found.exactness[0] = title.exactness[0];
        found.pairBest.set(title.pairBest);
      }
      for (let f = 1; f < WHOLE_FIELDS && f < fields.length; f++)
        addFieldEvidence(found, fields[f] as FieldTokens, f, proximityQuery, weights, isStopTerm);
      evidence.set(id, found);
    }
  }
  const bonus = (found: SectionEvidence, ceiling?: number) => {
    const [title, heading] = found.exactness;
    return (
      ranking.proximityWeight * proximityOf(found, proximityQuery, ceiling) +
      (title + 0.7 * heading) * ranking.exactFieldBonus * contentWeight
    );
  };
  /** Adds the rest of its sections' evidence (their text) and their bonuses to a page. */
  const rerank = (page: RankedPage) => {
    for (const section of page.sections.slice(0, SECTIONS_RERANKED)) {
      const found = evidence.get(section.sectionId);
      if (found === undefined) continue;
      if (textEvidence) {
        let fields = tokens.get(section.sectionId);
        if (fields === undefined) {
          fields = keptFields(cached.get(section.sectionId) as CachedSection, ctx.queryTerms);
          tokens.set(section.sectionId, fields);
        }
        for (let f = WHOLE_FIELDS; f < fields.length; f++)
          addFieldEvidence(found, fields[f] as FieldTokens, f, proximityQuery, weights, isStopTerm);
      }
      section.score += bonus(found);
    }
    scorePage(page, { weights: ctx.weights }, ranking);
  };
  const titled = (page: RankedPage) => ctx.titleMatches.get(page.pageId) ?? 0;
  const before = (a: RankedPage, b: RankedPage) =>
    titled(b) - titled(a) || b.score - a.score || a.pageId - b.pageId;
  // Pages titled as the query always; the others best first, until none left could reach the
  // ranks the caller reads (`exactRanks`): the text of their sections is then never read.
  const pending: RankedPage[] = [];
  for (const page of reranked) {
    if (titled(page) > 0) rerank(page);
    else pending.push(page);
  }
  const exactRanks = ctx.exactRanks ?? pages.length;
  if (exactRanks >= pages.length || !boundsHold(ranking)) {
    for (const page of pending) rerank(page);
  } else {
    // The most each page left could score: its title and heading evidence as it is, its text
    // as close as words can be in the heaviest field after the heading.
    const textCeiling = Math.max(...weights.slice(WHOLE_FIELDS));
    // Only the sections given evidence above can gain: the first SECTIONS_RERANKED of each page.
    const ceilings = pending.map((page) =>
      pageScoreCeiling(
        page,
        page.sections.slice(0, SECTIONS_RERANKED).map((section) => {
          const found = evidence.get(section.sectionId);
          return found === undefined ? 0 : bonus(found, textCeiling);
        }),
        { weights: ctx.weights },
        ranking,
      ),
    );
    const highestFrom = new Float64Array(pending.length + 1).fill(-Infinity);
    for (let i = pending.length - 1; i >= 0; i--)
      highestFrom[i] = Math.max(highestFrom[i + 1] as number, ceilings[i] as number);
    const waiting = new Set(pending);
    const settled = pages.filter((page) => !waiting.has(page)).sort(before);
    for (let i = 0; i < pending.length; i++) {
      const last = settled[exactRanks - 1];
      if (
        last !== undefined &&
        (titled(last) > 0 || (highestFrom[i] as number) < last.score - boundSlack(last.score))
      ) {
        break;
      }
      const page = pending[i] as RankedPage;
      rerank(page);
      // Into its place among the settled pages (its score only rose).
      let at = settled.length;
      while (at > 0 && before(page, settled[at - 1] as RankedPage) < 0) at--;
      settled.splice(at, 0, page);
    }
  }
  // A page titled as the query is the one the reader named: it leads, the most literal first.
  // Bonuses only add, so the pages left out keep their places below the ones re-ranked.
  pages.sort(before);
  // A page whose title says only query words, and more of them than another such page above it
  // says, is the more specific answer: the member's page `pkg.Class.resize` above the class page
  // `pkg.Class` for `resize pkg.Class method`, however much more often the class page says the
  // words (it lists every member). It moves up to just above the first page it outdoes.
  const titleGroups = new Map<RankedPage, number>();
  for (const page of reranked) {
    const id = page.sections[0]?.sectionId;
    const title = id === undefined ? undefined : (tokens.get(id) ?? cached.get(id)?.fields)?.[0];
    // A title without a term of the query says no group of it (every way of matching a group
    // has a slot, said only by its terms): spared the word-by-word reading.
    if (title === undefined || !holdsAnyTerm(title, proximityQuery.termGroups)) continue;
    const said = saidGroups(title, groups, proximityQuery, isStopTerm);
    if (said > 0) titleGroups.set(page, said);
  }
  if (titleGroups.size >= 2) promoteSpecificTitles(pages, titleGroups, titled);
  return { pages, tokens };
}
