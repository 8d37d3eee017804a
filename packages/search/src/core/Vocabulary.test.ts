import { describe, expect, it, vi } from 'vitest';
import { TermTrie } from './TermTrie';
import { NEAR_CACHE_WORDS, Vocabulary, type VocabularyRow } from './Vocabulary';

const row = (termId: number, term: string, docSetId: number, df: number): VocabularyRow => ({
  termId,
  term,
  stem: term.replace(/(s|ing|ed)$/, ''),
  docSetId,
  df,
});

const vocabulary = new Vocabulary([
  row(1, 'snapshot', 1, 10),
  row(2, 'snapshots', 1, 4),
  row(3, 'snapshotting', 1, 1),
  row(4, 'replication', 1, 7),
  row(5, 'kubernetes', 1, 3),
  row(6, 'secretword', 2, 5),
  row(7, 'snapchat', 2, 9),
  row(8, 'form', 1, 2),
  row(9, 'from', 1, 50),
]);
const both = new Uint8Array([0, 1, 1]);
const first = new Uint8Array([0, 1, 0]);
const terms = (matches: Array<{ index: number }>) => matches.map((m) => vocabulary.terms[m.index]);

describe('Vocabulary', () => {
  it('finds terms within one or two edits, transpositions included, closest first', () => {
    expect(terms(vocabulary.similar('kubernets', 1, both))).toEqual(['kubernetes']);
    expect(terms(vocabulary.similar('replicaiton', 1, both))).toEqual(['replication']);
    expect(terms(vocabulary.similar('replcaiton', 2, both))).toEqual(['replication']);
    expect(vocabulary.similar('replcaiton', 1, both)).toEqual([]);
    expect(terms(vocabulary.similar('snapshto', 2, both))).toEqual(['snapshot', 'snapshots']);
  });

  it('completes a prefix, most frequent first', () => {
    expect(terms(vocabulary.completions('snap', both, 10))).toEqual([
      'snapshot',
      'snapchat',
      'snapshots',
      'snapshotting',
    ]);
  });

  it('completes a word that is itself a term with longer terms only', () => {
    expect(terms(vocabulary.completions('snapshot', both, 10))).toEqual([
      'snapshots',
      'snapshotting',
    ]);
    expect(terms(vocabulary.completions('snapshotting', both, 10))).toEqual([]);
    expect(terms(vocabulary.completions('z', both, 10))).toEqual([]);
  });

  it('tells where the visible terms a text holds from a point end, shortest first', () => {
    const ends = (text: string, start: number, minLength: number, mask: Uint8Array) => {
      const found: number[] = [];
      vocabulary.termEndsFrom(text, start, minLength, mask, (end) => found.push(end));
      return found;
    };
    // `snapshot` and `snapshots` from the start; the walk stops at the `x` no term goes on with.
    expect(ends('snapshotsx', 0, 2, both)).toEqual([8, 9]);
    expect(ends('xsnapshots', 1, 2, both)).toEqual([9, 10]);
    expect(ends('snapshots', 0, 9, both)).toEqual([9]);
    expect(ends('fromsnapchat', 4, 2, both)).toEqual([12]);
    // `snapchat` is only in doc set 2.
    expect(ends('fromsnapchat', 4, 2, first)).toEqual([]);
    expect(ends('fromsnapchat', 0, 2, first)).toEqual([4]);
    expect(ends('formation', 0, 2, both)).toEqual([4]);
    expect(ends('zebra', 0, 1, both)).toEqual([]);
  });

  it('keeps the most frequent completions up to the limit, ties in term order', () => {
    const many = new Vocabulary(
      Array.from({ length: 300 }, (_, i) =>
        row(i + 1, `call${String(i).padStart(3, '0')}`, 1, i % 7),
      ),
    );
    const all = many.completions('call', both, 1000).map((m) => many.terms[m.index] as string);
    // Frequency 0 is not visible; the others by frequency, then alphabetically.
    expect(all).toHaveLength(300 - Math.ceil(300 / 7));
    const expected = [...all].sort(
      (a, b) => (Number(b.slice(4)) % 7) - (Number(a.slice(4)) % 7) || (a < b ? -1 : 1),
    );
    expect(all).toEqual(expected);
    for (const limit of [1, 8, 50])
      expect(many.completions('call', both, limit).map((m) => many.terms[m.index])).toEqual(
        expected.slice(0, limit),
      );
    expect(many.completions('call', both, 0)).toEqual([]);
  });

  it('never answers with terms of doc sets outside the mask', () => {
    expect(terms(vocabulary.completions('snap', first, 10))).not.toContain('snapchat');
    expect(vocabulary.similar('secretwrd', 1, first)).toEqual([]);
    expect(vocabulary.df(vocabulary.indexOf('secretword'), first)).toBe(0);
    expect(vocabulary.df(vocabulary.indexOf('secretword'), both)).toBe(5);
  });

  it('groups terms by stem', () => {
    const siblings = vocabulary.withStem('snapshot', both).map((i) => vocabulary.terms[i]);
    expect(siblings.sort()).toEqual(['snapshot', 'snapshots']);
  });

  it('keeps the typo neighbours of a word in use while many other words come and go', () => {
    const fresh = new Vocabulary([row(1, 'snapshot', 1, 10), row(2, 'replication', 1, 7)]);
    const walk = vi.spyOn(TermTrie.prototype, 'within');
    try {
      for (let n = 0; n < 3 * NEAR_CACHE_WORDS; n++) {
        expect(fresh.similar('snapshto', 2, both).length).toBe(1);
        fresh.similar(`word${n}`, 1, both);
      }
      const walked = walk.mock.calls.map(([word]) => word);
      // The word asked all along is walked once; each one-off word once.
      expect(walked.filter((word) => word === 'snapshto')).toHaveLength(1);
      expect(walked).toHaveLength(1 + 3 * NEAR_CACHE_WORDS);
    } finally {
      walk.mockRestore();
    }
  });
});
