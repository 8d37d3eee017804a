import { describe, expect, it } from 'vitest';
import { TermTrie } from './TermTrie';

/** Optimal string alignment distance, the plain full-table way. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (__, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      let value = Math.min(
        (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = value;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

function randomWords(count: number, seed: number, letters = 'abcdeor'): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 12) }, () =>
      letters.charAt(Math.floor(next() * letters.length)),
    ).join(''),
  );
}

describe('TermTrie', () => {
  it('finds exactly the terms within the edit limit, with their distances', () => {
    const terms = [...new Set(randomWords(1000, 7))].sort();
    const trie = new TermTrie(terms);
    for (const word of randomWords(30, 99)) {
      for (const maxEdits of [1, 2]) {
        const found = new Map<string, number>();
        trie.within(word, maxEdits, (index, d) => found.set(terms[index] as string, d));
        const expected = new Map<string, number>();
        for (const term of terms) {
          const d = distance(word, term);
          if (d <= maxEdits) expected.set(term, d);
        }
        expect(new Map([...found].sort())).toEqual(new Map([...expected].sort()));
      }
    }
  }, 30_000);

  it('finds the same with characters that share a code modulo 32, and up to three edits', () => {
    // 'a', 'A' and 'á' (97, 65, 225) and 'p' and '0' (112, 48) fall on the same bit of the
    // filter that turns children away once every edit is used: only the characters decide.
    const letters = 'aAápo0bc';
    const terms = [...new Set(randomWords(1500, 11, letters))].sort();
    const trie = new TermTrie(terms);
    for (const word of randomWords(40, 5, letters)) {
      for (const maxEdits of [0, 1, 2, 3]) {
        const found: Array<[string, number]> = [];
        trie.within(word, maxEdits, (index, d) => found.push([terms[index] as string, d]));
        const expected = terms
          .map((term): [string, number] => [term, distance(word, term)])
          .filter(([, d]) => d <= maxEdits);
        // Found once each, in the terms' order (the walk is depth first in character order).
        expect(found).toEqual(expected);
      }
    }
  }, 30_000);
});
