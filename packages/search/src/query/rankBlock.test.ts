import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRecord } from '../core/analysePage';
import type { DocSetDescriptor } from '../SearchEngine';
import { SqliteIndexStore } from '../SqliteSearchEngine/SqliteIndexStore';
import { executeSearch, type SearchOutcome } from './executeSearch';
import { DEFAULT_RANKING } from './rankingOptions';
import { compileSynonyms } from './synonyms';

const dataDir = mkdtempSync(join(tmpdir(), 'search-rank-block-'));
const store = new SqliteIndexStore(dataDir);
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const docSet: DocSetDescriptor = {
  id: 'ranks',
  title: 'Ranks',
  product: 'Ranks',
  version: '1',
  docType: 'Guide',
  urlPrefix: '/docs/ranks',
  folder: '/nowhere',
};

const FILLER = ['cluster', 'volume', 'network', 'schedule', 'policy', 'tenant', 'quota', 'agent'];

/** A fixed pseudo-random sequence, so that the corpus is the same on every run. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * 45 pages that all use the query's words, some often and close together, most rarely and
 * apart, and a few whose heading says the query exactly while their text barely uses it.
 */
function corpus(): PageRecord[] {
  const random = sequence(7);
  return Array.from({ length: 45 }, (_, n) => {
    const words: string[] = [];
    const length = 40 + Math.floor(random() * 80);
    for (let w = 0; w < length; w++) {
      const pick = random();
      if (pick < 0.02 + (n % 9) * 0.015) words.push('replica');
      else if (pick < 0.04 + (n % 7) * 0.02) words.push('snapshot');
      else words.push(FILLER[Math.floor(random() * FILLER.length)] as string);
    }
    if (n % 4 === 0) words.splice(10, 0, 'replica', 'snapshot');
    words.push('snapshot');
    return {
      path: `/p${n}.htm`,
      title: `Topic ${n}`,
      breadcrumb: ['Guide'],
      hash: `h${n}`,
      sections: [
        { heading: n % 11 === 5 ? 'Replica snapshot' : `Part ${n}`, anchor: 'a', text: 'replica' },
        { heading: 'Details', anchor: 'b', text: words.join(' ') },
      ],
    };
  });
}

async function search(page: number, pageSize: number, exactRanks?: number) {
  return store.read((reader) =>
    executeSearch(
      reader,
      {
        q: 'replica snapshot',
        product: [],
        version: [],
        docType: [],
        page,
        pageSize,
        ...(exactRanks === undefined ? {} : { exactRanks }),
      },
      { docSetIds: ['ranks'] },
      { ranking: DEFAULT_RANKING, synonyms: compileSynonyms() },
    ),
  );
}

/** The ranked pages of an outcome from rank `from` on, as what a reader would see of them. */
function shown(outcome: SearchOutcome, from: number, count: number) {
  return outcome.pages
    .slice(from - outcome.firstRank, from - outcome.firstRank + count)
    .map((p) => ({
      page: p.pageId,
      score: p.score,
      sections: p.sections.slice(0, 3).map((s) => [s.sectionId, s.adjusted]),
    }));
}

describe('rankBlock', () => {
  beforeAll(async () => {
    await store.applyDocSetChanges({ docSet, upserts: corpus(), removals: [] });
  });

  it('stops re-ranking once no page left could reach the ranks read, with the same ranks', async () => {
    const everything = await search(1, 5, 45);
    expect(everything.total).toBe(45);
    const firstPage = await search(1, 5);
    expect(shown(firstPage, 0, 5)).toEqual(shown(everything, 0, 5));
    // The text of some sections was never read: they could not have reached the first five.
    expect(firstPage.tokens.size).toBeLessThan(everything.tokens.size);
    // Among the first five: a page whose heading says the query, which its text alone would
    // not have put there.
    const paths = await store.read((reader) =>
      reader.pages(shown(firstPage, 0, 5).map((p) => p.page)),
    );
    expect([...paths.values()].map((p) => p.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/p(5|16|27|38)\.htm$/)]),
    );
  });

  it('gives every result page the ranks it would have with every page re-ranked', async () => {
    const everything = await search(1, 5, 45);
    for (const page of [2, 3, 4]) {
      const outcome = await search(page, 5);
      expect(shown(outcome, (page - 1) * 5, 5)).toEqual(shown(everything, (page - 1) * 5, 5));
    }
  });
});
