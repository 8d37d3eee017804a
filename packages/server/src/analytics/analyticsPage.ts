import { escapeHtml } from '@docs-portal/contracts';
import { themeCss } from '@docs-portal/contracts/theme';
import type { AnalyticsReport } from './AnalyticsStore';
import type { PeriodProblem } from './periodProblem';

/** Content-Security-Policy of the analytics page: no script at all, its own inline style and the portal's logo only. */
export const ANALYTICS_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** What the analytics page shows. */
export interface AnalyticsPageInput {
  /** The portal's base path (for the form, the links and the logo). */
  basePath: string;
  /** The product name shown in the header band, as the web app shows it. */
  productName: string;
  /** The period's first day (`YYYY-MM-DD`), as the form shows it. */
  from: string;
  /** The period's last day. */
  to: string;
  /** The report, or null when the period asked for was refused. */
  report: AnalyticsReport | null;
  /** Why the period was refused, in the reader's words. */
  problem?: PeriodProblem;
  /** Extra fields of the period form (already escaped markup), e.g. the doc set choice. */
  formFieldsHtml?: string;
  /** Sections shown after the report (already escaped markup): feedback and content gaps. */
  sectionsHtml?: string;
}

/** Queries longer than this many characters also carry their full text as a title. */
const TITLED_QUERY_LENGTH = 40;
/** A query with a word this long is cut on one line (with an ellipsis) rather than broken inside the word. */
const CUT_WORD_LENGTH = 30;

/*
 * Colours come from the shared token block (light and dark); the layout values match the web
 * app's (packages/web/src/styles/global.css).
 */
const TOKENS = `${themeCss()}
:root{--radius:8px;--radius-small:4px;--font-sans:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;--content-width:1200px}
`;

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:var(--font-sans);font-size:1rem;line-height:1.5;color:var(--color-ink);background:var(--color-canvas)}
a{color:var(--color-accent);text-underline-offset:.15em}
a:hover{color:var(--color-accent-hover)}
:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px;border-radius:var(--radius-small)}
.band{color:var(--color-on-brand);background:var(--color-brand)}
.band :focus-visible{outline-color:var(--color-focus-on-brand)}
.band-bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1.5rem;max-width:var(--content-width);margin:0 auto;padding:.75rem 1.5rem}
.brand{display:inline-flex;align-items:center;gap:.625rem;font-size:1.125rem;font-weight:700;color:var(--color-on-brand);text-decoration:none}
.brand:hover,.back:hover{color:var(--color-on-brand)}
.back{padding:.375rem .75rem;border:1px solid var(--color-on-brand-muted);border-radius:var(--radius-small);color:var(--color-on-brand);text-decoration:none;font-size:.9375rem}
main{max-width:var(--content-width);margin:0 auto;padding:1.5rem 1.5rem 3rem}
h1{margin:0 0 .75rem;font-size:1.5rem}
form{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin:0 0 1rem}
label{display:flex;flex-direction:column;font-weight:600;font-size:.875rem}
input,select,button{min-height:2.5rem;font:inherit;padding:.25rem .625rem;border:1px solid var(--color-line-strong);border-radius:var(--radius-small);color:var(--color-ink);background:var(--color-surface)}
input[aria-invalid=true]{border:2px solid var(--color-danger)}
button{border-color:var(--color-accent);background:var(--color-accent);color:var(--color-on-accent);font-weight:600;cursor:pointer}
button:hover{background:var(--color-accent-hover)}
.error{margin:0 0 1rem;padding:.75rem 1rem;border-left:4px solid var(--color-danger);background:var(--color-danger-soft);color:var(--color-danger);font-weight:600}
.period{margin:0 0 1rem;color:var(--color-ink-muted)}
.summary{display:flex;flex-wrap:wrap;gap:.75rem;margin:0 0 1.5rem;padding:0;list-style:none}
.summary li{padding:.625rem .875rem;border:1px solid var(--color-line);border-radius:var(--radius);background:var(--color-surface)}
.summary strong{display:block;font-size:1.25rem}
.tables{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,30rem),1fr));gap:1.5rem}
.table-box{min-width:0;padding:.75rem;border:1px solid var(--color-line);border-radius:var(--radius);background:var(--color-surface)}
.table-box h2{margin:0 0 .5rem;font-size:1rem}
.scroll{overflow-x:auto}
table{width:100%;border-collapse:collapse;font-size:.875rem}
th,td{padding:.375rem .5rem;border-bottom:1px solid var(--color-line);text-align:left;vertical-align:top;overflow-wrap:normal;word-break:normal;hyphens:manual}
thead th{color:var(--color-ink-muted);font-weight:600}
.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.q{min-width:8rem}
.q span{display:block;max-width:20rem;overflow:hidden;text-overflow:ellipsis}
.q .cut{white-space:nowrap}
.wide{grid-column:1/-1}
.section{margin-top:2rem}
.section>h2{margin:0 0 .5rem;font-size:1.25rem}
.section>p{margin:0 0 1rem;color:var(--color-ink-muted)}
@media (max-width:40rem){.band-bar,main{padding-left:1rem;padding-right:1rem}.q span{max-width:12rem}}
`;

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** A table cell: text already escaped; `kind` sets its alignment and wrapping. */
export interface Cell {
  html: string;
  kind?: 'n' | 'q';
}

/** A cell holding a query (or other reader-typed text), escaped, cut when very long. */
export function queryCell(query: string): Cell {
  const text = escapeHtml(query);
  const title = query.length > TITLED_QUERY_LENGTH ? ` title="${text}"` : '';
  const cut = query.split(' ').some((word) => word.length > CUT_WORD_LENGTH) ? ' class="cut"' : '';
  return { html: `<span${cut}${title}>${text}</span>`, kind: 'q' };
}

/** A right-aligned cell of a number, escaped. */
export const numberCell = (text: string): Cell => ({ html: escapeHtml(text), kind: 'n' });

/** A captioned table box of the page (`id` names its heading); sideways scrolling on narrow screens. */
export function table(
  id: string,
  caption: string,
  head: Cell[],
  rows: Cell[][],
  wide = false,
): string {
  const attrs = (cell: Cell) => (cell.kind ? ` class="${cell.kind}"` : '');
  const body =
    rows.length === 0
      ? `<tr><td colspan="${head.length}">Nothing in this period.</td></tr>`
      : rows
          .map((row) => `<tr>${row.map((c) => `<td${attrs(c)}>${c.html}</td>`).join('')}</tr>`)
          .join('');
  const header = head.map((c) => `<th scope="col"${attrs(c)}>${c.html}</th>`).join('');
  // The region scrolls sideways on narrow screens; focusable so keyboards can scroll it too.
  return `<div class="table-box${wide ? ' wide' : ''}"><h2 id="${id}">${caption}</h2><div class="scroll" role="region" aria-labelledby="${id}" tabindex="0"><table aria-labelledby="${id}"><thead><tr>${header}</tr></thead><tbody>${body}</tbody></table></div></div>`;
}

/** A header cell (`text` is trusted markup). */
export const th = (text: string, numeric = false): Cell => ({
  html: text,
  kind: numeric ? 'n' : undefined,
});

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
    'top-queries',
    'Top queries',
    [
      th('Query'),
      th('Searches', true),
      th('Avg. results', true),
      th('Clicks', true),
      th('Click-through', true),
    ],
    report.topQueries.map((q) => [
      queryCell(q.query),
      numberCell(String(q.searches)),
      numberCell(q.averageResults.toFixed(1)),
      numberCell(String(q.clicks)),
      numberCell(rate(q.clicks, q.searches)),
    ]),
    true,
  );
  const zero = table(
    'zero-queries',
    'Queries that found nothing',
    [th('Query'), th('Searches', true), th('Last searched (UTC)', true)],
    report.zeroResultQueries.map((q) => [
      queryCell(q.query),
      numberCell(String(q.searches)),
      numberCell(q.lastSearchedAt.toISOString().slice(0, 16).replace('T', ' ')),
    ]),
    true,
  );
  const ranks = table(
    'ranks',
    'Click-through by rank',
    [th('Rank', true), th('Clicks', true), th('Share of searches', true)],
    report.clickThroughByRank.map((r) => [
      numberCell(String(r.rank)),
      numberCell(String(r.clicks)),
      numberCell(percent(r.rate)),
    ]),
  );
  return `<ul class="summary" aria-label="Totals">${summary}</ul><div class="tables">${top}${zero}${ranks}</div>`;
}

function dateInput(name: 'from' | 'to', label: string, value: string, problem?: PeriodProblem) {
  const invalid = problem?.fields.includes(name)
    ? ' aria-invalid="true" aria-describedby="period-problem"'
    : '';
  return `<label>${label} <input type="date" name="${name}" value="${escapeHtml(value)}" required${invalid}></label>`;
}

/**
 * The employees' search analytics page in the portal's look: a header band with the logo, the
 * product name and a way back to the portal; a form choosing the period; the totals; tables of
 * top queries, queries that found nothing and click-through by rank; links to the same report as
 * CSV and JSON. Every value is escaped; the page needs no script.
 */
export function renderAnalyticsPage(input: AnalyticsPageInput): string {
  const base = escapeHtml(input.basePath);
  const period = `from=${encodeURIComponent(input.from)}&amp;to=${encodeURIComponent(input.to)}`;
  const body = input.report
    ? `<p class="period">From ${escapeHtml(input.from)} to ${escapeHtml(input.to)} (UTC days, both included) · <a href="${base}/analytics/report.csv?${period}">Download as CSV</a> · <a href="${base}/analytics/report?${period}">as JSON</a></p>${reportHtml(input.report)}`
    : `<p class="error" id="period-problem" role="alert">${escapeHtml(input.problem?.message ?? 'That period cannot be shown.')}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Search analytics · ${escapeHtml(input.productName)}</title>
<style>${TOKENS}${STYLE}</style>
</head>
<body>
<header class="band"><div class="band-bar">
<a class="brand" href="${base}/ui/"><img src="${base}/ui/icons/logo.svg" alt="" width="32" height="32"><span>${escapeHtml(input.productName)}</span></a>
<a class="back" href="${base}/ui/">Back to the portal</a>
</div></header>
<main>
<h1>Search analytics</h1>
<p><a href="${base}/analytics/links">Broken links at the last publish</a></p>
<p><a href="${base}/ui/relevance">Relevance workbench: pin, boost and bury results, replay before publishing</a></p>
<form method="get" action="${base}/analytics" aria-label="Period">
${dateInput('from', 'From', input.from, input.problem)}
${dateInput('to', 'To', input.to, input.problem)}
${input.formFieldsHtml ?? ''}<button type="submit">Show</button>
</form>
${body}
${input.report ? (input.sectionsHtml ?? '') : ''}
</main>
</body>
</html>
`;
}
