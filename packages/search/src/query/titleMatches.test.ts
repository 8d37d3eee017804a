import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldTokens } from '../core/sectionTokens';
import { createSearchEngine } from '../createSearchEngine';
import { NO_RESULT_CACHE } from '../ResultCache';
import type { SearchEngine } from '../SearchEngine';
import { PRECISION_CORPUS } from '../testing/contractCorpus';
import type { MatchKind, PlannedSlot, QueryGroup } from './planQuery';
import type { ProximityQuery } from './proximity';
import { saidGroups, saysEnough, termGroupsOf, termQualities, titleName } from './titleMatches';

// Term ids: 1 resize, 2 pkg.grid (the identifier whole), 3 pkg, 4 grid, 5 method, 6 resizing
// (a stem sibling of resize), 7 the (a stop word), 8 class (not searched).
const slot = (...terms: Array<[termId: number, weight: number, how: MatchKind]>): PlannedSlot => ({
  terms: terms.map(([termId, weight, how]) => ({ termId, term: `t${termId}`, weight, how, df: 1 })),
  df: 1,
  exactDf: 1,
});
const group = (text: string, ...variants: QueryGroup['variants']): QueryGroup => ({
  text,
  variants,
  phrase: false,
  stopWord: false,
  unmatched: false,
  df: 1,
});
/** `resize pkg.Grid method`, the identifier also by its parts (weight 0.8). */
const groups = [
  group('resize', { slots: [slot([1, 1, 'exact'], [6, 0.5, 'stem'])], weight: 1 }),
  group(
    'pkg.Grid',
    { slots: [slot([2, 1, 'exact'])], weight: 1 },
    { slots: [slot([3, 1, 'exact']), slot([4, 1, 'exact'])], weight: 0.8 },
  ),
  group('method', { slots: [slot([5, 1, 'exact'])], weight: 1 }),
];
const query: ProximityQuery = {
  groups: groups.length,
  termGroups: termGroupsOf(groups),
  groupWeights: [1, 1, 1],
  contentGroups: [0, 1, 2],
  termQuality: termQualities(groups),
};
const title = (...terms: number[]): FieldTokens => ({
  terms: Int32Array.from(terms),
  positions: Int32Array.from(terms.map((_, i) => i)),
});
const said = (field: FieldTokens) => saidGroups(field, groups, query, (termId) => termId === 7);

describe('saidGroups', () => {
  it('tells which query words a title of query words says, an identifier whole or by all its parts', () => {
    expect(said(title(3, 4, 1))).toBe(0b011);
    expect(said(title(2))).toBe(0b010);
    expect(said(title(7, 2, 5))).toBe(0b110);
    expect(said(title(2, 1, 5))).toBe(0b111);
  });

  it('does not count one part of an identifier, or another form of a word, as saying it', () => {
    expect(said(title(4, 1))).toBe(0b001);
    expect(said(title(6))).toBe(0);
  });

  it('is -1 for a title that says a word that was not searched', () => {
    expect(said(title(3, 4, 8))).toBe(-1);
  });

  it('counts the likeliest corrections of a typo in an identifier part as saying it', () => {
    // `pkg.Gird`: the index lacks `pkg.gird` and `gird`; `grid` (4) and `girl` (9) are one edit
    // from the part. A typo's weight is below the exact part `pkg`, yet `grid` says the part.
    const typo = [
      group('pkg.Gird', {
        slots: [slot([3, 1, 'exact']), slot([4, 0.6, 'typo'], [9, 0.36, 'typo'])],
        weight: 0.8,
      }),
    ];
    const typoQuery: ProximityQuery = {
      ...query,
      groups: 1,
      termGroups: termGroupsOf(typo),
      contentGroups: [0],
      termQuality: termQualities(typo),
    };
    const saysTypo = (field: FieldTokens) => saidGroups(field, typo, typoQuery, () => false);
    expect(saysTypo(title(3, 4))).toBe(0b1);
    // A less likely correction, below three quarters of the best one's weight, does not.
    expect(saysTypo(title(3, 9))).toBe(0);
  });
});

describe('titleName', () => {
  it('is what a title names before a dash set off by spaces', () => {
    expect(titleName('typing — Support for type hints')).toBe('typing');
    expect(titleName('ls - list directory contents')).toBe('ls');
    expect(titleName('Chapter 2 – Setup – Linux')).toBe('Chapter 2');
  });

  it('is the last part of a title that is one qualified name', () => {
    expect(titleName('pandas.Timestamp')).toBe('Timestamp');
    expect(titleName('scipy.optimize.minimize')).toBe('minimize');
    expect(titleName('numpy.linalg.norm()')).toBe('norm');
    expect(titleName('std::vector')).toBe('vector');
    expect(titleName('pandas.read_csv')).toBe('read_csv');
    expect(titleName('os.path — Common pathname manipulations')).toBe('os.path');
  });

  it('is undefined without such a dash or qualified name', () => {
    expect(titleName('Command-line options')).toBeUndefined();
    expect(titleName('— Untitled')).toBeUndefined();
    expect(titleName('Backup Policies')).toBeUndefined();
    // Numbered titles, prose with a dot, names of one part, version numbers.
    expect(titleName('8.10. Levels')).toBeUndefined();
    expect(titleName('Use pandas.Timestamp')).toBeUndefined();
    expect(titleName('Timestamp')).toBeUndefined();
    expect(titleName('3.11.2')).toBeUndefined();
    expect(titleName('pandas.')).toBeUndefined();
  });
});

describe('saysEnough', () => {
  // `index pandas.DataFrame attribute`: the qualifier the member's page never says is the rarest.
  const weights = [1.05, 1.29, 2.96];
  const total = 5.3;
  it('takes a title saying half of the weight or more than half of the words', () => {
    expect(saysEnough(0b011, [0, 1, 2], weights, total)).toBe(true);
    expect(saysEnough(0b100, [0, 1, 2], weights, total)).toBe(true);
  });

  it('leaves out a title saying less of both', () => {
    expect(saysEnough(0b001, [0, 1, 2], weights, total)).toBe(false);
    expect(saysEnough(0b0011, [0, 1, 2, 3], [1, 1, 3, 3], 8)).toBe(false);
  });
});

describe('a title saying more of the query ranks above one saying less of it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-said-groups-'));
  let engine: SearchEngine;
  beforeAll(async () => {
    // No bonus for titles that leave query words out: the order comes from the promotion alone.
    engine = await createSearchEngine({
      engine: 'sqlite',
      dataDir,
      ranking: { partialTitleWeight: 0 },
      resultCache: NO_RESULT_CACHE,
    });
    for (const { docSet, pages } of PRECISION_CORPUS)
      await engine.applyDocSetChanges({ docSet, upserts: pages, removals: [] });
  });
  afterAll(async () => {
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const titles = async (q: string) =>
    (
      await engine.search(
        { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
        { docSetIds: PRECISION_CORPUS.map(({ docSet }) => docSet.id) },
      )
    ).hits.map((hit) => hit.title);

  it("puts a method's page above its class's page, which says the words more often", async () => {
    for (const name of ['resize', 'copy']) {
      const found = await titles(`${name} geo.Grid method`);
      expect(found.indexOf(`geo.Grid.${name}`), name).toBe(0);
      expect(found.indexOf('geo.Grid'), name).toBe(1);
    }
  });
});
