import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRecord } from '../core/analysePage';
import type { DocSetDescriptor } from '../SearchEngine';
import { SqliteIndexStore } from '../SqliteSearchEngine/SqliteIndexStore';
import { executeSearch } from './executeSearch';
import type { PlannedTerm, QueryGroup } from './planQuery';
import { DEFAULT_RANKING, type RankingOptions } from './rankingOptions';
import { scoreSections, SectionScores } from './scoreSections';
import { compileSynonyms } from './synonyms';

const dataDir = mkdtempSync(join(tmpdir(), 'search-score-sections-'));
const store = new SqliteIndexStore(dataDir);
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const docSet: DocSetDescriptor = {
  id: 'kilns',
  title: 'Kilns',
  product: 'Kilns',
  version: '1',
  docType: 'Guide',
  urlPrefix: '/docs/kilns',
  folder: '/nowhere',
};

const page = (path: string, title: string, text: string): PageRecord => ({
  path,
  title,
  breadcrumb: ['Guide'],
  hash: path,
  sections: [{ heading: 'Notes', anchor: 'notes', text }],
});

/** The paths of the pages found for `q`, best first. */
async function ranked(q: string, ranking: RankingOptions): Promise<string[]> {
  const outcome = await store.read((reader) =>
    executeSearch(
      reader,
      { q, product: [], version: [], docType: [], page: 1, pageSize: 10 },
      { docSetIds: ['kilns'] },
      { ranking, synonyms: compileSynonyms() },
    ),
  );
  const paths = await store.read((reader) => reader.pages(outcome.pages.map((p) => p.pageId)));
  return outcome.pages.map((p) => paths.get(p.pageId)?.path ?? '');
}

describe('scoreSections', () => {
  beforeAll(async () => {
    await store.applyDocSetChanges({
      docSet,
      upserts: [
        page(
          '/panel.htm',
          'Firing log',
          'The KilnTools panel lists every firing of the week, with its cone, how long it took and the clay loaded.',
        ),
        page('/loading.htm', 'Loading', 'Kiln tools. Kiln tools. Tools, kiln.'),
        ...['glaze', 'clay', 'slip', 'cone', 'shelf', 'post'].map((word, n) =>
          page(`/other${n}.htm`, `Other ${n}`, `A ${word} and a kiln, or a ${word} alone.`),
        ),
      ],
      removals: [],
    });
  });

  it("weighs a camelCase name's parts apart below the name where another section says it whole", async () => {
    // Counted as the name itself, the parts said three times outweigh the name said once.
    const asWhole = { ...DEFAULT_RANKING, scatteredPartsWeight: 1 };
    expect((await ranked('KilnTools', asWhole))[0]).toBe('/loading.htm');
    expect(await ranked('KilnTools', DEFAULT_RANKING)).toEqual(['/panel.htm', '/loading.htm']);
    // Words typed apart are no name: the page saying them most comes first.
    expect((await ranked('kiln tools', DEFAULT_RANKING))[0]).toBe('/loading.htm');
  });
});

describe('scoreSections of a camelCase name', () => {
  const term = (termId: number, df: number): PlannedTerm => ({
    termId,
    term: `t${termId}`,
    weight: 1,
    how: 'exact',
    df,
  });
  /** `KilnTools` (term 1) whole, or by its parts `kiln` (2) and `tools` (3). */
  const group = (typedDf: number): QueryGroup => ({
    text: 'KilnTools',
    variants: [
      { slots: [{ terms: [term(1, 30)], df: 30, exactDf: typedDf }], weight: 1 },
      {
        // Rarer than the name, so that read by its parts a section scores higher.
        slots: [
          { terms: [term(2, 3)], df: 3, exactDf: 3 },
          { terms: [term(3, 3)], df: 3, exactDf: 3 },
        ],
        weight: 0.8,
        camelParts: true,
      },
    ],
    phrase: false,
    stopWord: false,
    unmatched: false,
    df: 30,
  });
  /** Postings of one term: [document, title tf, heading tf, breadcrumb tf, text tf] each. */
  const list = (...rows: number[][]) => [
    {
      count: rows.length,
      ids: Int32Array.from(rows.map((row) => row[0] as number)),
      tf: Uint16Array.from(rows.flatMap((row) => row.slice(1))),
    },
  ];
  // Both sections say the name once in their title; section 1 also says `kiln` and `tools` in
  // its text, as parts of another name (`KilnToolsPanel`, `tools_kiln`).
  const lists = new Map([
    [1, list([0, 1, 0, 0, 0], [1, 1, 0, 0, 0])],
    [2, list([0, 1, 0, 0, 0], [1, 1, 0, 0, 6])],
    [3, list([0, 1, 0, 0, 0], [1, 1, 0, 0, 6])],
  ]);
  const table = { maxId: 1, lengths: Uint32Array.from([1, 1, 1, 20, 1, 1, 1, 20]) };
  const stats = { documents: 100, averageLengths: [1, 1, 1, 20] };
  const scores = (typedDf: number) => {
    const scored = scoreSections([group(typedDf)], lists, table, stats, DEFAULT_RANKING);
    const of = (id: number) => scored.scores[scored.find(id)] as number;
    return [of(0), of(1)];
  };

  it('counts its parts no more where a section holds the name as typed', () => {
    const [plain, busy] = scores(2);
    expect(busy).toBe(plain);
  });

  it('lets its parts count where the name is known only by misspellings', () => {
    // The name as typed is in no section (`exactDf` 0): it is read by the parts it is made of.
    const [plain, busy] = scores(0);
    expect(busy).toBeGreaterThan(plain as number);
  });
});

describe('scoreSections of a word and its other forms', () => {
  /** `returning` (term 1) as typed, `returnings` (2) its plural, `return` (3) another form. */
  const terms: PlannedTerm[] = [
    { termId: 1, term: 'returning', weight: 1, how: 'exact', df: 2 },
    { termId: 2, term: 'returnings', weight: 0.5, how: 'stem', df: 1 },
    { termId: 3, term: 'return', weight: 0.5, how: 'stem', df: 3 },
  ];
  const group: QueryGroup = {
    text: 'returning',
    variants: [{ slots: [{ terms, df: 3, exactDf: 2 }], weight: 1 }],
    phrase: false,
    stopWord: false,
    unmatched: false,
    df: 3,
  };
  /** Postings of one term: each row is [document, text tf]. */
  const list = (...rows: Array<[number, number]>) => [
    {
      count: rows.length,
      ids: Int32Array.from(rows.map(([id]) => id)),
      tf: Uint16Array.from(rows.flatMap(([, tf]) => [0, 0, 0, tf])),
    },
  ];
  // Section 0 says the word as typed four times; 1 its plural four times; 2 the other form four
  // times; 3 the word once and the other form three times. All are as long.
  const lists = new Map([
    [1, list([0, 4], [3, 1])],
    [2, list([1, 4])],
    [3, list([2, 4], [3, 3])],
  ]);
  const table = { maxId: 3, lengths: new Uint32Array(16).fill(10) };
  const stats = { documents: 100, averageLengths: [10, 10, 10, 10] };
  const scores = (otherFormsShare: number) => {
    const ranking = { ...DEFAULT_RANKING, otherFormsShare };
    const scored = scoreSections([group], lists, table, stats, ranking);
    return [0, 1, 2, 3].map((id) => scored.scores[scored.find(id)] as number);
  };

  it('keeps a share of the score of a section holding only another form of the word', () => {
    const [word, plural, other, both] = scores(0.8);
    const [, , fullOther, fullBoth] = scores(1);
    expect(other).toBeCloseTo(0.8 * (fullOther as number), 12);
    // The plural is the word, and a section saying the word keeps its other forms' say.
    expect(plural).toBeCloseTo(scores(1)[1] as number, 12);
    expect(both).toBeCloseTo(fullBoth as number, 12);
    expect(word).toBeGreaterThan(other as number);
    expect(plural).toBeGreaterThan(other as number);
  });
});

describe('SectionScores', () => {
  /** Scores of `groups` groups for ids 1..rows, each group's score its id times (g + 1). */
  const filled = (groups: number, rows: number): SectionScores => {
    const scores = new SectionScores(groups, 1000);
    for (let id = 1; id <= rows; id++) {
      const k = scores.slot(id);
      for (let g = 0; g < groups; g++) scores.raise(k, g, id * (g + 1));
    }
    return scores;
  };

  it('keeps every row and score as it grows past its first rows', () => {
    const scores = filled(3, 600);
    expect(scores.count).toBe(600);
    for (const id of [1, 256, 257, 600]) {
      const k = scores.find(id);
      expect(scores.ids[k]).toBe(id);
      expect([0, 1, 2].map((g) => scores.scores[k * 3 + g])).toEqual([id, 2 * id, 3 * id]);
    }
    scores.release();
  });

  it('starts every row of a scoring at zero after earlier scorings handed their arrays back', () => {
    // Arrays handed back by scorings of more and of fewer groups, with high scores left in them.
    filled(3, 600).release();
    filled(1, 300).release();
    for (const groups of [2, 3, 1]) {
      const scores = new SectionScores(groups, 1000);
      expect(scores.find(5)).toBe(-1);
      for (let id = 1; id <= 700; id++) {
        const k = scores.slot(id);
        for (let g = 0; g < groups; g++) {
          expect(scores.scores[k * groups + g]).toBe(0);
          scores.raise(k, g, 0.5);
        }
      }
      expect(scores.scores[scores.find(700) * groups]).toBe(0.5);
      scores.release();
    }
  });

  it('reads nothing once released', () => {
    const scores = filled(2, 10);
    scores.release();
    expect(scores.count).toBe(0);
    expect(scores.find(3)).toBe(-1);
  });
});

describe('scoreSections of a name read by its parts', () => {
  const slot = (termId: number) => ({
    terms: [{ termId, term: `t${termId}`, weight: 1, how: 'exact' as const, df: 3 }],
    df: 3,
    exactDf: 3,
  });
  /** `kiln_tools` read by its parts only: `kiln` (term 1) and `tools` (term 2). */
  const group: QueryGroup = {
    text: 'kiln_tools',
    variants: [{ slots: [slot(1), slot(2)], weight: 1 }],
    phrase: false,
    stopWord: false,
    unmatched: false,
    df: 3,
  };
  /** One posting list per term: the documents given say the term once in their text. */
  const lists = (holders: Record<number, number[]>) =>
    new Map(
      Object.entries(holders).map(([termId, ids]) => [
        Number(termId),
        [
          {
            count: ids.length,
            ids: Int32Array.from(ids),
            tf: Uint16Array.from(ids.flatMap(() => [0, 0, 0, 1])),
          },
        ],
      ]),
    );
  const table = { maxId: 5, lengths: new Uint32Array(24).fill(10) };
  const stats = { documents: 100, averageLengths: [10, 10, 10, 10] };
  /** The documents scored, with their scores. */
  const scored = (holders: Record<number, number[]>) => {
    const scores = scoreSections([group], lists(holders), table, stats, DEFAULT_RANKING);
    const out = new Map<number, number>();
    for (let k = 0; k < scores.count; k++) out.set(scores.ids[k] as number, scores.scores[k]!);
    scores.release();
    return out;
  };

  it('scores only the documents holding every part, whatever was scored before', () => {
    const alone = scored({ 1: [2, 3], 2: [3, 4] });
    expect([...alone.keys()]).toEqual([3]);
    // Documents 1 and 2 hold both parts here, and 4 the first part only.
    expect([...scored({ 1: [1, 2, 4], 2: [1, 2] }).keys()]).toEqual([1, 2]);
    // Nothing of that scoring is left for the next: the same answer as the first time.
    expect(scored({ 1: [2, 3], 2: [3, 4] })).toEqual(alone);
    // A scoring that ends at a part no document holds leaves nothing behind either.
    expect(scored({ 1: [1, 2], 2: [] }).size).toBe(0);
    expect(scored({ 1: [2, 3], 2: [3, 4] })).toEqual(alone);
  });
});
