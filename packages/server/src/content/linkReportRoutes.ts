import path from 'node:path';
import { escapeHtml } from '@docs-portal/contracts/safety';
import { themeCss } from '@docs-portal/contracts/theme';
import type { FastifyInstance } from 'fastify';
import { canRead } from '../access/canRead';
import { canSeeAnalytics } from '../access/canSeeAnalytics';
import type { DocSetConfig } from '../config/schema';
import { readLinkReport, type LinkReport } from './linkIntegrity';
import type { ServedReleases } from './ServedReleases';

/** Options of {@link linkReportRoutes}. */
export interface LinkReportRoutesOptions {
  /** The served releases, whose folders hold the reports. */
  library: ServedReleases;
  /** The portal's base path. */
  basePath: string;
  /** The product name of the header band. */
  productName: string;
}

/** One doc set's last link report as the page and the JSON show it. */
export interface DocSetLinkReport {
  docSetId: string;
  title: string;
  /** The release served now, or null when nothing is published. */
  release: number | null;
  /** Its report, or null when it has none (published before link checks existed). */
  report: LinkReport | null;
}

/** Broken links the page lists per doc set at most (the JSON has the whole report). */
export const PAGE_ROWS = 200;

const STYLE = `${themeCss()}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:var(--color-ink);background:var(--color-canvas);line-height:1.5}
a{color:var(--color-accent)}
a:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
header{color:var(--color-on-brand);background:var(--color-brand)}
.bar{max-width:1200px;margin:0 auto;padding:.75rem 1.5rem;display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
.bar a{color:var(--color-on-brand);font-weight:600}
.bar a:focus-visible{outline-color:var(--color-focus-on-brand)}
.brand{display:inline-flex;align-items:center;gap:.625rem;font-size:1.125rem;text-decoration:none}
main{max-width:1200px;margin:0 auto;padding:2rem 1.5rem 4rem}
h1{margin:0 0 1rem;font-size:1.75rem}
section{margin:1.5rem 0;padding:1rem 1.25rem;background:var(--color-surface);border:1px solid var(--color-line-strong);border-radius:8px}
h2{margin:0 0 .25rem;font-size:1.25rem}
.meta{margin:0 0 .75rem;color:var(--color-ink-muted)}
.count{font-weight:600}
.table{overflow-x:auto}
table{width:100%;border-collapse:collapse;font-size:.9375rem}
th,td{padding:.375rem .5rem;text-align:left;vertical-align:top;border-bottom:1px solid var(--color-line-strong);overflow-wrap:break-word}
th{font-weight:600}
.new{font-weight:700}
@media (max-width:640px){main{padding:1.25rem 1rem 3rem}h1{font-size:1.5rem}section{padding:.75rem 1rem}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
tr{display:block;padding:.5rem 0;border-bottom:1px solid var(--color-line-strong)}
td{display:block;padding:.125rem 0;border:0}
td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:var(--color-ink-muted)}
td:empty{display:none}}
`;

/** Content-Security-Policy of the link report page: its own style, portal images, nothing else. */
export const LINK_REPORT_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const REASONS: Record<LinkReport['broken'][number]['reason'], string> = {
  missing_page: 'no page there',
  missing_anchor: 'no such section',
  outside_doc_sets: 'outside every doc set',
};

function docSetSection(entry: DocSetLinkReport, basePath: string, mount: string): string {
  const title = `<h2>${escapeHtml(entry.title)}</h2>`;
  if (entry.release === null)
    return `<section>${title}<p class="meta">Nothing published yet.</p></section>`;
  const report = entry.report;
  if (!report) {
    return `<section>${title}<p class="meta">Release ${entry.release} was published before links were checked; the next publish writes a report.</p></section>`;
  }
  const meta = `<p class="meta">Release ${report.release}, checked ${escapeHtml(report.checkedAt.replace('T', ' ').slice(0, 16))} UTC: ${report.links} internal links on ${report.pages} pages, <span class="count">${report.brokenCount} broken</span>${report.compared ? `, ${report.newCount} new in this release` : ''}.</p>`;
  if (report.broken.length === 0) return `<section>${title}${meta}</section>`;
  const prefix = `${basePath}/${mount}`;
  const rows = report.broken
    .slice(0, PAGE_ROWS)
    .map(
      (b) =>
        `<tr><td data-label="Page"><a href="${escapeHtml(`${prefix}/${b.page.split('/').map(encodeURIComponent).join('/')}`)}">${escapeHtml(b.page)}</a></td><td data-label="Link">${escapeHtml(b.href)}</td><td data-label="Problem">${REASONS[b.reason]}</td><td data-label="Since"${b.new ? ' class="new">this release' : '>earlier'}</td></tr>`,
    )
    .join('');
  const more =
    report.brokenCount > PAGE_ROWS
      ? `<p class="meta">The first ${PAGE_ROWS} of ${report.brokenCount} are listed; the JSON report has the others.</p>`
      : '';
  return `<section>${title}${meta}<div class="table"><table><thead><tr><th scope="col">Page</th><th scope="col">Link</th><th scope="col">Problem</th><th scope="col">Since</th></tr></thead><tbody>${rows}</tbody></table></div>${more}</section>`;
}

/** The employees' page of the last link report of each doc set. Every text is escaped. */
export function renderLinkReportPage(
  entries: readonly DocSetLinkReport[],
  docSets: readonly DocSetConfig[],
  basePath: string,
  productName: string,
): string {
  const base = escapeHtml(basePath);
  const mounts = new Map(docSets.map((d) => [d.id, d.mount]));
  const sections = entries
    .map((entry) => docSetSection(entry, basePath, mounts.get(entry.docSetId) ?? ''))
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Broken links · ${escapeHtml(productName)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><a class="brand" href="${base}/ui/"><img src="${base}/ui/icons/logo.svg" alt="" width="32" height="32"><span>${escapeHtml(productName)}</span></a><a href="${base}/analytics/links.json">Full reports (JSON)</a></div></header>
<main>
<h1>Broken links at the last publish</h1>
${sections || '<p>No doc sets are configured.</p>'}
</main>
</body>
</html>
`;
}

/**
 * The last broken-link report of each doc set (the one written next to its served release), for
 * employees only (`canSeeAnalytics`, then `canRead` per doc set); anyone else gets the portal's
 * one not-found answer:
 * - `GET /analytics/links` an HTML page;
 * - `GET /analytics/links.json` the reports whole.
 */
export async function linkReportRoutes(
  app: FastifyInstance,
  options: LinkReportRoutesOptions,
): Promise<void> {
  const { library, basePath, productName } = options;
  const collect = async (user: NonNullable<Parameters<typeof canSeeAnalytics>[0]>) => {
    const entries: DocSetLinkReport[] = [];
    for (const docSet of library.docSets) {
      if (!canRead(user, docSet)) continue;
      const index = library.current(docSet.id);
      entries.push({
        docSetId: docSet.id,
        title: docSet.title,
        release: index?.release ?? null,
        report: index ? await readLinkReport(path.join(index.dir)) : null,
      });
    }
    return entries;
  };
  app.get('/analytics/links.json', async (request, reply) => {
    if (!request.user || !canSeeAnalytics(request.user)) return reply.callNotFound();
    return reply.header('cache-control', 'no-store').send({ docSets: await collect(request.user) });
  });
  app.get('/analytics/links', async (request, reply) => {
    if (!request.user || !canSeeAnalytics(request.user)) return reply.callNotFound();
    const html = renderLinkReportPage(
      await collect(request.user),
      library.docSets,
      basePath,
      productName,
    );
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', LINK_REPORT_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
