import { describe, expect, it } from 'vitest';
import type { FieldTokens } from '../core/sectionTokens';
import {
  addFieldEvidence,
  fieldExactness,
  newEvidence,
  type IdentifierReading,
  PARTIAL_EXACTNESS,
  partReadings,
  type ProximityQuery,
  saysOnlyQueryWords,
} from './proximity';
import { isStopWord } from '../text/stopWords';
import { tokenizeText } from '../text/tokenize';
import { eachTitleToken } from '../text/sectionLabel';

// Term ids: 1 import, 2 importing, 3 schedules, 4 schedule, 5 a (stop word), 6 csv.
const field = (...terms: number[]): FieldTokens => ({
  terms: Int32Array.from(terms),
  positions: Int32Array.from(terms.map((_, i) => i)),
});
const isStopTerm = (termId: number) => termId === 5;
const importSchedules: ProximityQuery = {
  groups: 2,
  termGroups: new Map([
    [1, [0]],
    [2, [0]],
    [3, [1]],
    [4, [1]],
  ]),
  groupWeights: [2, 1],
  contentGroups: [0, 1],
  termQuality: new Map([
    [1, 1],
    [2, 0.5],
    [3, 1],
    [4, 0.5],
  ]),
};

describe('fieldExactness', () => {
  it('is 1 for a title of the very words searched and less for other forms of them', () => {
    expect(fieldExactness(field(1, 3), importSchedules, isStopTerm)).toBe(1);
    expect(fieldExactness(field(2, 5, 4), importSchedules, isStopTerm)).toBe(0.5);
    expect(fieldExactness(field(1, 4), importSchedules, isStopTerm)).toBeCloseTo(2.5 / 3);
  });

  it('is 0 for a title with a word not searched or without a word searched', () => {
    expect(fieldExactness(field(1, 3, 6), importSchedules, isStopTerm)).toBe(0);
    expect(fieldExactness(field(3), importSchedules, isStopTerm)).toBe(0);
    expect(fieldExactness(field(), importSchedules, isStopTerm)).toBe(0);
    // Stop words only say nothing searched, also where a partial title counts.
    expect(fieldExactness(field(5), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBe(0);
  });

  it('lets a word sharing its position with a matched one (an identifier part) through', () => {
    // `csv` (6) at the position of a matched word, before or after it, is part of that word.
    const at = (terms: number[], positions: number[]): FieldTokens => ({
      terms: Int32Array.from(terms),
      positions: Int32Array.from(positions),
    });
    expect(fieldExactness(at([1, 6, 3], [0, 0, 1]), importSchedules, isStopTerm)).toBe(1);
    expect(fieldExactness(at([6, 1, 3], [0, 0, 1]), importSchedules, isStopTerm)).toBe(1);
    expect(fieldExactness(at([1, 3, 6], [0, 1, 2]), importSchedules, isStopTerm)).toBe(0);
    expect(fieldExactness(at([1, 6, 3], [0, 1, 1]), importSchedules, isStopTerm)).toBe(1);
    expect(fieldExactness(at([1, 6, 5, 3], [0, 1, 1, 2]), importSchedules, isStopTerm)).toBe(0);
  });

  it('scores, when asked, a title of query words only that leaves some out by the share it says', () => {
    // `import` (weight 2) alone says 2/3 of `import schedules`; `schedule` (0.5 quality) 0.5/3.
    expect(fieldExactness(field(1), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBeCloseTo(
      PARTIAL_EXACTNESS * (2 / 3) ** 2,
    );
    expect(fieldExactness(field(4), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBeCloseTo(
      PARTIAL_EXACTNESS * (0.5 / 3) ** 2,
    );
    // Below a title that says it all, and still 0 with a word that was not searched.
    expect(fieldExactness(field(1), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBeLessThan(
      fieldExactness(field(1, 4), importSchedules, isStopTerm, PARTIAL_EXACTNESS),
    );
    expect(fieldExactness(field(1, 6), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBe(0);
    expect(fieldExactness(field(1, 3), importSchedules, isStopTerm, PARTIAL_EXACTNESS)).toBe(1);
  });

  it('weighs a partial title by the weight it is given, and a title that says it all at 1', () => {
    expect(fieldExactness(field(1), importSchedules, isStopTerm, 6)).toBeCloseTo(6 * (2 / 3) ** 2);
    expect(fieldExactness(field(1), importSchedules, isStopTerm, 0)).toBe(0);
    expect(fieldExactness(field(1, 3), importSchedules, isStopTerm, 6)).toBe(1);
  });
});

describe('addFieldEvidence', () => {
  const weights = [6, 4, 1.5, 1];
  it("gives a partial title the query's partialTitleWeight, a partial heading the plain share", () => {
    const query = { ...importSchedules, partialTitleWeight: 6 };
    const evidence = newEvidence(query);
    addFieldEvidence(evidence, field(1), 0, query, weights, isStopTerm);
    addFieldEvidence(evidence, field(1), 1, query, weights, isStopTerm);
    expect(evidence.exactness[0]).toBeCloseTo(6 * (2 / 3) ** 2);
    expect(evidence.exactness[1]).toBeCloseTo(PARTIAL_EXACTNESS * (2 / 3) ** 2);
  });
});

describe('saysOnlyQueryWords with identifiers read', () => {
  // A small vocabulary: the tokens of the titles below, numbered as they come.
  const ids = new Map<string, number>();
  const texts: string[] = [];
  const idOf = (term: string): number => {
    let id = ids.get(term);
    if (id === undefined) {
      id = texts.push(term);
      ids.set(term, id);
    }
    return id;
  };
  const titleOf = (text: string): FieldTokens => {
    const tokens = tokenizeText(text);
    return {
      terms: Int32Array.from(tokens.map((t) => idOf(t.term))),
      positions: Int32Array.from(tokens.map((t) => t.position)),
    };
  };
  const stop = (termId: number) => isStopWord(texts[termId - 1] ?? '');
  /** The query's words as typed, and completions of the last one. */
  const queryOf = (typed: string[], completions: string[] = []) => {
    const termGroups = new Map<number, number[]>();
    typed.forEach((word, g) => termGroups.set(idOf(word), [g]));
    for (const word of completions) termGroups.set(idOf(word), [typed.length - 1]);
    const identifiers: IdentifierReading = {
      text: (termId) => texts[termId - 1] ?? '',
      typed: new Set(typed.map(idOf)),
    };
    return { termGroups, identifiers };
  };

  it('lets a matched joined word cover the later parts it spells', () => {
    const { termGroups, identifiers } = queryOf(['pandas', 'dataframe']);
    const title = titleOf('pandas.DataFrame');
    expect(saysOnlyQueryWords(title, termGroups, stop, identifiers)).toBe(true);
    // Read position by position, `frame` is a word the query does not have.
    expect(saysOnlyQueryWords(title, termGroups, stop)).toBe(false);
    // `data` alone does not spell `DataFrame`.
    const data = queryOf(['data']);
    expect(saysOnlyQueryWords(titleOf('DataFrame'), data.termGroups, stop, data.identifiers)).toBe(
      false,
    );
  });

  it('counts a stop word inside an identifier as a word', () => {
    const { termGroups, identifiers } = queryOf(['pandas', 'series']);
    const member = titleOf('pandas.Series.at');
    expect(saysOnlyQueryWords(member, termGroups, stop, identifiers)).toBe(false);
    // What one field's identifiers set off is that field's: `at` at the same position, on its
    // own in the next title read, is a stop word again.
    expect(saysOnlyQueryWords(titleOf('pandas Series at'), termGroups, stop, identifiers)).toBe(
      true,
    );
    expect(saysOnlyQueryWords(member, termGroups, stop)).toBe(true);
    expect(saysOnlyQueryWords(titleOf('pandas.Series'), termGroups, stop, identifiers)).toBe(true);
    // A camelCase part is no separate word: the query's parts leave `of` out as well.
    const offsets = queryOf(['pandas', 'week', 'month']);
    expect(
      saysOnlyQueryWords(
        titleOf('pandas.WeekOfMonth'),
        offsets.termGroups,
        stop,
        offsets.identifiers,
      ),
    ).toBe(true);
    // Outside an identifier a stop word is still left aside.
    expect(saysOnlyQueryWords(titleOf('The pandas Series'), termGroups, stop, identifiers)).toBe(
      true,
    );
  });

  it('reads an identifier the same way after a section label', () => {
    // As the index reads titles: a label's terms (`2`, `2.1`, `1`) share the first word's position.
    const labelled = (text: string): FieldTokens => {
      const terms: number[] = [];
      const positions: number[] = [];
      eachTitleToken(text, (term, position) => {
        terms.push(idOf(term));
        positions.push(position);
      });
      return { terms: Int32Array.from(terms), positions: Int32Array.from(positions) };
    };
    const frame = queryOf(['pandas', 'dataframe']);
    for (const title of ['pandas.DataFrame', '2.1. pandas.DataFrame']) {
      expect(saysOnlyQueryWords(labelled(title), frame.termGroups, stop, frame.identifiers)).toBe(
        true,
      );
    }
    // The part set off inside an identifier is a word, label or not.
    const burn = queryOf(['burn']);
    for (const title of ['Burn-In', '16.3. Burn-In']) {
      expect(saysOnlyQueryWords(labelled(title), burn.termGroups, stop, burn.identifiers)).toBe(
        false,
      );
    }
    const dialog = queryOf(['gradients', 'dialog']);
    const gradients = labelled('3.5. Gradients Dialog');
    expect(saysOnlyQueryWords(gradients, dialog.termGroups, stop, dialog.identifiers)).toBe(true);
    const word = queryOf(['gradients']);
    expect(saysOnlyQueryWords(gradients, word.termGroups, stop, word.identifiers)).toBe(false);
  });

  it('does not let a completion of the last word cover what the reader has not typed', () => {
    const { termGroups, identifiers } = queryOf(['pandas', 'series'], ['series.notnull']);
    expect(
      saysOnlyQueryWords(titleOf('pandas.Series.notnull'), termGroups, stop, identifiers),
    ).toBe(false);
  });
});

describe('identifiers read by their parts', () => {
  // `KilnInt floatValue`: 10 kilnint, 11 kiln, 12 int (group 0); 20 floatvalue, 21 float,
  // 22 value (group 1). Other index terms: 30 intvalue, 40 kilnfloat.
  const word = (whole: number, parts: number[], camelParts = true) => ({
    variants: [
      { slots: [{ terms: [{ termId: whole }] }] },
      { camelParts, slots: parts.map((termId) => ({ terms: [{ termId }] })) },
    ],
  });
  const groups = [word(10, [11, 12]), word(20, [21, 22])];
  const base: ProximityQuery = {
    groups: 2,
    termGroups: new Map([10, 11, 12, 20, 21, 22].map((t) => [t, [t < 20 ? 0 : 1]])),
    groupWeights: [1, 1],
    contentGroups: [0, 1],
    termQuality: new Map(),
  };
  const query: ProximityQuery = { ...base, parts: partReadings(groups) };
  /** A field of (term, position) pairs. */
  const tokens = (...pairs: Array<[number, number]>): FieldTokens => ({
    terms: Int32Array.from(pairs.map(([term]) => term)),
    positions: Int32Array.from(pairs.map(([, position]) => position)),
  });
  const never = () => false;

  it('does not let another name made of the same words say them (`intValue`, `KilnFloat`)', () => {
    const intValue = tokens([30, 0], [12, 0], [22, 1]);
    expect(fieldExactness(intValue, base, never, 1)).toBeGreaterThan(0);
    expect(fieldExactness(intValue, query, never, 1)).toBe(0);

    const kilnFloat = tokens([40, 0], [11, 0], [21, 1]);
    const before = newEvidence(base);
    addFieldEvidence(before, kilnFloat, 0, base, [6, 4, 1.5, 1], never);
    expect(before.pairBest[0]).toBeGreaterThan(0);
    const after = newEvidence(query);
    addFieldEvidence(after, kilnFloat, 0, query, [6, 4, 1.5, 1], never);
    expect(after.pairBest[0]).toBe(0);
  });

  it("does not read a heading as saying only query words through another name's part", () => {
    // `KilnInt float`: the heading `float_int` (50, at the position of `float`) holds `float` and
    // `int`, a part of `KilnInt` only, which it does not say with `kiln`.
    const plain = {
      groups: 2,
      termGroups: new Map([10, 11, 12, 21].map((t) => [t, [t < 20 ? 0 : 1]])),
      groupWeights: [1, 1],
      contentGroups: [0, 1],
      termQuality: new Map(),
    };
    const kilnIntFloat: ProximityQuery = {
      ...plain,
      parts: partReadings([
        word(10, [11, 12]),
        { variants: [{ slots: [{ terms: [{ termId: 21 }] }] }] },
      ]),
    };
    const floatInt = tokens([50, 0], [21, 0], [12, 1]);
    expect(fieldExactness(floatInt, plain, never, 1)).toBe(1);
    expect(fieldExactness(floatInt, kilnIntFloat, never, 1)).toBe(0);
    // The heading `float` says one query word and nothing else; `KilnInt.float` says both.
    expect(fieldExactness(tokens([21, 0]), kilnIntFloat, never, 1)).toBe(0.25);
    expect(fieldExactness(tokens([10, 0], [11, 0], [12, 1], [21, 2]), kilnIntFloat, never, 1)).toBe(
      1,
    );
  });

  it('lets a field say a word by all its parts, or whole', () => {
    // `kiln int float value`, as four words.
    const apart = newEvidence(query);
    addFieldEvidence(apart, tokens([11, 0], [12, 1], [21, 2], [22, 3]), 0, query, [6], never);
    expect(apart.pairBest[0]).toBeCloseTo(6);
    // `KilnInt.floatValue`: the whole words and their parts.
    const whole = tokens([10, 0], [11, 0], [12, 1], [20, 2], [21, 2], [22, 3]);
    expect(fieldExactness(whole, query, never, 1)).toBe(1);
  });

  it('reads only camelCase words so: the parts of a qualified name name things of their own', () => {
    expect(partReadings([word(10, [11, 12], false)])).toBeUndefined();
    expect(partReadings([word(10, [11, 12])])?.full[0]).toBe(0b11);
  });

  it('does not let the parts of a name say it without the stop word left out of them', () => {
    // `has_column_privilege`: 50 has_column_privilege whole; parts 51 column, 52 privilege (the
    // stop word `has` is not searched as a part). 53 column_privileges, another name.
    const hasColumn = {
      variants: [
        { slots: [{ terms: [{ termId: 50 }] }] },
        { droppedParts: 1, slots: [51, 52].map((termId) => ({ terms: [{ termId }] })) },
      ],
    };
    const single: ProximityQuery = {
      groups: 1,
      termGroups: new Map([50, 51, 52].map((t) => [t, [0]])),
      groupWeights: [1],
      contentGroups: [0],
      termQuality: new Map(),
      identifiers: { text: () => '', typed: new Set([50, 51, 52]) },
    };
    const read = { ...single, parts: partReadings([hasColumn]) };
    expect(read.parts?.full[0]).toBe(0b111);
    const columnPrivileges = tokens([53, 0], [51, 0], [52, 1]);
    expect(fieldExactness(columnPrivileges, single, never)).toBeGreaterThan(0);
    expect(fieldExactness(columnPrivileges, read, never)).toBe(0);
    expect(fieldExactness(tokens([50, 0], [51, 0], [52, 1]), read, never)).toBe(1);
  });

  it('reads every name made of parts so in titles only', () => {
    // `ledger_balance`: 60 whole, parts 61 ledger, 62 balance; the title `Ledgers` (63).
    // `post.parcel`: 70 whole, parts 71 post, 72 parcel; the package's title `post` (71).
    const name = (whole: number, parts: number[]) => ({
      variants: [
        { slots: [{ terms: [{ termId: whole }] }] },
        { slots: parts.map((termId) => ({ terms: [{ termId }] })) },
      ],
    });
    for (const [whole, first, second] of [
      [60, 61, 62],
      [70, 71, 72],
    ] as const) {
      const group = name(whole, [first, second]);
      expect(partReadings([group])).toBeUndefined();
      const single: ProximityQuery = {
        groups: 1,
        termGroups: new Map([whole, first, second].map((t) => [t, [0]])),
        groupWeights: [1],
        contentGroups: [0],
        termQuality: new Map(),
      };
      const titles = { ...single, parts: partReadings([group], true) };
      expect(fieldExactness(tokens([first, 0]), single, never)).toBeGreaterThan(0);
      expect(fieldExactness(tokens([first, 0]), titles, never)).toBe(0);
      expect(fieldExactness(tokens([first, 0], [second, 1]), titles, never)).toBeGreaterThan(0);
      expect(fieldExactness(tokens([whole, 0]), titles, never)).toBe(1);
    }
  });
});
