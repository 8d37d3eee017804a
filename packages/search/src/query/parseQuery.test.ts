import { describe, expect, it } from 'vitest';
import { MAX_QUERY_WORDS, parseQuery } from './parseQuery';

describe('parseQuery', () => {
  it('splits words and quoted phrases and knows when the last word is still being typed', () => {
    const parsed = parseQuery('backup "retention period" snap');
    expect(parsed.units.map((u) => [u.quoted, u.words.map((w) => w.raw).join(' ')])).toEqual([
      [false, 'backup'],
      [true, 'retention period'],
      [false, 'snap'],
    ]);
    expect(parsed.lastIsPrefix).toBe(true);
    expect(parseQuery('snap ').lastIsPrefix).toBe(false);
    expect(parseQuery('"snap shot"').lastIsPrefix).toBe(false);
  });

  it('reads no word as being typed when the query has more words than are read', () => {
    const words = Array.from({ length: MAX_QUERY_WORDS + 6 }, (_, i) => `w${i}`).join(' ');
    for (const q of [`${words} os.pa`, `${words} os.`]) {
      const parsed = parseQuery(q);
      expect(parsed.units).toHaveLength(MAX_QUERY_WORDS);
      // The last word read is the 24th, not the one at the end being typed.
      expect(parsed.lastIsPrefix).toBe(false);
      expect(parsed.units[MAX_QUERY_WORDS - 1]?.words[0]).toEqual({ raw: 'w23', parts: ['w23'] });
    }
    expect(
      parseQuery(Array.from({ length: MAX_QUERY_WORDS }, (_, i) => `w${i}`).join(' ')).lastIsPrefix,
    ).toBe(true);
  });

  it('treats an unclosed quote as no quote and ignores punctuation-only input', () => {
    expect(parseQuery('"open phrase').units.every((u) => !u.quoted)).toBe(true);
    expect(parseQuery('!!! ??').units).toEqual([]);
  });

  it('makes a phrase of straight quotes only, reading curly quotes as punctuation', () => {
    const parsed = parseQuery('why does “safe mode” block');
    expect(parsed.units.every((u) => !u.quoted)).toBe(true);
    expect(parsed.units.map((u) => u.words[0]?.raw)).toEqual([
      'why',
      'does',
      'safe',
      'mode',
      'block',
    ]);
    expect(parseQuery('„safe mode“').units.every((u) => !u.quoted)).toBe(true);
    expect(parseQuery('"safe mode"').units[0]?.quoted).toBe(true);
  });

  it('reads a separator typed after a name as the name going on', () => {
    const last = (q: string) => {
      const parsed = parseQuery(q);
      const words = parsed.units[parsed.units.length - 1]?.words ?? [];
      return { prefix: parsed.lastIsPrefix, word: words[words.length - 1] };
    };
    expect(last('OS.Path.')).toEqual({
      prefix: true,
      word: { raw: 'OS.Path.', parts: ['os', 'path'], joined: 'os.path.' },
    });
    expect(last('git --no-')).toEqual({
      prefix: true,
      word: { raw: 'no-', parts: ['no'], joined: 'no-' },
    });
    expect(last('Std::').word?.joined).toBe('std::');
    expect(last('os.').word?.joined).toBe('os.');
    // A full stop after a plain word of several ends a sentence; an ellipsis, a colon or a
    // separator after a space is no name's.
    for (const q of ['how to open a file.', 'and so on...', 'Note:', 'x -', '"a b."']) {
      expect(last(q).prefix, q).toBe(false);
      expect(last(q).word?.joined, q).toBeUndefined();
    }
  });
});
