import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKING } from './rankingOptions';
import {
  collectPages,
  linkedSection,
  ORDERED_SECTIONS,
  pageScoreCeiling,
  scorePage,
  type RankedPage,
  type RankedSection,
} from './rankPages';
import { SectionScores } from './scoreSections';
import { FIELD_COUNT } from '../core/fields';
import type { SectionTable } from '../core/IndexStore';

function pageOf(scores: readonly number[]): RankedPage {
  const sections: RankedSection[] = scores.map((score, i) => ({
    row: i,
    sectionId: 100 + i,
    score,
    adjusted: score,
    mask: 1,
  }));
  return {
    pageId: 1,
    docSetId: 1,
    mask: 1,
    groupBest: Float64Array.from([Math.max(...scores)]),
    sections,
    score: 0,
    pageScore: 0,
  };
}

describe('scorePage', () => {
  it('leads with the best sections in order, ties by id, however many sections match', () => {
    // Scores in a scrambled order with ties, so that the leading ones are found anywhere.
    const scores = Array.from({ length: 500 }, (_, i) => ((i * 7919) % 97) / 10);
    const page = pageOf(scores);
    scorePage(page, { weights: [1] }, DEFAULT_RANKING);
    const lead = Math.max(ORDERED_SECTIONS, DEFAULT_RANKING.otherSectionsCount + 1);
    const expected = [...pageOf(scores).sections]
      .sort((a, b) => b.adjusted - a.adjusted || a.sectionId - b.sectionId)
      .slice(0, lead)
      .map((s) => s.sectionId);
    expect(page.sections.slice(0, lead).map((s) => s.sectionId)).toEqual(expected);
    expect(new Set(page.sections.map((s) => s.sectionId)).size).toBe(500);
  });

  it('scores a page as its best section plus a share of the next best ones', () => {
    const page = pageOf([1, 4, 2, 3, 0.5]);
    scorePage(page, { weights: [1] }, DEFAULT_RANKING);
    const others = DEFAULT_RANKING.otherSectionsShare * (3 + 2 + 1);
    expect(page.score).toBeCloseTo(4 + others, 12);
  });
});

describe('pageScoreCeiling', () => {
  const weights = [1, 2, 0.5];
  const ranking = DEFAULT_RANKING;
  const total = weights.reduce((a, b) => a + b, 0);
  const factor = (mask: number) =>
    Math.pow(
      weights.reduce((sum, w, g) => sum + (mask & (1 << g) ? w : 0), 0) / total,
      ranking.coverageExponent,
    );

  /** A page of many sections over three groups, their scores and masks scrambled, as scored. */
  function scoredPage(seed: number): RankedPage {
    const sections: RankedSection[] = Array.from({ length: 300 }, (_, i) => {
      const mask = 1 + ((i * seed) % 7);
      const score = ((i * 7919 + seed * 31) % 101) / 10;
      return { row: i, sectionId: 100 + i, score, adjusted: score, mask };
    });
    const page: RankedPage = {
      pageId: 1,
      docSetId: 1,
      mask: 7,
      groupBest: Float64Array.from([3, 5, 1]),
      sections,
      score: 0,
      pageScore: 2.5,
    };
    scorePage(page, { weights }, ranking);
    return page;
  }

  /** The bound read off every section, each with its gain, as the definition gives it. */
  function everySection(page: RankedPage, gains: readonly number[]): number {
    const coverage = factor(page.mask);
    const adjusted: number[] = [];
    let lead = 0;
    page.sections.forEach((section, i) => {
      const score = section.score + (gains[i] ?? 0);
      adjusted.push(score * factor(section.mask));
      let elsewhere = 0;
      for (let g = 0; g < weights.length; g++) {
        if (!(section.mask & (1 << g))) elsewhere += page.groupBest[g] as number;
      }
      lead = Math.max(lead, (score + ranking.pageCoverageShare * elsewhere) * coverage);
    });
    const others = adjusted
      .sort((a, b) => b - a)
      .slice(0, ranking.otherSectionsCount)
      .reduce((a, b) => a + b, 0);
    return lead + ranking.otherSectionsShare * others + ranking.pageScoreShare * page.pageScore;
  }

  it('equals the bound over every section, reading the leading ones alone for the next best', () => {
    for (const seed of [3, 5, 11]) {
      const page = scoredPage(seed);
      for (const gains of [[], [0, 0, 0], [4, 0, 1.5], [0, 9, 0], [0.25, 0.5, 0.75]]) {
        expect(pageScoreCeiling(page, gains, { weights }, ranking)).toBeCloseTo(
          everySection(page, gains),
          12,
        );
      }
    }
  });

  it('is never below the score the page gets once its leading sections gain that much', () => {
    for (const seed of [3, 5, 11]) {
      const gains = [2, 0.5, 3];
      const ceiling = pageScoreCeiling(scoredPage(seed), gains, { weights }, ranking);
      const page = scoredPage(seed);
      gains.forEach((gain, i) => ((page.sections[i] as RankedSection).score += gain));
      scorePage(page, { weights }, ranking);
      expect(page.score).toBeLessThanOrEqual(ceiling);
    }
  });
});

describe('linkedSection', () => {
  /** Two groups: 0 said by every section (the page title's word), 1 said by some. */
  const scored = (rows: Array<[number, number]>) => {
    const scores = new SectionScores(2, rows.length + 1);
    rows.forEach(([shared, own], i) => {
      const k = scores.slot(i + 1);
      scores.raise(k, 0, shared);
      scores.raise(k, 1, own);
    });
    const table: SectionTable = {
      maxId: rows.length,
      page: Int32Array.from([0, ...rows.map(() => 7)]),
      docSet: Int32Array.from([0, ...rows.map(() => 1)]),
      lengths: new Uint32Array((rows.length + 1) * FIELD_COUNT),
    };
    const page = collectPages(scores, table).get(7) as RankedPage;
    scorePage(page, { weights: [1, 1] }, DEFAULT_RANKING);
    return page;
  };

  it('links to the section that says most of what the page does not say everywhere', () => {
    // Section 1 leads on the title's word (a constructor repeating the class name); section 2
    // says the other word best.
    const page = scored([
      [9, 1],
      [2, 4],
      [2, 0],
    ]);
    expect(page.sections[0]?.sectionId).toBe(1);
    expect(linkedSection(page)?.sectionId).toBe(2);
  });

  it('keeps the best section when the sections share no word, or every word', () => {
    const apart = scored([
      [0, 5],
      [3, 0],
    ]);
    expect(linkedSection(apart)).toBe(apart.sections[0]);
    const alike = scored([
      [5, 1],
      [2, 2],
    ]);
    expect(linkedSection(alike)).toBe(alike.sections[0]);
  });
});
