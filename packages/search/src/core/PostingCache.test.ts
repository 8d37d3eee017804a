import { describe, expect, it } from 'vitest';
import { PostingCache, type DecodedPostings } from './PostingCache';
import { FIELD_COUNT } from './fields';

/** A decoded list of `count` postings: 4 + 2 * FIELD_COUNT bytes each, plus 64. */
function list(count: number): DecodedPostings {
  return {
    count,
    ids: new Int32Array(count),
    tf: new Uint16Array(count * FIELD_COUNT),
  };
}

const bytesOf = (count: number) => count * (4 + 2 * FIELD_COUNT) + 64;

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
});
