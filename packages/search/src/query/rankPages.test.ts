import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKING } from './rankingOptions';
import { ORDERED_SECTIONS, scorePage, type RankedPage, type RankedSection } from './rankPages';

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
