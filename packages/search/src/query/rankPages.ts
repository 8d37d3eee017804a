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
  /**
   * Sum of its group scores for the groups every matching section of its page matches (see
   * `linkedSection`); undefined when the page's sections share no group, or all.
   */
  shared?: number;
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
  /**
   * Its matching sections; after `scorePage` the best first, in order, as many as it reads
   * (`ORDERED_SECTIONS`, or more for `otherSectionsCount`), the others after them in no set order.
   */
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

/** The coverage factor of the groups of `mask`: their share of `total`, raised to `exponent`. */
function coverageFactor(
  mask: number,
  weights: readonly number[],
  total: number,
  exponent: number,
): number {
  return Math.pow(maskWeight(mask, weights) / total, exponent);
}

/** Sum of the page's best scores of the groups `mask` lacks (evidence found elsewhere on it). */
function bestElsewhere(page: RankedPage, mask: number, groups: number): number {
  let sum = 0;
  for (let g = 0; g < groups; g++) if (!(mask & (1 << g))) sum += page.groupBest[g] as number;
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
  for (const [pageId, page] of pages) {
    if (page.mask === 0) pages.delete(pageId);
    else sharedScores(page, scores);
  }
  return pages;
}

/**
 * Notes on each section of a page its score for the query words every matching section of the
 * page matches (the page's title or trail says them, as a class page's title says the class),
 * which do not set one section apart from another. See `linkedSection`.
 */
function sharedScores(page: RankedPage, scores: SectionScores): void {
  if (page.sections.length < 2) return;
  let shared = page.mask;
  for (const section of page.sections) shared &= section.mask;
  if (shared === 0 || shared === page.mask) return;
  const groups = scores.groups;
  for (const section of page.sections) {
    let sum = 0;
    for (let g = 0; g < groups; g++) {
      if (shared & (1 << g)) sum += scores.scores[section.row * groups + g] as number;
    }
    section.shared = sum;
  }
}

/** A section's score without the groups every section of its page matches. */
function ownScore(section: RankedSection): number {
  return section.score - (section.shared ?? 0);
}

/**
 * The section a page's hit links to: its best section, unless another scores more once the
 * query words every matching section of the page says (its title's, its trail's) are left out:
 * those tell nothing about which part of the page is meant, and a section that repeats them
 * (a constructor repeating its class's name) led sections about the other words (the method
 * named). Only where the link goes changes: the page's score and rank do not.
 */
export function linkedSection(page: RankedPage): RankedSection | undefined {
  const best = page.sections[0];
  if (best?.shared === undefined) return best;
  let lead = best;
  let leadScore = ownScore(best);
  for (const section of page.sections) {
    const own = ownScore(section);
    if (own > leadScore) {
      lead = section;
      leadScore = own;
    }
  }
  return lead;
}

/**
 * Sections of a page that are read in order (the ones re-ranked, the ones a hit lists): after
 * `scorePage`, at least this many lead the page's sections, best first.
 */
export const ORDERED_SECTIONS = 3;

/** True when section `a` goes before `b`: by adjusted score, then by id (a total order). */
function goesBefore(a: RankedSection, b: RankedSection): boolean {
  return a.adjusted > b.adjusted || (a.adjusted === b.adjusted && a.sectionId < b.sectionId);
}

/**
 * Puts the best `count` sections first, best first, the others after them in no set order: a
 * total order, so the leading ones are the same however the sections were ordered before. Only
 * they are ever read in order, and a page may match in hundreds of sections, which a full sort
 * ordered on every scoring. In place, by insertion: a page's few sections, or the nearly ordered
 * ones of a page scored again, cost about one comparison each.
 */
function orderLeadingSections(sections: RankedSection[], count: number): void {
  const lead = Math.min(count, sections.length);
  for (let i = 1; i < sections.length; i++) {
    const section = sections[i] as RankedSection;
    // The free place the section is inserted from: its own, or the last leading one's, which
    // goes to the section's place when the section displaces it.
    let j = i - 1;
    if (i >= lead) {
      const last = sections[lead - 1] as RankedSection;
      if (!goesBefore(section, last)) continue;
      sections[i] = last;
      j = lead - 2;
    }
    for (; j >= 0 && goesBefore(section, sections[j] as RankedSection); j--)
      sections[j + 1] = sections[j] as RankedSection;
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
  // Neighbouring sections of a page mostly match the same groups: their factor is computed once.
  let mask = -1;
  let factor = 0;
  for (const section of page.sections) {
    if (section.mask !== mask) {
      mask = section.mask;
      factor = coverageFactor(mask, weighting.weights, total, p);
    }
    section.adjusted = section.score * factor;
  }
  orderLeadingSections(page.sections, Math.max(ORDERED_SECTIONS, ranking.otherSectionsCount + 1));
  const best = page.sections[0];
  if (best === undefined) {
    page.score = 0;
    return;
  }
  const elsewhere = bestElsewhere(page, best.mask, weighting.weights.length);
  const coverage = coverageFactor(page.mask, weighting.weights, total, p);
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
 * The most `scorePage` could give a page whose leading sections gain at most `gains[i]` each
 * (`page.sections[i]`; the others gain nothing): its score if every section gained that much at
 * once and the best of them led, as a bound (the sections are not re-sorted, nor the page
 * changed). Bonuses only add, so a page whose ceiling is below another's score cannot pass it,
 * whatever its bonuses turn out to be. The page must be as `scorePage` left it.
 */
export function pageScoreCeiling(
  page: RankedPage,
  gains: readonly number[],
  weighting: GroupWeighting,
  ranking: RankingOptions,
): number {
  const total = weighting.weights.reduce((a, b) => a + b, 0) || 1;
  const p = ranking.coverageExponent;
  const coverage = coverageFactor(page.mask, weighting.weights, total, p);
  const sections = page.sections;
  // The next best sections' share: at most the largest adjusted scores, whichever section leads.
  // Those come from the sections `scorePage` put first, best first, and those with gains: every
  // other one scores at most what each of them does, so it could only tie with them.
  const count = ranking.otherSectionsCount;
  const ordered = Math.min(sections.length, Math.max(ORDERED_SECTIONS, count + 1, gains.length));
  const largest = new Float64Array(Math.max(0, count));
  for (let i = 0; i < ordered; i++) {
    const section = sections[i] as RankedSection;
    const gain = i < gains.length ? (gains[i] as number) : 0;
    let adjusted =
      gain === 0
        ? section.adjusted
        : (section.score + gain) * coverageFactor(section.mask, weighting.weights, total, p);
    for (let k = 0; k < count; k++) {
      if (adjusted <= (largest[k] as number)) continue;
      const pushed = largest[k] as number;
      largest[k] = adjusted;
      adjusted = pushed;
    }
  }
  // The lead: any section, with the evidence of the groups it lacks (the same for every section
  // matching the same groups, as neighbours mostly do).
  let lead = 0;
  let mask = -1;
  let elsewhere = 0;
  for (let i = 0; i < sections.length; i++) {
    const section = sections[i] as RankedSection;
    if (section.mask !== mask) {
      mask = section.mask;
      elsewhere = bestElsewhere(page, mask, weighting.weights.length);
    }
    const score = section.score + (i < gains.length ? (gains[i] as number) : 0);
    lead = Math.max(lead, (score + ranking.pageCoverageShare * elsewhere) * coverage);
  }
  let others = 0;
  for (const value of largest) others += value;
  return lead + ranking.otherSectionsShare * others + ranking.pageScoreShare * page.pageScore;
}
