import { describe, expect, it } from 'vitest';
import { csvCell, reportCsv, toCsv } from './reportCsv';

describe('csvCell', () => {
  it('keeps a cell a spreadsheet would run as a formula as text, with a leading apostrophe', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('quotes a cell with a quote, comma or line break, doubling its quotes', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('backup restore')).toBe('backup restore');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('')).toBe('');
  });
});

describe('reportCsv', () => {
  it('writes rows with CRLF after a byte-order mark, an empty report as header and totals', () => {
    expect(toCsv([['a', 1], ['b,c']])).toBe('a,1\r\n"b,c"\r\n');
    const csv = reportCsv({
      searches: 0,
      zeroResultSearches: 0,
      clicks: 0,
      topQueries: [],
      zeroResultQueries: [],
      clickThroughByRank: [],
    });
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFTable,Query,Rank,Searches,Average results,Clicks,Click-through,Last searched (UTC)',
      'Totals,,,0,,0,,',
      'Totals: found nothing,,,0,0,,,',
      '',
    ]);
  });
});
