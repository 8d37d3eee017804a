import { describe, expect, it } from 'vitest';
import type { FieldTokens } from '../core/sectionTokens';
import {
  addFieldEvidence,
  fieldExactness,
  newEvidence,
  PARTIAL_EXACTNESS,
  type ProximityQuery,
} from './proximity';

// Term ids: 1 import, 2 importing, 3 schedules, 4 schedule, 5 a (stop word), 6 csv.
const field = (...terms: number[]): FieldTokens => ({
  terms: Int32Array.from(terms),
  positions: Int32Array.from(terms.map((_, i) => i)),
});
const isStopTerm = (termId: number) => termId === 5;
const importSchedules: ProximityQuery = {
  groups: 2,
  termGroups: new Map([
    [1, [0]],
    [2, [0]],
    [3, [1]],
    [4, [1]],
  ]),
  groupWeights: [2, 1],
  contentGroups: [0, 1],
  termQuality: new Map([
    [1, 1],
    [2, 0.5],
    [3, 1],
    [4, 0.5],
  ]),
};

describe('fieldExactness', () => {
  it('is 1 for a title of the very words searched and less for other forms of them', () => {
    expect(fieldExactness(field(1, 3), importSchedules, isStopTerm)).toBe(1);
    expect(fieldExactness(field(2, 5, 4), importSchedules, isStopTerm)).toBe(0.5);
    expect(fieldExactness(field(1, 4), importSchedules, isStopTerm)).toBeCloseTo(2.5 / 3);
  });

  it('is 0 for a title with a word not searched or without a word searched', () => {
    expect(fieldExactness(field(1, 3, 6), importSchedules, isStopTerm)).toBe(0);
    expect(fieldExactness(field(3), importSchedules, isStopTerm)).toBe(0);
    expect(fieldExactness(field(), importSchedules, isStopTerm)).toBe(0);
  });

  it('lets a word sharing its position with a matched one (an identifier part) through', () => {
    // `csv` (6) at the position of a matched word, before or after it, is part of that word.
    const at = (terms: number[], positions: number[]): FieldTokens => ({
      terms: Int32Array.from(terms),
      positions: Int32Array.from(positions),
    });
    expect(fieldExactness(at([1, 6, 3], [0, 0, 1]), importSchedules, isStopTerm)).toBe(1);
    expect(fieldExactness(at([6, 1, 3], [0, 0, 1]), importSchedules, isStopTerm)).toBe(1);
    expect(fieldExactness(at([1, 3, 6], [0, 1, 2]), importSchedules, isStopTerm)).toBe(0);
    expect(fieldExactness(at([1, 6, 3], [0, 1, 1]), importSchedules, isStopTerm)).toBe(1);
    expect(fieldExactness(at([1, 6, 5, 3], [0, 1, 1, 2]), importSchedules, isStopTerm)).toBe(0);
  });

  it('scores, when asked, a title of query words only that leaves some out by the share it says', () => {
    // `import` (weight 2) alone says 2/3 of `import schedules`; `schedule` (0.5 quality) 0.5/3.
    expect(fieldExactness(field(1), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBeCloseTo(
      PARTIAL_EXACTNESS * (2 / 3) ** 2,
    );
    expect(fieldExactness(field(4), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBeCloseTo(
      PARTIAL_EXACTNESS * (0.5 / 3) ** 2,
    );
    // Below a title that says it all, and still 0 with a word that was not searched.
    expect(fieldExactness(field(1), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBeLessThan(
      fieldExactness(field(1, 4), importSchedules, isStopTerm, PARTIAL_EXACTNESS),
    );
    expect(fieldExactness(field(1, 6), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBe(0);
    expect(fieldExactness(field(1, 3), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBe(1);
  });

  it('weighs a partial title by the weight it is given, and a title that says it all at 1', () => {
    expect(fieldExactness(field(1), importSchedules, isStopTerm, 6)).toBeCloseTo(6 * (2 / 3) ** 2);
    expect(fieldExactness(field(1), importSchedules, isStopTerm, 0)).toBe(0);
    expect(fieldExactness(field(1, 3), importSchedules, isStopTerm, 6)).toBe(1);
  });
});

describe('addFieldEvidence', () => {
  const weights = [6, 4, 1.5, 1];
  it("gives a partial title the query's partialTitleWeight, a partial heading the plain share", () => {
    const query = { ...importSchedules, partialTitleWeight: 6 };
    const evidence = newEvidence(query);
    addFieldEvidence(evidence, field(1), 0, query, weights, isStopTerm);
    addFieldEvidence(evidence, field(1), 1, query, weights, isStopTerm);
    expect(evidence.exactness[0]).toBeCloseTo(6 * (2 / 3) ** 2);
    expect(evidence.exactness[1]).toBeCloseTo(PARTIAL_EXACTNESS * (2 / 3) ** 2);
  });
});
