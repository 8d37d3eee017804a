import { escapeHtml } from '@docs-portal/contracts';
import type { DocSetConfig } from '../../config/schema';
import { numberCell, queryCell, table, th, type Cell } from '../analyticsPage';
import { GAP_ACTION_LABELS, GAP_KIND_LABELS, pageAddress, type GapItem } from './contentGaps';
import { FEEDBACK_REASON_LABELS, type StoredFeedback } from './FeedbackEvents';

/** The doc set choice of the analytics page's form: "All doc sets" and each readable one. */
export function docSetSelectHtml(readable: readonly DocSetConfig[], chosen?: string): string {
  const options = readable
    .map(
      (d) =>
        `<option value="${escapeHtml(d.id)}"${d.id === chosen ? ' selected' : ''}>${escapeHtml(d.title)}</option>`,
    )
    .join('');
  return `<label>Doc set <select name="docSet"><option value="">All doc sets</option>${options}</select></label>\n`;
}

const text = (value: string): Cell => ({ html: escapeHtml(value) });

/** The page's address in the portal, for a link (escaped by the caller). */
function pageHref(
  basePath: string,
  docSet: DocSetConfig | undefined,
  page: string,
  anchor?: string | null,
) {
  if (!docSet) return null;
  return `${pageAddress(basePath, docSet, page)}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}

function pageCell(href: string | null, label: string): Cell {
  const shown = escapeHtml(label);
  return { html: href ? `<a href="${escapeHtml(href)}">${shown}</a>` : shown, kind: 'q' };
}

/**
 * The employees' feedback list and content-gap list as sections of the analytics page. Every
 * value (page paths, comments, queries, doc set titles) is escaped; the lists hold only doc sets
 * the viewer may read (the caller's `readable`).
 */
export function feedbackSectionsHtml(input: {
  basePath: string;
  readable: readonly DocSetConfig[];
  feedback: readonly StoredFeedback[];
  gaps: readonly GapItem[];
  /** `from=...&to=...[&docSet=...]`, already URL-encoded. */
  query: string;
}): string {
  const base = input.basePath;
  const byId = new Map(input.readable.map((d) => [d.id, d]));
  const feedbackRows = input.feedback.map((f) => {
    const docSet = byId.get(f.docSetId);
    return [
      numberCell(f.at.toISOString().slice(0, 16).replace('T', ' ')),
      text(docSet?.title ?? f.docSetId),
      pageCell(
        pageHref(base, docSet, f.page, f.anchor),
        f.anchor ? `${f.page}#${f.anchor}` : f.page,
      ),
      text(f.helpful ? 'Yes' : 'No'),
      text(f.reason ? FEEDBACK_REASON_LABELS[f.reason] : ''),
      queryCell(f.comment ?? ''),
      text(f.kind),
    ];
  });
  const feedbackTable = table(
    'page-feedback',
    'Was this page helpful? Answers, newest first',
    [
      th('When (UTC)', true),
      th('Doc set'),
      th('Page'),
      th('Helpful'),
      th('Reason'),
      th('Comment'),
      th('Reader'),
    ],
    feedbackRows,
    true,
  );
  const gapRows = input.gaps.map((g) => {
    const docSet = g.docSetId ? byId.get(g.docSetId) : undefined;
    const isPage = g.kind !== 'zero-result' && g.kind !== 'no-click' && g.kind !== 'reformulated';
    const [page, anchor] = isPage ? g.subject.split('#', 2) : [g.subject, undefined];
    const href =
      isPage && g.kind !== 'missing-page' && g.kind !== 'missing-anchor'
        ? pageHref(base, docSet, page ?? '', anchor)
        : null;
    return [
      text(GAP_KIND_LABELS[g.kind]),
      text(g.docSetTitle ?? 'All'),
      isPage ? pageCell(href, g.subject) : queryCell(g.subject),
      numberCell(String(g.count)),
      queryCell([...(g.reasons ?? []), ...g.samples].join(' · ')),
      text(GAP_ACTION_LABELS[g.action]),
    ];
  });
  const gapTable = table(
    'content-gaps',
    'Content gaps, most frequent first',
    [
      th('Gap'),
      th('Doc set'),
      th('Query or page'),
      th('Count', true),
      th('Samples'),
      th('Suggested action'),
    ],
    gapRows,
    true,
  );
  const q = escapeHtml(input.query);
  return `<div class="section"><h2 id="gaps-title">Content gaps</h2><p>What readers could not find or did not like · <a href="${escapeHtml(base)}/analytics/gaps.csv?${q}">Download the gaps as CSV</a> · <a href="${escapeHtml(base)}/analytics/gaps?${q}">the gaps as JSON</a></p><div class="tables">${gapTable}</div></div>
<div class="section"><h2 id="feedback-title">Page feedback</h2><p><a href="${escapeHtml(base)}/analytics/feedback?${q}">Answers as JSON</a></p><div class="tables">${feedbackTable}</div></div>`;
}
