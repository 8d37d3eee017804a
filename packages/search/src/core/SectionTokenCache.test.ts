import { describe, expect, it } from 'vitest';
import { SectionTokenCache } from './SectionTokenCache';

/** A section of four fields of `tokens` tokens each, as the engine decodes them. */
function section(tokens: number) {
  return {
    fields: Array.from({ length: 4 }, () => ({
      terms: new Int32Array(tokens),
      positions: new Int32Array(tokens),
    })),
  };
}

describe('SectionTokenCache', () => {
  it('counts the objects around small sections, not only their tokens, against its ceiling', () => {
    const cache = new SectionTokenCache(1024 * 1024);
    for (let id = 0; id < 10_000; id++) cache.set(id, section(2));
    let kept = 0;
    for (let id = 0; id < 10_000; id++) if (cache.get(id) !== undefined) kept++;
    // 64 bytes of tokens each, but eight typed arrays and their objects: about 1.9 KB held.
    expect(kept).toBeGreaterThan(300);
    expect(kept).toBeLessThan(600);
    expect(cache.heldBytes).toBeLessThanOrEqual(1024 * 1024);
  });

  it('keeps large sections by their tokens', () => {
    const cache = new SectionTokenCache(1024 * 1024);
    for (let id = 0; id < 100; id++) cache.set(id, section(1000));
    // 32,000 bytes of tokens each and under 2 KB of objects: 30 fit in 1 MiB.
    expect([...Array(100).keys()].filter((id) => cache.get(id) !== undefined)).toHaveLength(30);
  });
});
