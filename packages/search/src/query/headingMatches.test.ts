import { describe, expect, it } from 'vitest';
import { FIELD_COUNT } from '../core/fields';
import type { SectionTable } from '../core/IndexStore';
import type { DecodedPostings } from '../core/PostingCache';
import { findHeadedPages, MAX_HEADING_SCAN } from './headingMatches';
import type { MatchKind, QueryGroup } from './planQuery';

const group = (...terms: Array<[termId: number, how: MatchKind]>): QueryGroup => ({
  text: 'word',
  variants: [
    {
      slots: [
        {
          terms: terms.map(([termId, how]) => ({
            termId,
            term: `t${termId}`,
            weight: 1,
            how,
            df: 1,
          })),
          df: 1,
          exactDf: 1,
        },
      ],
      weight: 1,
    },
  ],
  phrase: false,
  stopWord: false,
  unmatched: false,
  df: 1,
});

/** Postings of one term: [section id, title tf, heading tf, breadcrumb tf, text tf], ascending. */
function list(...postings: Array<[number, number, number, number, number]>): DecodedPostings {
  const tf = new Uint16Array(postings.length * FIELD_COUNT);
  postings.forEach(([, ...freqs], i) => tf.set(freqs, i * FIELD_COUNT));
  return { count: postings.length, ids: Int32Array.from(postings.map(([id]) => id)), tf };
}

/** Sections 1..6 on pages 10..60, with these heading lengths. */
function sections(headingLengths: number[]): SectionTable {
  const lengths = new Uint32Array((headingLengths.length + 1) * FIELD_COUNT);
  headingLengths.forEach((length, i) => (lengths[(i + 1) * FIELD_COUNT + 1] = length));
  return {
    maxId: headingLengths.length,
    page: Int32Array.from([0, ...headingLengths.map((_, i) => (i + 1) * 10)]),
    docSet: new Int32Array(headingLengths.length + 1).fill(1),
    lengths,
  };
}

describe('findHeadedPages', () => {
  // Term 1 `alpha`, term 2 `channel`.
  const table = sections([1, 2, 2, 5, 2, 2]);

  it('finds the pages with a section headed by every content word and little else', () => {
    const lists = new Map([
      // Section 1 headed `Alpha`; 2 `Alpha Channel`; 3 `Alpha` with `channel` in its text;
      // 4 a long heading with both; 5 `channel` in the title only.
      [1, [list([1, 0, 1, 0, 3], [2, 0, 1, 0, 0], [3, 0, 1, 0, 0], [4, 0, 1, 0, 0])]],
      [2, [list([2, 0, 1, 0, 2], [3, 0, 0, 0, 4], [4, 0, 1, 0, 0], [5, 1, 0, 0, 0])]],
    ]);
    // One word: only the section headed by it alone.
    expect(findHeadedPages([group([1, 'exact'])], [0], lists, table)).toEqual(new Set([10]));
    const both = [group([1, 'exact']), group([2, 'exact'])];
    expect(findHeadedPages(both, [0, 1], lists, table)).toEqual(new Set([20]));
  });

  it('counts corrections and stems, not completions of a word still being typed', () => {
    const lists = new Map([
      [1, [list([1, 0, 1, 0, 0])]],
      [3, [list([6, 0, 1, 0, 0])]],
    ]);
    expect(findHeadedPages([group([1, 'typo'], [3, 'prefix'])], [0], lists, table)).toEqual(
      new Set([10]),
    );
    expect(findHeadedPages([group([3, 'prefix'])], [0], lists, table)).toEqual(new Set());
  });

  it('lets the heading of an identifier hold its parts as words', () => {
    // `current_role` (term 1), read whole or by its parts `current` (2) and `role` (3): section
    // 2 is headed `current_role` (two words), section 4 `Roles of the current user` (five).
    const currentRole: QueryGroup = {
      ...group([1, 'exact']),
      variants: [
        ...group([1, 'exact']).variants,
        {
          slots: [2, 3].map((termId) => ({
            terms: [{ termId, term: `t${termId}`, weight: 1, how: 'exact' as const, df: 1 }],
            df: 1,
            exactDf: 1,
          })),
          weight: 0.8,
        },
      ],
    };
    const lists = new Map([[1, [list([2, 0, 1, 0, 0], [4, 0, 1, 0, 0])]]]);
    expect(findHeadedPages([currentRole], [0], lists, table)).toEqual(new Set([20]));
  });

  it('looks for none when the rarest word is in more sections than it reads', () => {
    const ids = Array.from({ length: MAX_HEADING_SCAN + 1 }, (_, i) => i + 1);
    const huge: DecodedPostings = {
      count: ids.length,
      ids: Int32Array.from(ids),
      tf: new Uint16Array(ids.length * FIELD_COUNT).fill(1),
    };
    const lists = new Map([[1, [huge]]]);
    expect(findHeadedPages([group([1, 'exact'])], [0], lists, table)).toEqual(new Set());
  });
});
