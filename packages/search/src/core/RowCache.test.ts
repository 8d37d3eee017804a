import { describe, expect, it } from 'vitest';
import { RowCache } from './RowCache';

const section = (id: number, text: string) => ({ id, pageId: 1, heading: 'H', anchor: 'h', text });
const page = (id: number) => ({ id, docSetId: 1, path: `/p${id}.htm`, title: 'T', breadcrumb: [] });

describe('RowCache', () => {
  it('keeps nothing with ceilings of 0, as `search.memory` may set them', () => {
    const cache = new RowCache(0, 0);
    cache.setSection(section(1, 'text'));
    cache.setPage(page(1));
    cache.setTokens(1, new Uint8Array(8));
    expect([
      cache.sections([1]).out.get(1),
      cache.pages([1]).out.get(1),
      cache.tokens([1]).out.get(1),
    ]).toEqual([undefined, undefined, undefined]);
    expect(cache.heldBytes).toBe(0);
  });

  it('stays within its ceilings, dropping the least recently used rows first', () => {
    const cache = new RowCache(64 * 1024, 4 * 1024);
    // Counted twice, and 0.75 bytes a character more (the lower-cased copy and the table of
    // words snippets keep beside a text of 1,000 characters or more): about 14 KB a row.
    const text = 'x'.repeat(5_000);
    for (let id = 1; id <= 10; id++) {
      cache.setSection(section(id, text));
      cache.setTokens(id, new Uint8Array(1000));
    }
    // Sections get 7/8 of 64 KiB (56 KiB): four rows of about 14 KB, the last four set.
    expect(cache.sections([6]).out.get(6)).toBeUndefined();
    expect([...cache.sections([7, 8, 9, 10]).out.keys()]).toEqual([7, 8, 9, 10]);
    expect(cache.tokens([1]).out.get(1)).toBeUndefined();
    expect(cache.tokens([10]).out.get(10)?.byteLength).toBe(1000);
    expect(cache.heldBytes).toBeLessThanOrEqual(64 * 1024 + 4 * 1024);
    expect(cache.heldBytes).toBeGreaterThan(56 * 1024);
  });
});
