import { describe, expect, it } from 'vitest';
import { FIELD_COUNT } from '../core/fields';
import type { SectionTable } from '../core/IndexStore';
import type { DecodedPostings } from '../core/PostingCache';
import type { QueryGroup } from './planQuery';
import { MIN_LABEL_PAGES, sectionLabels } from './sectionLabels';

/** A one-word group of one term, held by `df` pages. */
const word = (termId: number, df: number, phrase = false): QueryGroup => ({
  text: `t${termId}`,
  variants: [
    {
      slots: [
        { terms: [{ termId, term: `t${termId}`, weight: 1, how: 'exact', df }], df, exactDf: df },
      ],
      weight: 1,
    },
  ],
  phrase,
  stopWord: false,
  unmatched: false,
  df,
});

/** Sections 1..n, one per page (page id = section id), each with a heading of `headingLength`. */
function sections(headingLengths: number[]): SectionTable {
  const lengths = new Uint32Array((headingLengths.length + 1) * FIELD_COUNT);
  headingLengths.forEach((length, i) => (lengths[(i + 1) * FIELD_COUNT + 1] = length));
  return {
    maxId: headingLengths.length,
    page: Int32Array.from([0, ...headingLengths.map((_, i) => i + 1)]),
    docSet: new Int32Array(headingLengths.length + 1).fill(1),
    lengths,
  };
}

/** Postings of one term in the heading (tf 1) of the given sections, and in the text of others. */
function list(headed: number[], inText: number[] = []): DecodedPostings {
  const ids = [...headed, ...inText].sort((a, b) => a - b);
  const tf = new Uint16Array(ids.length * FIELD_COUNT);
  ids.forEach((id, i) => (tf[i * FIELD_COUNT + (headed.includes(id) ? 1 : 3)] = 1));
  return { count: ids.length, ids: Int32Array.from(ids), tf };
}

describe('sectionLabels', () => {
  // Sections 1-8 headed by one word; 9-12 by three words.
  const table = sections([1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3]);
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('takes a word heading a section alone on most of its pages for a label', () => {
    // Term 1 heads sections 1-6 alone, and is in the text of 9; term 2 is a topic word.
    const lists = new Map([
      [1, [list(range(1, 6), [9])]],
      [2, [list([], range(1, 12))]],
    ]);
    const groups = [word(2, 12), word(1, 7)];
    expect(sectionLabels(groups, [0, 1], lists, lists, table)).toEqual([false, true]);
  });

  it('does not take a word for a label where it is mostly said in passing or in longer headings', () => {
    const lists = new Map([
      // Heads sections alone on 6 of its 20 pages: less than half.
      [1, [list(range(1, 6))]],
      // Heads only three-word headings.
      [3, [list(range(9, 12))]],
      [2, [list([], range(1, 12))]],
    ]);
    expect(sectionLabels([word(2, 12), word(1, 20)], [0, 1], lists, lists, table)).toEqual([
      false,
      false,
    ]);
    expect(sectionLabels([word(2, 12), word(3, 4)], [0, 1], lists, lists, table)).toEqual([
      false,
      false,
    ]);
  });

  it(`needs ${MIN_LABEL_PAGES} pages, another word that is not a label, and no phrase`, () => {
    const lists = new Map([
      [1, [list(range(1, MIN_LABEL_PAGES - 1))]],
      [4, [list(range(1, 8))]],
      [2, [list([], range(1, 12))]],
    ]);
    // Too few pages.
    const few = [word(2, 12), word(1, MIN_LABEL_PAGES - 1)];
    expect(sectionLabels(few, [0, 1], lists, lists, table)).toEqual([false, false]);
    // Alone, or only with other labels, a label is what was asked for.
    expect(sectionLabels([word(4, 8)], [0], lists, lists, table)).toEqual([false]);
    expect(sectionLabels([word(4, 8), word(4, 8)], [0, 1], lists, lists, table)).toEqual([
      false,
      false,
    ]);
    // In quotes it is part of a phrase.
    expect(sectionLabels([word(2, 12), word(4, 8, true)], [0, 1], lists, lists, table)).toEqual([
      false,
      false,
    ]);
  });

  it('leaves the section postings of a word unread when too few pages hold it in a heading', () => {
    // Term 1 is in the text of 12 pages and in none of their headings; term 2 heads sections 1-6.
    const pageLists = new Map([
      [1, [list([], range(1, 12))]],
      [2, [list(range(1, 6))]],
    ]);
    const read: number[] = [];
    const sectionLists = new (class extends Map<number, DecodedPostings[]> {
      override get(termId: number) {
        read.push(termId);
        return super.get(termId);
      }
    })(pageLists);
    const groups = [word(1, 12), word(2, 6)];
    expect(sectionLabels(groups, [0, 1], pageLists, sectionLists, table)).toEqual([false, true]);
    expect(read).toEqual([2]);
  });
});
