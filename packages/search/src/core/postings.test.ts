import { describe, expect, it } from 'vitest';
import { type Posting, PostingLists, encodePostings } from './postings';

/** A small deterministic random number generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('PostingLists', () => {
  it('encodes every list as encodePostings encodes it alone, however the lists interleave', () => {
    const next = random(7);
    const lists = new PostingLists();
    const expected = new Map<number, Posting[]>();
    let id = 0;
    // Lists of a few postings and lists of thousands (many blocks each), interleaved.
    for (let k = 0; k < 20_000; k++) {
      id += 1 + Math.floor(next() * 3);
      const list = next() < 0.5 ? Math.floor(next() * 4) : 10 + Math.floor(next() * 3000);
      const tf = [0, 1, 2, 3].map(() => (next() < 0.5 ? 0 : Math.floor(next() * 300)));
      lists.add(list, id, tf);
      let postings = expected.get(list);
      if (postings === undefined) expected.set(list, (postings = []));
      postings.push({ sectionId: id, tf });
    }
    expect(lists.lists()).toEqual([...expected.keys()]);
    for (const [list, postings] of expected) {
      expect(lists.count(list)).toBe(postings.length);
      expect(lists.last(list)).toBe(postings.at(-1)?.sectionId);
      expect(lists.finish(list)).toEqual(encodePostings(postings));
    }
    expect(lists.size).toBe(20_000);
  });

  it('holds the largest ids and frequencies a posting can have', () => {
    const lists = new PostingLists();
    const postings = [
      { sectionId: 2 ** 52, tf: [2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1] },
      { sectionId: 2 ** 53 - 1, tf: [1, 2 ** 31, 0, 2 ** 32 - 1] },
    ];
    for (const posting of postings) lists.add(5, posting.sectionId, posting.tf);
    expect(lists.finish(5)).toEqual(encodePostings(postings));
  });

  it('reads frequencies at an offset, forgets every list on clear and reuses its buffer', () => {
    const lists = new PostingLists();
    const numbers = Int32Array.of(9, 9, 1, 0, 2, 0, 9);
    lists.add(3, 10, numbers, 2);
    lists.add(4000, 11, numbers, 2);
    lists.clear();
    expect(lists.count(3)).toBe(0);
    expect(lists.count(4000)).toBe(0);
    expect(lists.lists()).toEqual([]);
    expect(lists.finish(3)).toEqual(new Uint8Array());
    lists.add(4000, 20, numbers, 2);
    expect(lists.finish(4000)).toEqual(encodePostings([{ sectionId: 20, tf: [1, 0, 2, 0] }]));
    expect(lists.size).toBe(1);
  });

  it('refuses ids that go back within a list', () => {
    const lists = new PostingLists();
    lists.add(1, 10, [1, 0, 0, 0]);
    lists.add(2, 5, [1, 0, 0, 0]);
    expect(() => lists.add(1, 9, [1, 0, 0, 0])).toThrow('sorted');
  });
});
