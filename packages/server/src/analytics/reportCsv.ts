import type { AnalyticsReport } from './AnalyticsStore';

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell, safe to open in a spreadsheet: a cell starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading apostrophe so it stays text (queries are typed by any reader);
 * a cell holding a quote, comma or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: cells escaped by {@link csvCell}, lines ended by CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** Header of the report's CSV: one row per line of every table of the analytics page. */
export const REPORT_CSV_HEADER = [
  'Table',
  'Query',
  'Rank',
  'Searches',
  'Average results',
  'Clicks',
  'Click-through',
  'Last searched (UTC)',
] as const;

const ratio = (part: number, whole: number) => (whole === 0 ? '' : (part / whole).toFixed(4));

/**
 * The report as one CSV table for spreadsheets: a `Totals` row, then the rows of `Top queries`,
 * `Found nothing` and `Rank`, named in the first column. Rates are fractions (0.2500), empty when
 * nothing was searched. Starts with a byte-order mark so spreadsheets read it as UTF-8.
 */
export function reportCsv(report: AnalyticsReport): string {
  const rows: (string | number)[][] = [
    [...REPORT_CSV_HEADER],
    [
      'Totals',
      '',
      '',
      report.searches,
      '',
      report.clicks,
      ratio(report.clicks, report.searches),
      '',
    ],
    ['Totals: found nothing', '', '', report.zeroResultSearches, 0, '', '', ''],
    ...report.topQueries.map((q) => [
      'Top queries',
      q.query,
      '',
      q.searches,
      q.averageResults.toFixed(1),
      q.clicks,
      ratio(q.clicks, q.searches),
      '',
    ]),
    ...report.zeroResultQueries.map((q) => [
      'Found nothing',
      q.query,
      '',
      q.searches,
      0,
      '',
      '',
      q.lastSearchedAt.toISOString().slice(0, 19).replace('T', ' '),
    ]),
    ...report.clickThroughByRank.map((r) => [
      'Rank',
      '',
      r.rank,
      '',
      '',
      r.clicks,
      r.rate.toFixed(4),
      '',
    ]),
  ];
  return `\uFEFF${toCsv(rows)}`;
}
