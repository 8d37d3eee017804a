import { escapeHtml } from '@docs-portal/contracts';
import { themeCss } from '@docs-portal/contracts/theme';
import type { AnalyticsReport } from './AnalyticsStore';

/** Content-Security-Policy of the analytics page: no script at all, its own inline style only. */
export const ANALYTICS_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** What the analytics page shows. */
export interface AnalyticsPageInput {
  /** The portal's base path (for the form and the JSON link). */
  basePath: string;
  /** The period's first day (`YYYY-MM-DD`), as the form shows it. */
  from: string;
  /** The period's last day. */
  to: string;
  /** The report, or null when the period asked for was refused. */
  report: AnalyticsReport | null;
  /** Why the period was refused. */
  error?: string;
}

const STYLE = `
${themeCss()}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:var(--color-ink);background:var(--color-surface);line-height:1.45}
header{padding:16px 24px;background:var(--color-brand);color:var(--color-on-brand)}
h1{margin:0;font-size:22px}
main{max-width:1100px;padding:16px 24px 48px}
form{display:flex;flex-wrap:wrap;gap:12px;align-items:end;margin:8px 0 20px}
label{display:flex;flex-direction:column;font-weight:600;font-size:14px}
input,button{min-height:38px;font:inherit;padding:4px 10px;border:1px solid var(--color-line-strong);border-radius:6px;color:var(--color-ink);background:var(--color-surface)}
button{border-color:var(--color-accent);background:var(--color-accent);color:var(--color-on-accent);cursor:pointer}
a{color:var(--color-accent)}
.error{color:var(--color-danger);font-weight:600}
.summary{display:flex;flex-wrap:wrap;gap:12px;padding:0;list-style:none}
.summary li{padding:10px 14px;border:1px solid var(--color-line);border-radius:8px;background:var(--color-canvas)}
.summary strong{display:block;font-size:20px}
.tables{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:24px}
table{width:100%;border-collapse:collapse;font-size:14px}
caption{text-align:left;font-weight:700;font-size:16px;padding-bottom:6px}
th,td{padding:6px 8px;border-bottom:1px solid var(--color-line);text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
td.q{overflow-wrap:anywhere}
`;

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

function table(caption: string, head: string[], rows: string[][], numeric: boolean[]): string {
  const cell = (tag: 'th' | 'td', text: string, i: number) =>
    `<${tag}${numeric[i] ? ' class="n"' : tag === 'td' && i === 0 ? ' class="q"' : ''}>${text}</${tag}>`;
  const body =
    rows.length === 0
      ? `<tr><td colspan="${head.length}">Nothing in this period.</td></tr>`
      : rows
          .map((row) => `<tr>${row.map((text, i) => cell('td', text, i)).join('')}</tr>`)
          .join('');
  const header = head
    .map((text, i) => cell('th', text, i).replace('<th', '<th scope="col"'))
    .join('');
  return `<table><caption>${caption}</caption><thead><tr>${header}</tr></thead><tbody>${body}</tbody></table>`;
}

function reportHtml(report: AnalyticsReport): string {
  const rate = (clicks: number, searches: number) =>
    searches === 0 ? '–' : percent(clicks / searches);
  const summary = [
    ['Searches', String(report.searches)],
    [
      'Found nothing',
      `${report.zeroResultSearches} (${rate(report.zeroResultSearches, report.searches)})`,
    ],
    ['Result clicks', String(report.clicks)],
    ['Click-through', rate(report.clicks, report.searches)],
  ]
    .map(([label, value]) => `<li>${label}<strong>${escapeHtml(value ?? '')}</strong></li>`)
    .join('');
  const top = table(
    'Top queries',
    ['Query', 'Searches', 'Avg. results', 'Clicks', 'Click-through'],
    report.topQueries.map((q) => [
      escapeHtml(q.query),
      String(q.searches),
      q.averageResults.toFixed(1),
      String(q.clicks),
      rate(q.clicks, q.searches),
    ]),
    [false, true, true, true, true],
  );
  const zero = table(
    'Queries that found nothing',
    ['Query', 'Searches', 'Last searched (UTC)'],
    report.zeroResultQueries.map((q) => [
      escapeHtml(q.query),
      String(q.searches),
      escapeHtml(q.lastSearchedAt.toISOString().slice(0, 16).replace('T', ' ')),
    ]),
    [false, true, false],
  );
  const ranks = table(
    'Click-through by rank',
    ['Rank', 'Clicks', 'Share of searches'],
    report.clickThroughByRank.map((r) => [String(r.rank), String(r.clicks), percent(r.rate)]),
    [true, true, true],
  );
  return `<ul class="summary">${summary}</ul><div class="tables">${top}${zero}${ranks}</div>`;
}

/**
 * The employees' search analytics page: a form choosing the period, the totals, and tables of top
 * queries, queries that found nothing and click-through by rank. Every value is escaped; the page
 * needs no script.
 */
export function renderAnalyticsPage(input: AnalyticsPageInput): string {
  const base = escapeHtml(input.basePath);
  const from = escapeHtml(input.from);
  const to = escapeHtml(input.to);
  const json = `${base}/analytics/report?from=${encodeURIComponent(input.from)}&amp;to=${encodeURIComponent(input.to)}`;
  const body = input.report
    ? `<p>From ${from} to ${to} (UTC days, both included) · <a href="${json}">as JSON</a></p>${reportHtml(input.report)}`
    : `<p class="error" role="alert">${escapeHtml(input.error ?? 'That period cannot be shown.')}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Search analytics</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>Search analytics</h1></header>
<main>
<form method="get" action="${base}/analytics">
<label>From <input type="date" name="from" value="${from}" required></label>
<label>To <input type="date" name="to" value="${to}" required></label>
<button type="submit">Show</button>
</form>
${body}
</main>
</body>
</html>
`;
}
