import { describe, expect, it } from 'vitest';
import { addWordTable, buildSnippet, findTerms, markRanges, searchableText } from './buildSnippet';

const stripMarks = (html: string) => html.replace(/<\/?mark>/g, '');

describe('buildSnippet', () => {
  it('escapes everything but the <mark> tags it adds', () => {
    const text =
      'Run <script>alert(1)</script> then <img src=x onerror="alert(2)"> to restore & verify.';
    const snippet = buildSnippet(text, new Map([['restore', 0]]));
    expect(snippet).toContain('<mark>restore</mark>');
    expect(stripMarks(snippet)).not.toMatch(/[<>"]/);
    expect(snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(snippet).toContain('onerror=&quot;alert(2)&quot;&gt;');
  });

  it('centres on the passage with the most distinct query words', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(30);
    const text = `backup first. ${filler} the backup policy sets retention here. ${filler}`;
    const snippet = buildSnippet(
      text,
      new Map([
        ['backup', 0],
        ['retention', 1],
      ]),
    );
    expect(snippet).toContain('<mark>backup</mark> policy sets <mark>retention</mark>');
    expect(snippet.startsWith('\u2026')).toBe(true);
    expect(snippet.endsWith('\u2026')).toBe(true);
  });

  it('marks whole identifiers and folded words, and starts at the top when nothing matches', () => {
    expect(buildSnippet('Call os.path.join() here', new Map([['os.path.join', 0]]))).toBe(
      'Call <mark>os.path.join</mark>() here',
    );
    expect(buildSnippet('Le café ouvert', new Map([['cafe', 0]]))).toBe(
      'Le <mark>café</mark> ouvert',
    );
    expect(buildSnippet('Nothing to see', new Map([['absent', 0]]))).toBe('Nothing to see');
  });

  it('finds folded words and plain ones in the same text, each once', () => {
    const text = 'The naïve café→bar keeps a café list; the bar opens at nine.';
    const hits = findTerms(
      text,
      new Map([
        ['cafe', 0],
        ['bar', 1],
        ['naive', 2],
      ]),
    );
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual([
      'naïve',
      'café',
      'bar',
      'café',
      'bar',
    ]);
  });

  it('finds every form of a word and each term inside a longer one, as a search per term would', () => {
    const text =
      'Reports: reporting, report-writer, reported v10.5, reportage and 10.5. 10 reports';
    const terms = new Map([
      ['reported', 2],
      ['report', 0],
      ['10', 3],
      ['reports', 1],
      ['10.5', 3],
      ['reporting', 0],
      ['5', 4],
    ]);
    const hits = findTerms(text, terms);
    expect(hits.map((h) => [text.slice(h.start, h.end), h.group])).toEqual([
      ['Reports', 1],
      ['reporting', 0],
      ['report', 0],
      ['reported', 2],
      ['5', 4],
      ['10.5', 3],
      ['10', 3],
      ['5', 4],
      ['10', 3],
      ['reports', 1],
    ]);
  });

  it('finds the same words in a long text through its table of words as term by term', () => {
    const paragraph =
      'Reports: reporting, report-writer, reported v10.5 and 10.5; the naïve café→bar keeps ' +
      'os.path.join() beside __init__ and --dry-run. Report “quoted” reports end with report';
    const text = Array.from({ length: 12 }, (_, i) => `${paragraph} ${i}.`).join(' ');
    const terms = new Map([
      ['report', 0],
      ['reports', 1],
      ['reported', 2],
      ['10', 3],
      ['10.5', 3],
      ['5', 4],
      ['cafe', 5],
      ['bar', 6],
      ['naive', 7],
      ['os.path.join', 8],
      ['join', 8],
      ['__init__', 9],
      ['init', 9],
      ['dry', 10],
      ['quoted', 11],
      ['absent', 12],
      ['11', 13],
    ]);
    const byTerm = searchableText(text, false);
    const byTable = searchableText(text, true);
    expect(byTerm.words).toBeUndefined();
    expect(byTable.words?.length).toBeGreaterThan(200);
    const found = findTerms(byTable, terms);
    expect(found).toEqual(findTerms(byTerm, terms));
    const said = (word: string) => found.filter((h) => text.slice(h.start, h.end) === word).length;
    expect([said('Reports'), said('reports'), said('report'), said('Report'), said('11')]).toEqual([
      12, 12, 24, 12, 1,
    ]);
    expect(said('café')).toBe(12);
  });

  it('gives a word table only to long texts that keep their length when lower-cased', () => {
    expect(addWordTable(searchableText('short text')).words).toBeUndefined();
    const long = 'word '.repeat(300);
    expect(addWordTable(searchableText(long, false)).words?.length).toBe(300);
    // `İ` lower-cases to two characters: such a text is searched by its tokens instead.
    const turkish = searchableText(`İstanbul ${long}`);
    expect(turkish.tokens).toBeDefined();
    expect(addWordTable(turkish).words).toBeUndefined();
    expect(findTerms(turkish, new Map([['word', 0]]))).toHaveLength(300);
  });

  it('merges overlapping ranges into one mark', () => {
    expect(
      markRanges('abcdef', [
        [0, 3],
        [2, 5],
      ]),
    ).toBe('<mark>abcde</mark>f');
  });
});
