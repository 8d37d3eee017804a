import { describe, expect, it } from 'vitest';
import { parseQuery } from './parseQuery';

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
});
