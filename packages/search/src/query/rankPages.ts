import type { SectionTable } from '../core/IndexStore';
import type { RankingOptions } from './rankingOptions';
import type { SectionScores } from './scoreSections';

/** A section of a candidate page with its scores. */
export interface RankedSection {
  /** Row in the section scores. */
  row: number;
  /** Section id. */
  sectionId: number;
  /** Sum of its group scores plus proximity bonuses. */
  score: number;
  /** Score after the coverage factor (used to choose the best section). */
  adjusted: number;
  /** Bit g set when group g matches in the section. */
  mask: number;
}

/** A page that matched at least one query group. */
export interface RankedPage {
  /** Page id. */
  pageId: number;
  /** Doc set store id. */
  docSetId: number;
  /** Bit g set when group g matches somewhere on the page. */
  mask: number;
  /** Best score of each group over the page's sections. */
  groupBest: Float64Array;
  /** Its matching sections, best first (after `scorePage`). */
  sections: RankedSection[];
  /** Page score. */
  score: number;
  /** First-pass score of the whole page (BM25F over the page as one document). */
  pageScore: number;
}

/** Per-group weights and which groups are required, for coverage. */
export interface GroupWeighting {
  /** Weight of each group in coverage (0 for stop words). */
  weights: readonly number[];
}

function maskWeight(mask: number, weights: readonly number[]): number {
  let sum = 0;
  for (let g = 0; g < weights.length; g++) if (mask & (1 << g)) sum += weights[g] as number;
  return sum;
}

/** Groups the pages' matching sections by page. */
export function collectPages(scores: SectionScores, table: SectionTable): Map<number, RankedPage> {
  const pages = new Map<number, RankedPage>();
  const groups = scores.groups;
  for (let k = 0; k < scores.count; k++) {
    const sectionId = scores.ids[k] as number;
    const pageId = table.page[sectionId] as number;
    if (pageId === 0) continue;
    let page = pages.get(pageId);
    if (page === undefined) {
      page = {
        pageId,
        docSetId: table.docSet[sectionId] as number,
        mask: 0,
        groupBest: new Float64Array(groups),
        sections: [],
        score: 0,
        pageScore: 0,
      };
      pages.set(pageId, page);
    }
    let score = 0;
    let mask = 0;
    for (let g = 0; g < groups; g++) {
      const value = scores.scores[k * groups + g] as number;
      if (value <= 0) continue;
      score += value;
      mask |= 1 << g;
      if (value > (page.groupBest[g] as number)) page.groupBest[g] = value;
    }
    if (mask === 0) continue;
    page.mask |= mask;
    page.sections.push({ row: k, sectionId, score, adjusted: score, mask });
  }
  for (const [pageId, page] of pages) if (page.mask === 0) pages.delete(pageId);
  return pages;
}

/** Sections best first: by adjusted score, then by id (a total order: one result however sorted). */
function sortSections(sections: RankedSection[]): void {
  // Pages mostly have a few matching sections, and re-scoring a page leaves them nearly in
  // order: sorted in place by insertion, where Array#sort would copy them first, for every page.
  if (sections.length > 32) {
    sections.sort((a, b) => b.adjusted - a.adjusted || a.sectionId - b.sectionId);
    return;
  }
  for (let i = 1; i < sections.length; i++) {
    const section = sections[i] as RankedSection;
    let j = i - 1;
    for (; j >= 0; j--) {
      const other = sections[j] as RankedSection;
      if (other.adjusted > section.adjusted) break;
      if (other.adjusted === section.adjusted && other.sectionId < section.sectionId) break;
      sections[j + 1] = other;
    }
    sections[j + 1] = section;
  }
}

/**
 * Scores a page from its sections: the best section (by score times its share of the query
 * words, raised to the coverage exponent), plus part of the evidence for query words found only
 * elsewhere on the page, times the page's own coverage, plus a share of its next best sections.
 */
export function scorePage(
  page: RankedPage,
  weighting: GroupWeighting,
  ranking: RankingOptions,
): void {
  const total = weighting.weights.reduce((a, b) => a + b, 0) || 1;
  const p = ranking.coverageExponent;
  for (const section of page.sections) {
    section.adjusted =
      section.score * Math.pow(maskWeight(section.mask, weighting.weights) / total, p);
  }
  sortSections(page.sections);
  const best = page.sections[0];
  if (best === undefined) {
    page.score = 0;
    return;
  }
  let elsewhere = 0;
  for (let g = 0; g < weighting.weights.length; g++) {
    if (!(best.mask & (1 << g))) elsewhere += page.groupBest[g] as number;
  }
  const coverage = Math.pow(maskWeight(page.mask, weighting.weights) / total, p);
  let others = 0;
  for (let i = 1; i <= ranking.otherSectionsCount && i < page.sections.length; i++) {
    others += (page.sections[i] as RankedSection).adjusted;
  }
  page.score =
    (best.score + ranking.pageCoverageShare * elsewhere) * coverage +
    ranking.otherSectionsShare * others +
    ranking.pageScoreShare * page.pageScore;
}

/**
 * The most `scorePage` could give a page whose sections each gain at most `gain(section)`: its
 * score if every section gained that much at once and the best of them led, as a bound (the
 * sections are not re-sorted, nor the page changed). Bonuses only add, so a page whose ceiling
 * is below another's score cannot pass it, whatever its bonuses turn out to be.
 */
export function pageScoreCeiling(
  page: RankedPage,
  gain: (section: RankedSection) => number,
  weighting: GroupWeighting,
  ranking: RankingOptions,
): number {
  const total = weighting.weights.reduce((a, b) => a + b, 0) || 1;
  const p = ranking.coverageExponent;
  const coverage = Math.pow(maskWeight(page.mask, weighting.weights) / total, p);
  let lead = 0;
  // The next best sections' share: at most the largest adjusted scores, whichever section leads.
  const count = ranking.otherSectionsCount;
  const largest = new Float64Array(Math.max(0, count));
  for (const section of page.sections) {
    const score = section.score + gain(section);
    let adjusted = score * Math.pow(maskWeight(section.mask, weighting.weights) / total, p);
    for (let i = 0; i < count; i++) {
      if (adjusted <= (largest[i] as number)) continue;
      const pushed = largest[i] as number;
      largest[i] = adjusted;
      adjusted = pushed;
    }
    let elsewhere = 0;
    for (let g = 0; g < weighting.weights.length; g++) {
      if (!(section.mask & (1 << g))) elsewhere += page.groupBest[g] as number;
    }
    lead = Math.max(lead, (score + ranking.pageCoverageShare * elsewhere) * coverage);
  }
  let others = 0;
  for (const value of largest) others += value;
  return lead + ranking.otherSectionsShare * others + ranking.pageScoreShare * page.pageScore;
}
