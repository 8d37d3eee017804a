import { describe, expect, it } from 'vitest';
import { SectionTokenCache } from './SectionTokenCache';
import { decodeSectionTokens, encodeSectionTokens, termOrder } from './sectionTokens';

/** A section of four fields of `tokens` tokens each, decoded as the engine decodes them. */
function section(tokens: number) {
  const data: number[] = [];
  for (let f = 0; f < 4; f++) {
    data.push(tokens);
    for (let k = 0; k < tokens; k++) data.push(k % 7, k);
  }
  const identity = Int32Array.from({ length: 7 }, (_, i) => i);
  return { fields: decodeSectionTokens(encodeSectionTokens(Int32Array.from(data), 0, identity)) };
}

/** The same section with an array buffer of its own per array, as sections were once decoded. */
function unpacked(tokens: number) {
  return {
    fields: section(tokens).fields.map((f) => ({
      terms: f.terms.slice(),
      positions: f.positions.slice(),
    })),
  };
}

function keptOf(cache: SectionTokenCache, ids: number): number {
  let kept = 0;
  for (let id = 0; id < ids; id++) if (cache.get(id) !== undefined) kept++;
  return kept;
}

describe('SectionTokenCache', () => {
  it('counts the objects around small sections, not only their tokens, against its ceiling', () => {
    const cache = new SectionTokenCache(1024 * 1024);
    for (let id = 0; id < 10_000; id++) cache.set(id, section(2));
    // 64 bytes of tokens each, but eight views of one buffer and their objects: about 1.7 KB.
    expect(keptOf(cache, 10_000)).toBeGreaterThan(550);
    expect(keptOf(cache, 10_000)).toBeLessThan(700);
    expect(cache.heldBytes).toBeLessThanOrEqual(1024 * 1024);
  });

  it('counts a buffer per array when the arrays do not share one', () => {
    const cache = new SectionTokenCache(1024 * 1024);
    for (let id = 0; id < 10_000; id++) cache.set(id, unpacked(2));
    // Seven more buffers each than a decoded section: about 4.5 KB.
    expect(keptOf(cache, 10_000)).toBeGreaterThan(200);
    expect(keptOf(cache, 10_000)).toBeLessThan(260);
  });

  it('keeps the term orders of a section in one buffer, and counts them', () => {
    const cache = new SectionTokenCache(1024 * 1024);
    const { fields } = section(40);
    cache.set(1, { fields });
    const without = cache.heldBytes;
    const orders = fields.map(termOrder);
    cache.set(1, { fields, orders });
    const kept = cache.get(1)?.orders ?? [];
    expect(kept.map((o) => [...(o ?? [])])).toEqual(orders.map((o) => [...(o ?? [])]));
    expect(new Set(kept.map((o) => o?.buffer)).size).toBe(1);
    // Four views and one buffer of 4 × 40 indexes.
    expect(cache.heldBytes - without).toBe(4 * 130 + 400 + 4 * 40 * 4);
  });

  it('keeps large sections by their tokens', () => {
    const cache = new SectionTokenCache(1024 * 1024);
    for (let id = 0; id < 100; id++) cache.set(id, section(1000));
    // 32,000 bytes of tokens each and under 2 KB of objects: 31 fit in 1 MiB.
    expect(keptOf(cache, 100)).toBe(31);
  });
});
