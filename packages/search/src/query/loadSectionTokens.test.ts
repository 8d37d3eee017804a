import { describe, expect, it } from 'vitest';
import type { IndexReader } from '../core/IndexStore';
import { SectionTokenCache } from '../core/SectionTokenCache';
import { encodeSectionTokens, TermIdSet } from '../core/sectionTokens';
import { loadSectionTokens } from './loadSectionTokens';

/** A section whose title is term 1 and whose text is terms 2, 3, 2 (term ids used as is). */
const BLOB = encodeSectionTokens(
  Int32Array.from([1, 1, 0, 0, 0, 3, 2, 0, 3, 1, 2, 2]),
  0,
  Int32Array.from([0, 1, 2, 3]),
);

/** A reader holding sections 1 and 2, counting the sections it is asked to read. */
function readerWith(cacheBytes: number): { reader: IndexReader; reads: number[] } {
  const reads: number[] = [];
  const reader = {
    snapshot: { sectionTokens: new SectionTokenCache(cacheBytes) },
    async sectionTokens(ids: readonly number[]) {
      reads.push(...ids);
      return new Map(ids.filter((id) => id <= 2).map((id) => [id, BLOB]));
    },
  } as unknown as IndexReader;
  return { reader, reads };
}

const plain = (fields: Awaited<ReturnType<typeof loadSectionTokens>>) =>
  [...fields].map(([id, f]) => [id, f.map((x) => [...x.terms])]);

describe('loadSectionTokens', () => {
  it('reads a section once and serves it from the cache after, filtered for each query', async () => {
    const { reader, reads } = readerWith(1024 * 1024);
    expect(plain(await loadSectionTokens(reader, [1, 2, 9]))).toEqual([
      [1, [[1], [], [], [2, 3, 2]]],
      [2, [[1], [], [], [2, 3, 2]]],
    ]);
    expect(plain(await loadSectionTokens(reader, [2, 1], new TermIdSet([2])))).toEqual([
      [2, [[1], [], [], [2, 2]]],
      [1, [[1], [], [], [2, 2]]],
    ]);
    expect(reads).toEqual([1, 2, 9]);
  });

  it('reads every time when the cache may hold nothing', async () => {
    const { reader, reads } = readerWith(0);
    await loadSectionTokens(reader, [1]);
    const again = await loadSectionTokens(reader, [1], new TermIdSet([3]));
    expect(plain(again)).toEqual([[1, [[1], [], [], [3]]]]);
    expect(reads).toEqual([1, 1]);
  });
});
