import { describe, expect, it } from 'vitest';
import { Vocabulary, type VocabularyRow } from '../core/Vocabulary';
import { stemTerm } from '../text/stem';
import { parseQuery } from './parseQuery';
import {
  KNOWN_WORD_COMPLETION,
  completionLimit,
  partsWithinEdits,
  planQuery,
  type PlannedTerm,
} from './planQuery';
import { DEFAULT_RANKING } from './rankingOptions';
import { compileSynonyms } from './synonyms';

const words: Array<[string, number]> = [
  ['exp', 4],
  ['expression', 30],
  ['exponential', 2],
  ['leads', 6],
  ['lead', 3],
];
/** A vocabulary of one doc set holding each term on `df` pages. */
const vocabularyOf = (rows: ReadonlyArray<readonly [string, number]>) =>
  new Vocabulary(
    rows.map(([term, df], i): VocabularyRow => ({
      termId: i + 1,
      term,
      stem: stemTerm(term),
      docSetId: 1,
      df,
    })),
  );
const vocabulary = vocabularyOf(words);
const ctx = {
  vocabulary,
  allowed: new Uint8Array([0, 1]),
  synonyms: compileSynonyms([]),
  ranking: DEFAULT_RANKING,
};
const termsOf = (q: string): Map<string, PlannedTerm> => {
  const [group] = planQuery(parseQuery(q), ctx);
  const slot = group?.variants[0]?.slots[0];
  return new Map((slot?.terms ?? []).map((t) => [t.term, t]));
};
/** The terms of the last word of `q` as planned over `vocabulary`, by term. */
const lastWordTerms = (vocabulary: Vocabulary, q: string): Map<string, PlannedTerm> => {
  const groups = planQuery(parseQuery(q), { ...ctx, vocabulary });
  const slot = groups.at(-1)?.variants[0]?.slots[0];
  return new Map((slot?.terms ?? []).map((t) => [t.term, t]));
};

describe('planQuery', () => {
  it("leaves another word of the query out of a word's stem siblings", () => {
    // `glazing` and `glaze` share a stem; asked together, each is its own word's alone.
    const glaze = vocabularyOf([
      ['glaze', 5],
      ['glazing', 4],
      ['glazed', 3],
      ['kiln', 6],
    ]);
    const groups = planQuery(parseQuery('glazing in kiln glaze '), { ...ctx, vocabulary: glaze });
    const terms = (g: number) =>
      (groups[g]?.variants[0]?.slots[0]?.terms ?? []).map((t) => `${t.term}:${t.how}`);
    expect(terms(0)).toEqual(['glazing:exact', 'glazed:stem']);
    expect(terms(3)).toEqual(['glaze:exact', 'glazed:stem']);
    // Alone, each word has the other as a stem sibling.
    expect(lastWordTerms(glaze, 'glazing ').get('glaze')?.how).toBe('stem');
  });

  it('weighs completions of a word the index knows below those of a fragment', () => {
    const known = termsOf('exp');
    expect(known.get('exp')).toMatchObject({ how: 'exact', weight: 1 });
    const fragment = termsOf('expo');
    const exponential = fragment.get('exponential');
    expect(exponential?.how).toBe('prefix');
    expect(known.get('exponential')?.weight).toBeCloseTo(
      ((exponential?.weight ?? 0) * KNOWN_WORD_COMPLETION * (0.5 + 0.5 * (3 / 11))) /
        (0.5 + 0.5 * (4 / 11)),
    );
    expect(known.get('expression')?.weight ?? 1).toBeLessThan(0.5);
    // A finished word (a space after it) gets no completions at all.
    expect([...termsOf('exp ').keys()]).toEqual(['exp']);
  });

  it('leaves out camelCase compounds of a known word as its completions in a query about code', () => {
    const code = vocabularyOf([
      ['glaze', 4],
      ['utils', 4],
      ['glazeutils', 2],
      ['trim', 3],
      ['end', 9],
      ['trimend', 1],
      ['trimmer', 2],
      ['trimming', 2],
      ['workflow', 3],
      ['work', 8],
      ['flow', 5],
    ]);
    const last = (q: string) => lastWordTerms(code, q);
    // `trimEnd` holds `trim` as a part already: counted again, it ranked above `trim` itself.
    for (const q of ['GlazeUtils trim', 'org.kiln.GlazeUtils trim', 'glaze_utils trim']) {
      const terms = last(q);
      expect(terms.get('trim')?.how, q).toBe('exact');
      expect(terms.has('trimend'), q).toBe(false);
      // An ending is no part: `trimmer` and `trimming` stay completions.
      expect(terms.get('trimmer')?.how, q).toBe('prefix');
      expect(terms.get('trimming')?.how, q).toBe('prefix');
    }
    // A query of plain words (a section number is not code) keeps them: `workflow` is one
    // word, which `work` alone would not find.
    expect(last('glaze trim').get('trimend')?.how).toBe('prefix');
    expect(last('10.1. work').get('workflow')?.how).toBe('prefix');
    // The query naming the other part finds the compound by it.
    expect(last('GlazeUtils end trim').get('trimend')?.how).toBe('prefix');
    // A rest made of words of the index (`andCount`, `asText`): each of three letters or more
    // but the first, which may have two; a rest shorter than three letters (`t`) is an ending.
    const more = vocabularyOf([
      ['glazeutils', 2],
      ['trim', 3],
      ['trimandcount', 1],
      ['and', 20],
      ['count', 6],
      ['trimastext', 1],
      ['as', 30],
      ['text', 9],
      ['trimt', 1],
      ['t', 9],
      ['tr', 4],
      ['trtext', 1],
    ]);
    const terms = lastWordTerms(more, 'GlazeUtils trim');
    expect(terms.has('trimandcount')).toBe(false);
    expect(terms.has('trimastext')).toBe(false);
    expect(terms.get('trimt')?.how).toBe('prefix');
    // A word of two letters is more likely the start of one being typed.
    expect(lastWordTerms(more, 'GlazeUtils tr').get('trtext')?.how).toBe('prefix');
  });

  it("does not complete the last word into a part of the query's identifiers", () => {
    const code = vocabularyOf([
      ['glaze', 4],
      ['sorter', 2],
      ['glazesorter', 1],
      ['sort', 5],
      ['sorted', 3],
    ]);
    const last = (q: string) => lastWordTerms(code, q);
    // `sorter` is the identifier's: the constructor headed `GlazeSorter` matched `sort` too.
    expect([...last('GlazeSorter sort').keys()].sort()).toEqual(['sort', 'sorted']);
    // A query of plain words keeps it.
    expect(last('glaze sort').has('sorter')).toBe(true);
  });

  it('tolerates one edit in a four-letter word the index does not know', () => {
    const typo = termsOf('leds ');
    expect(typo.get('leads')?.how).toBe('typo');
    expect([...termsOf('lead ').values()].every((t) => t.how !== 'typo')).toBe(true);
  });

  it('completes a one-letter query with its few most frequent completions only', () => {
    // 40 words starting with "ba", the more frequent the later in the list.
    const many = new Vocabulary(
      Array.from({ length: 40 }, (_, i): VocabularyRow => {
        const term = `ba${String.fromCharCode(97 + (i % 26))}${i}`;
        return { termId: i + 1, term, stem: term, docSetId: 1, df: i + 1 };
      }),
    );
    const ranking = { ...DEFAULT_RANKING, maxCompletions: 30 };
    const completed = (q: string) => {
      const group = planQuery(parseQuery(q), { ...ctx, vocabulary: many, ranking }).at(-1);
      return (group?.variants[0]?.slots[0]?.terms ?? []).map((t) => t.df);
    };
    const one = completed('b');
    expect(one).toHaveLength(completionLimit('b', 30, true));
    expect(Math.min(...one)).toBe(40 - one.length + 1);
    // After other words, a one-letter word keeps as many as a two-letter one.
    expect(completed('option b')).toHaveLength(completionLimit('b', 30));
    expect(completed('ba')).toHaveLength(completionLimit('ba', 30));
    expect(completed('bab')).toHaveLength(2); // all there are: "bab1" and "bab27"
    expect(completionLimit('b', 30, true)).toBeLessThan(completionLimit('b', 30));
    expect(completionLimit('ba', 30)).toBeLessThan(completionLimit('bab', 30));
  });

  it('counts an identifier searched by its parts as rare as its rarest part', () => {
    // `scipy` is on every page, `special` on 5, the joined form on none.
    const parts = vocabularyOf([
      ['scipy', 400],
      ['special', 5],
      ['beta', 12],
    ]);
    const groups = planQuery(parseQuery('beta scipy.special '), { ...ctx, vocabulary: parts });
    expect(groups.map((g) => [g.text, g.df, g.unmatched])).toEqual([
      ['beta', 12, false],
      ['scipy.special', 5, false],
    ]);
    // A word the index lacks keeps the count of what it has, and is unmatched.
    const [missing] = planQuery(parseQuery('scipy.nothing '), { ...ctx, vocabulary: parts });
    expect(missing).toMatchObject({ df: 400, unmatched: true });
  });

  it('marks the parts of a camelCase name as words of one name, not those of other names', () => {
    const names = vocabularyOf([
      ['kilnint', 2],
      ['kiln', 9],
      ['int', 7],
      ['get', 40],
      ['mut', 3],
      ['sqlalchemy', 50],
      ['orm', 20],
    ]);
    const byParts = (q: string) =>
      planQuery(parseQuery(q), { ...ctx, vocabulary: names }).map(
        (g) => g.variants.find((v) => v.slots.length > 1)?.camelParts,
      );
    expect(byParts('KilnInt get_mut sqlalchemy.orm kiln-int ')).toEqual([
      true,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("marks the stop words left out of a name's parts", () => {
    const names = vocabularyOf([
      ['has_column_privilege', 1],
      ['column', 30],
      ['privilege', 12],
      ['ledger', 9],
      ['balance', 7],
      ['sqlalchemy', 50],
      ['orm', 20],
    ]);
    const byParts = (q: string) =>
      planQuery(parseQuery(q), { ...ctx, vocabulary: names }).map((g) => {
        const v = g.variants.find((v) => v.slots.length > 1);
        return [v?.slots.length, v?.droppedParts];
      });
    expect(byParts('has_column_privilege ledger_balance __ledger__ sqlalchemy.orm ')).toEqual([
      [2, 1],
      [2, undefined],
      [undefined, undefined],
      [2, undefined],
    ]);
  });

  it("adds a misspelling's correction in the singular or plural, not its farther forms", () => {
    const menus = vocabularyOf([
      ['menus', 30],
      ['menu', 50],
      ['menuing', 2],
      ['image', 80],
    ]);
    const [group] = planQuery(parseQuery('emnus image'), { ...ctx, vocabulary: menus });
    const terms = new Map((group?.variants[0]?.slots[0]?.terms ?? []).map((t) => [t.term, t]));
    expect(terms.get('menus')?.how).toBe('typo');
    // `menu`, the singular of the correction `menus`, weighs as another form of it.
    expect(terms.get('menu')?.how).toBe('typo');
    expect(terms.get('menu')?.weight).toBeCloseTo(
      (terms.get('menus')?.weight ?? 0) * DEFAULT_RANKING.stemWeight,
    );
    // `menuing` shares their stem, but is a form farther from a guessed word.
    expect(terms.has('menuing')).toBe(false);
  });

  it('completes a name typed up to a separator, without reading it as a typo or its parts', () => {
    const names = vocabularyOf([
      ['pg_stat_activity', 3],
      ['pg_stat_statements', 2],
      ['pg_stats', 4],
      ['pg_start', 5],
      ['pgstat', 5],
      ['pg', 90],
      ['stat', 8],
      ['statistics', 40],
    ]);
    const plan = (q: string) => planQuery(parseQuery(q), { ...ctx, vocabulary: names })[0];
    const kinds = (slot: { terms: PlannedTerm[] } | undefined) =>
      Object.fromEntries((slot?.terms ?? []).map((t) => [t.term, t.how]));
    // `pg_stats` is one edit from `pg_stat_`, `pg_start` two, and `pg` and `stat` are its parts,
    // but the reader is typing a name that goes on.
    const typed = plan('pg_stat_');
    expect(typed?.variants).toHaveLength(1);
    expect(kinds(typed?.variants[0]?.slots[0])).toEqual({
      pg_stat_activity: 'prefix',
      pg_stat_statements: 'prefix',
    });
    // Where no name goes on so, its parts stand in, the last one whole (not `statistics`).
    const parts = plan('stat_')?.variants.find((v) => v.slots[0]?.terms.length);
    expect(parts?.slots.map(kinds)).toEqual([{ stat: 'exact' }]);
    // Without the separator the word is still being typed, and may be a typo; not of `pg_start`,
    // whose edit falls in `stat`, a known word too short for one (see partsWithinEdits).
    const typing = plan('pg_stat');
    expect(kinds(typing?.variants[0]?.slots[0])).toMatchObject({
      pg_stats: 'prefix',
      pgstat: 'typo',
    });
    expect(kinds(typing?.variants[0]?.slots[0])).not.toHaveProperty('pg_start');
    expect(kinds(typing?.variants[1]?.slots[1])).toMatchObject({ statistics: 'prefix' });
  });
});

describe('partsWithinEdits', () => {
  const known = (word: string) => ['test', 'post', 'migrate', 'red', 'eye', 'eyes'].includes(word);

  it('holds each part of a name to the edits that part tolerates', () => {
    // Two edits in `test`, a known word of 4 letters: another name, not a typo.
    expect(partsWithinEdits('test_migrate', 'post_migrate', known)).toBe(false);
    // One edit in a part of 7 letters, or a swap of two letters in it.
    expect(partsWithinEdits('test_migrate', 'test_migrade', known)).toBe(true);
    expect(partsWithinEdits('test_migrate', 'test_mirgate', known)).toBe(true);
    // A part of 4 letters the index lacks tolerates one edit.
    expect(partsWithinEdits('tset_migrate', 'test_migrate', known)).toBe(true);
  });

  it('lets a part change to another form of it, and leaves plain words and other shapes be', () => {
    expect(partsWithinEdits('red-eyes', 'red-eye', known)).toBe(true);
    expect(partsWithinEdits('test_c', 'test_', known)).toBe(true);
    expect(partsWithinEdits('migrate', 'migrant', known)).toBe(true);
  });
});
