import { describe, expect, it } from 'vitest';
import { PostingCache, decodePostingList, postingKey, type DecodedPostings } from './PostingCache';
import { FIELD_COUNT } from './fields';
import { encodePostings, type Posting } from './postings';

/** A decoded list of `count` postings, as the engine decodes them (one buffer). */
function list(count: number): DecodedPostings {
  const buffer = new ArrayBuffer(count * (4 + 2 * FIELD_COUNT));
  return {
    count,
    ids: new Int32Array(buffer, 0, count),
    tf: new Uint16Array(buffer, count * 4, count * FIELD_COUNT),
  };
}

/** Its postings, its buffer's and its objects' bytes. */
const bytesOf = (count: number) => count * (4 + 2 * FIELD_COUNT) + 930;

describe('PostingCache', () => {
  it('keeps lists until the byte budget is spent, then drops the least recently used', () => {
    const cache = new PostingCache(bytesOf(100) * 2);
    const a = list(100);
    cache.set('a', a);
    cache.set('b', list(100));
    expect(cache.get('a')).toBe(a);
    cache.set('c', list(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(cache.get('c')?.count).toBe(100);
    expect(cache.heldBytes).toBe(bytesOf(100) * 2);
  });

  it('does not keep a list larger than the whole budget', () => {
    const cache = new PostingCache(bytesOf(10));
    cache.set('small', list(5));
    cache.set('huge', list(1000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.heldBytes).toBeLessThanOrEqual(bytesOf(10));
  });

  it('counts a second buffer for a list whose arrays do not share one', () => {
    const cache = new PostingCache(1024 * 1024);
    cache.set('apart', {
      count: 10,
      ids: new Int32Array(10),
      tf: new Uint16Array(10 * FIELD_COUNT),
    });
    expect(cache.heldBytes).toBe(bytesOf(10) + 400);
  });
});

describe('decodePostingList', () => {
  const postings = (count: number, from: number): Posting[] =>
    Array.from({ length: count }, (_, i) => ({
      sectionId: from + i * 3,
      tf: [i % 2, 0, 70_000 * (i % 3), i],
    }));

  it('decodes lists long and short, one after another, into one exact buffer each', () => {
    const long = decodePostingList(encodePostings(postings(1000, 5)));
    const short = decodePostingList(encodePostings(postings(3, 1)));
    for (const [decoded, expected] of [
      [long, postings(1000, 5)],
      [short, postings(3, 1)],
    ] as const) {
      expect(decoded.count).toBe(expected.length);
      expect([...decoded.ids]).toEqual(expected.map((p) => p.sectionId));
      // Frequencies are capped at what 16 bits hold.
      expect([...decoded.tf]).toEqual(
        expected.flatMap((p) => p.tf.map((f) => Math.min(f, 0xffff))),
      );
      expect(decoded.ids.buffer).toBe(decoded.tf.buffer);
      expect(decoded.ids.buffer.byteLength).toBe(expected.length * (4 + 2 * FIELD_COUNT));
    }
    // The short list decoded after the long one shares nothing with it.
    expect(short.ids.buffer).not.toBe(long.ids.buffer);
    expect(long.ids[0]).toBe(5);
  });

  it('decodes an empty blob to an empty list', () => {
    const empty = decodePostingList(new Uint8Array(0));
    expect(empty.count).toBe(0);
    expect(empty.ids.length + empty.tf.length).toBe(0);
  });

  it('files each kind, term and doc set under a key of its own, however large the ids', () => {
    const keys = new Set<string | number>();
    for (const kind of ['page', 'section'] as const)
      for (const termId of [0, 1, 2, 1023, 1024, 2 ** 31, 2 ** 40])
        for (const docSetId of [0, 1, 2, 1023, 1024, 5000])
          keys.add(postingKey(kind, termId, docSetId));
    expect(keys.size).toBe(2 * 7 * 6);
    expect(typeof postingKey('page', 70_000, 3)).toBe('number');
    const cache = new PostingCache();
    const a = list(3);
    cache.set(postingKey('page', 7, 1), a);
    expect(cache.get(postingKey('page', 7, 1))).toBe(a);
    expect(cache.get(postingKey('section', 7, 1))).toBeUndefined();
    expect(cache.get(postingKey('page', 7, 2))).toBeUndefined();
  });
});
