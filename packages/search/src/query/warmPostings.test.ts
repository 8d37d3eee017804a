import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageRecord } from '../core/analysePage';
import type { IndexReader } from '../core/IndexStore';
import { PostingCache } from '../core/PostingCache';
import type { DocSetDescriptor } from '../SearchEngine';
import { SqliteIndexStore } from '../SqliteSearchEngine/SqliteIndexStore';
import { loadPostings } from './loadPostings';
import { parseQuery } from './parseQuery';
import { planQuery } from './planQuery';
import { DEFAULT_RANKING } from './rankingOptions';
import { scoredTermIds } from './scoreSections';
import { compileSynonyms } from './synonyms';
import {
  WARM_BATCH,
  WARM_SEARCH_WORDS,
  frequentWords,
  warmPostings,
  warmSearches,
} from './warmPostings';

const dataDir = mkdtempSync(join(tmpdir(), 'search-warm-'));
const store = new SqliteIndexStore(dataDir);
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const docSet: DocSetDescriptor = {
  id: 'warm',
  title: 'Warm',
  product: 'Warm',
  version: '1',
  docType: 'Guide',
  urlPrefix: '/docs/warm',
  folder: '/nowhere',
};

const WORDS = ['backup', 'bandwidth', 'balance', 'restore', 'replica', 'retention', 'snapshot'];

/** 40 pages of two sections each, using every word some of the time. */
const pages: PageRecord[] = Array.from({ length: 40 }, (_, n) => ({
  path: `/p${n}.htm`,
  title: `Page ${n} ${WORDS[n % WORDS.length]}`,
  breadcrumb: ['Guide'],
  hash: `h${n}`,
  sections: Array.from({ length: 2 }, (__, s) => ({
    heading: `Part ${s}`,
    anchor: `part${s}`,
    text: WORDS.filter((___, w) => (n + s + w) % 3 !== 0).join(' '),
  })),
}));

/** The reader with a fresh cache, counting the posting lists it reads from the store. */
function counting(reader: IndexReader): { reader: IndexReader; reads: () => number } {
  let reads = 0;
  return {
    reader: {
      ...reader,
      snapshot: { ...reader.snapshot, cache: new PostingCache() },
      postings: (kind, termIds, docSetIds) => {
        reads += termIds.length;
        return reader.postings(kind, termIds, docSetIds);
      },
    },
    reads: () => reads,
  };
}

/** Loads the lists a search of `word` scores, as the query code does. */
async function search(reader: IndexReader, word: string): Promise<void> {
  const { vocabulary, docSets } = reader.snapshot;
  const allowed = new Uint8Array(docSets.reduce((m, d) => Math.max(m, d.storeId), 0) + 1).fill(1);
  const ctx = { vocabulary, allowed, synonyms: compileSynonyms(), ranking: DEFAULT_RANKING };
  const termIds = scoredTermIds(planQuery(parseQuery(word), ctx));
  const docSetIds = docSets.map((d) => d.storeId);
  await loadPostings(reader, 'page', termIds, docSetIds);
  await loadPostings(reader, 'section', termIds, docSetIds);
}

describe('warmPostings', () => {
  it('leaves nothing to read for the first keystrokes of any word', async () => {
    await store.applyDocSetChanges({ docSet, upserts: pages, removals: [] });
    await store.read(async (stored) => {
      const { reader, reads } = counting(stored);
      await warmPostings(reader);
      const warmed = reads();
      expect(warmed).toBeGreaterThan(0);
      for (const word of ['b', 'ba', 'r', 're', 's', 'sn']) await search(reader, word);
      expect(reads()).toBe(warmed);
    });
  });

  it('stops once the byte budget is spent', async () => {
    await store.read(async (stored) => {
      const full = counting(stored);
      await warmPostings(full.reader);
      expect(full.reads()).toBeGreaterThan(2 * WARM_BATCH);
      const capped = counting(stored);
      await warmPostings(capped.reader, 1);
      // One batch of terms, whole-page and section lists.
      expect(capped.reads()).toBe(2 * WARM_BATCH);
    });
  });

  it('types the most frequent words, leaving what their keystrokes read in the caches', async () => {
    await store.read(async (stored) => {
      const { reader, reads } = counting(stored);
      let pageRows = 0;
      const pagesOf = reader.pages;
      const watched: IndexReader = {
        ...reader,
        pages: (ids) => {
          pageRows += ids.length;
          return pagesOf(ids);
        },
      };
      await warmSearches(watched);
      // Every keystroke of the typed words ran a whole search: lists, then the hits' pages.
      expect(reads()).toBeGreaterThan(0);
      expect(pageRows).toBeGreaterThan(0);
      const typed = reads();
      const frequent = frequentWords(reader);
      expect(frequent).toHaveLength(WARM_SEARCH_WORDS);
      for (const word of frequent) expect(word).toMatch(/^\p{L}{4,}$/u);
      for (const word of frequent) await search(reader, word);
      expect(reads()).toBe(typed);
    });
  });

  it('types words whose letters carry combining marks, as it types other words', async () => {
    const hindiDir = mkdtempSync(join(tmpdir(), 'search-warm-hi-'));
    const hindi = new SqliteIndexStore(hindiDir);
    try {
      // Every vowel sign and virama of these words is a combining mark.
      const words = ['स्थापना', 'दस्तावेज़', 'निर्देश', 'सेटिंग', 'उपयोगकर्ता', 'सुरक्षा', 'नेटवर्क'];
      const hindiPages: PageRecord[] = words.map((word, n) => ({
        path: `/hi${n}.htm`,
        title: word,
        breadcrumb: [],
        hash: `hi${n}`,
        sections: [{ heading: '', anchor: '', text: words.join(' ') }],
      }));
      await hindi.applyDocSetChanges({ docSet, upserts: hindiPages, removals: [] });
      await hindi.read(async (reader) => {
        expect(frequentWords(reader)).toEqual([...words].sort().slice(0, WARM_SEARCH_WORDS));
      });
    } finally {
      await hindi.close();
      rmSync(hindiDir, { recursive: true, force: true });
    }
  });
});
