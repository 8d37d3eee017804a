import { describe, expect, it } from 'vitest';
import { eachTitleToken, sectionLabel } from './sectionLabel';
import { tokenizeText } from './tokenize';

describe('sectionLabel', () => {
  it.each([
    ['6.16. Rotation', '6.16. '],
    ['4.4.3. Tool Options', '4.4.3. '],
    ['Chapter 6. Getting Images out of GIMP', 'Chapter 6. '],
    ['Appendix F. Additional Supplied Modules', 'Appendix F. '],
    ['F.31. pg_trgm — trigram matching', 'F.31. '],
    ['Part II. The SQL Language', 'Part II. '],
    ['Kapitel 3. Erste Schritte', 'Kapitel 3. '],
    ['  12. Patterns', '  12. '],
  ])('finds the label of %j', (text, label) => {
    expect(sectionLabel(text)).toBe(label);
  });

  it.each([
    'Rotation',
    '3D Transform',
    '8-bit, 16-bit, 32-bit',
    'Dr. Who',
    'Python 3.12 release notes',
    'os.path.join',
    'Chapter 6.',
    '6.16.',
    'version 2. lower-case words are not a label',
  ])('finds none in %j', (text) => {
    expect(sectionLabel(text)).toBe('');
  });
});

describe('eachTitleToken', () => {
  const tokens = (text: string) => {
    const out: Array<[string, number, boolean]> = [];
    eachTitleToken(text, (term, position, _start, _end, joined) =>
      out.push([term, position, joined]),
    );
    return out;
  };

  it("gives a label's tokens as joined tokens at the first word's position", () => {
    expect(tokens('6.16. Rotation Tool')).toEqual([
      ['rotation', 0, false],
      ['6', 0, true],
      ['6.16', 0, true],
      ['16', 0, true],
      ['tool', 1, false],
    ]);
  });

  it('puts the label at the first word that is not a stop word', () => {
    expect(tokens('3. The Format of Files')).toEqual([
      ['the', 0, false],
      ['format', 1, false],
      ['3', 1, true],
      ['of', 2, false],
      ['files', 3, false],
    ]);
    // Only stop words: the first word takes it.
    expect(tokens('2. Of The')).toEqual([
      ['of', 0, false],
      ['2', 0, true],
      ['the', 1, false],
    ]);
  });

  it('keeps positions in order when the first word has parts', () => {
    const positions = tokens('A.2. os.path.join helpers').map(([, position]) => position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(tokens('A.2. os.path.join helpers').filter(([, , joined]) => !joined)).toEqual([
      ['os', 0, false],
      ['path', 1, false],
      ['join', 2, false],
      ['helpers', 3, false],
    ]);
  });

  it('gives what tokenizeText gives for text without a label', () => {
    const text = 'Python 3.12 release notes';
    expect(tokens(text)).toEqual(
      tokenizeText(text).map((t) => [t.term, t.position, t.joined] as [string, number, boolean]),
    );
  });
});
