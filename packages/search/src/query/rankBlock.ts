import type { IndexReader } from '../core/IndexStore';
import type { FieldTokens, TermIdSet } from '../core/sectionTokens';
import type { QueryGroup } from './planQuery';
import { proximityScore, type ProximityQuery } from './proximity';
import { collectPages, scorePage, type RankedPage } from './rankPages';
import type { RankingOptions } from './rankingOptions';
import { loadPostings } from './loadPostings';
import { loadSectionTokens } from './loadSectionTokens';
import { scoreSections, scoredTermIds, type CorpusStats } from './scoreSections';
import { stopTermTest, termGroupsOf, termQualities } from './titleMatches';
import { containsPhrase } from './verifyPhrases';

/** Pages of a block whose best sections also get phrase and proximity evidence. */
const PROXIMITY_PAGES = 30;
/** Sections per page that get phrase and proximity evidence. */
const SECTIONS_RERANKED = 3;

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
  /** Term ids of the query: the tokens decoded beyond titles and headings. */
  queryTerms: TermIdSet;
}

/**
 * Second pass of ranking, for one block of candidate pages (in first-pass order): scores their
 * sections with BM25F, keeps phrase matches only where the phrase is really there, adds phrase
 * and proximity evidence for the best sections and for pages titled as the query, and sorts the
 * block: pages titled as the query first, then by page score. Blocks are ranked independently
 * so that every result page of a query agrees.
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
  const lists = await loadPostings(reader, 'section', scoredTermIds(groups), ctx.docSetIds);
  const scores = scoreSections(groups, lists, snapshot.sections, ctx.sectionStats, ranking, ranges);
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
    (page, i) => i < PROXIMITY_PAGES || ctx.titleMatches.has(page.pageId),
  );
  const wanted = reranked.flatMap((p) =>
    p.sections.slice(0, SECTIONS_RERANKED).map((s) => s.sectionId),
  );
  const missing = wanted.filter((id) => !tokens.has(id));
  for (const [id, fields] of await loadSectionTokens(reader, missing, ctx.queryTerms))
    tokens.set(id, fields);
  const isStopTerm = stopTermTest(snapshot.vocabulary);
  const proximityQuery: ProximityQuery = {
    groups: groups.length,
    termGroups: termGroupsOf(groups),
    groupWeights: ctx.groupIdf,
    contentGroups: ctx.contentGroups,
    termQuality: termQualities(groups),
  };
  const contentWeight = ctx.contentGroups.reduce((sum, g) => sum + (ctx.weights[g] as number), 0);
  for (const page of reranked) {
    for (const section of page.sections.slice(0, SECTIONS_RERANKED)) {
      const fields = tokens.get(section.sectionId);
      if (fields === undefined) continue;
      const { proximity, exactness } = proximityScore(
        fields,
        proximityQuery,
        ranking.fieldWeights,
        isStopTerm,
      );
      const [title, heading] = exactness;
      section.score +=
        ranking.proximityWeight * proximity +
        (title + 0.7 * heading) * ranking.exactFieldBonus * contentWeight;
    }
    scorePage(page, { weights: ctx.weights }, ranking);
  }
  // A page titled as the query is the one the reader named: it leads, the most literal first.
  // Bonuses only add, so the pages left out keep their places below the ones re-ranked.
  const titled = (page: RankedPage) => ctx.titleMatches.get(page.pageId) ?? 0;
  pages.sort((a, b) => titled(b) - titled(a) || b.score - a.score || a.pageId - b.pageId);
  return { pages, tokens };
}
