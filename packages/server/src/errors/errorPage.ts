import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { escapeHtml } from '@docs-portal/contracts/safety';
import { themeCss } from '@docs-portal/contracts/theme';
import { wordsOf } from '@docs-portal/contracts/text';

/** What an error page needs from the config: where the portal lives and whose it is. */
export interface ErrorPageSite {
  /** The portal's base path: home link, logo, search route. */
  basePath: string;
  /** The documentation site's name (config brand). */
  productName: string;
  /** The vendor's name, for the footer. */
  companyName: string;
}

/** The statuses that get a page of their own; anything else keeps its JSON answer. */
export type ErrorPageStatus = 403 | 404 | 500 | 503;

const TEXTS: Record<ErrorPageStatus, { title: string; lead: string }> = {
  403: {
    title: 'You cannot open this page',
    lead: 'Your account does not give access to this address. Search for what you need instead.',
  },
  404: {
    title: 'Page not found',
    lead: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  },
  500: {
    title: 'Something went wrong',
    lead: 'The portal could not answer this request. Please try again in a moment.',
  },
  503: {
    title: 'The portal is busy',
    lead: 'A service the portal needs does not answer right now. Please try again in a moment.',
  },
};

/** Path segments that say nothing about what a reader looked for. */
const NOISE = new Set(['content', 'htm', 'html', 'index', 'default', 'web', 'ui', 'docs', 'www']);

/** Most words carried from a missing address into the search box. */
const MAX_WORDS = 8;

/**
 * The words of a missing address worth searching for: the path below the base path split at
 * punctuation and camel case (`WebHelios/Content/RestoreVM.htm` gives `Helios Restore VM`),
 * without file extensions, numbers and generator folders. Empty when nothing is left.
 */
export function searchWordsOf(url: string, basePath: string): string {
  let pathname = url.split(/[?#]/)[0] ?? '';
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A broken escape is still worth its plain letters, not its hex digits.
    pathname = pathname.replace(/%[0-9a-f]{0,2}/gi, ' ');
  }
  if (basePath && pathname.startsWith(basePath)) pathname = pathname.slice(basePath.length);
  // Words as the search index reads them (a Hindi word keeps its vowel signs), split at `_` too.
  const words = wordsOf(
    pathname
      .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .replaceAll('_', ' '),
  ).filter((word) => word.length > 1 && !/^\d+$/.test(word) && !NOISE.has(word.toLowerCase()));
  return [...new Set(words)].slice(0, MAX_WORDS).join(' ').slice(0, 200);
}

/**
 * The error page status for an error the handler is given, or undefined when the error keeps its
 * JSON answer whatever asked (validation problems, 401, 405, 413...). Anything without a status
 * is unexpected: a 500.
 */
export function errorPageStatusOf(error: Error): ErrorPageStatus | undefined {
  if (error instanceof ZodError) return undefined;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 403 || status === 404 || status === 503) return status;
  if (typeof status !== 'number' || status >= 500) return 500;
  return undefined;
}

/**
 * True when `request` is a browser navigating to a page (Sec-Fetch-Mode `navigate`, or a GET
 * whose Accept asks for HTML), as opposed to a script calling the API: only navigations get a
 * page, API calls keep the JSON error.
 */
export function isPageNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

const STYLE = `
${themeCss()}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:var(--color-ink);line-height:1.5;background:var(--color-canvas)}
a{color:var(--color-accent)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
header{color:var(--color-on-brand);background:var(--color-brand)}
.bar{max-width:1200px;margin:0 auto;padding:.75rem 1.5rem}
.brand{display:inline-flex;align-items:center;gap:.625rem;font-size:1.125rem;font-weight:700;color:var(--color-on-brand);text-decoration:none}
.brand:focus-visible{outline-color:var(--color-focus-on-brand)}
main{flex:1;width:100%;max-width:720px;margin:0 auto;padding:3rem 1.5rem 4rem}
.code{margin:0;font-size:.875rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:var(--color-ink-muted)}
h1{margin:.25rem 0 .75rem;font-size:2rem;line-height:1.2}
p{margin:.5rem 0;color:var(--color-ink-muted)}
form{margin:2rem 0 1.5rem}
label{display:block;margin-bottom:.375rem;font-weight:600}
.row{display:flex;gap:.5rem}
input{flex:1;min-width:0;min-height:44px;padding:.5rem .75rem;font:inherit;color:var(--color-ink);background:var(--color-surface);border:1px solid var(--color-line-strong);border-radius:8px}
button{min-height:44px;padding:.5rem 1.25rem;font:inherit;font-weight:600;color:var(--color-on-accent);background:var(--color-accent);border:0;border-radius:8px;cursor:pointer}
button:hover{background:var(--color-accent-hover)}
.home{font-weight:600}
.notice{color:var(--color-ink)}
h2{margin:1.75rem 0 .5rem;font-size:1.125rem}
.suggestions{margin:0;padding-left:1.25rem}
.suggestions li{margin:.375rem 0}
.where{font-size:.875rem;color:var(--color-ink-muted)}
footer{position:fixed;bottom:0;left:0;right:0;height:30px;display:flex;align-items:center;justify-content:center;font-size:.8125rem;color:var(--color-on-brand-muted);background:var(--color-brand)}
@media (max-width:480px){.row{flex-direction:column}h1{font-size:1.625rem}main{padding-top:2rem}}
`;

// Without JavaScript the form's GET still reaches the search page (?searchString=...); with it,
// the words go into the route's own path parameter.
const SCRIPT = `(function () {
  var form = document.getElementById('error-search');
  form.addEventListener('submit', function (event) {
    var words = form.elements.searchString.value.trim();
    event.preventDefault();
    window.location.assign(form.getAttribute('action') + '/' + encodeURIComponent(words));
  });
})();`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Content-Security-Policy of the error pages: their own inline style and script, portal images. */
export const ERROR_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** What one error page shows. */
export interface ErrorPageInput extends ErrorPageSite {
  /** The answer's status. */
  status: ErrorPageStatus;
  /** What the search box starts with (usually {@link searchWordsOf} the missing address). */
  searchWords: string;
  /** The footer's copyright year. */
  year: number;
  /** Said right under the lead, e.g. "This page was removed in release 4." */
  notice?: string;
  /** Pages to offer instead (already limited to what the reader may open). */
  suggestions?: ReadonlyArray<ErrorPageSuggestion>;
}

/** A page an error page offers instead of the missing one. */
export interface ErrorPageSuggestion {
  /** Its title. */
  title: string;
  /** Its address: a path under the portal (anything else is not shown). */
  url: string;
  /** Where it lives, e.g. the doc set's title. */
  context: string;
}

/**
 * The portal-styled error page a browser navigation gets instead of JSON: the header with the
 * site's name, what happened, a search box prefilled with the address's words that opens the web
 * app's search route, and a link home. Light (no framework), and every text is escaped.
 */
export function renderErrorPage(input: ErrorPageInput): string {
  const base = escapeHtml(input.basePath);
  const product = escapeHtml(input.productName);
  const { title, lead } = TEXTS[input.status];
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${product}</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><a class="brand" href="${base}/ui/"><img src="${base}/ui/icons/logo.svg" alt="" width="32" height="32"><span>${product}</span></a></div></header>
<main>
<p class="code">Error ${input.status}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(lead)}</p>
${input.notice ? `<p class="notice"><strong>${escapeHtml(input.notice)}</strong></p>\n` : ''}${suggestionList(input)}<form id="error-search" role="search" method="get" action="${base}/ui/search">
<label for="error-search-words">Search the documentation</label>
<div class="row"><input id="error-search-words" type="search" name="searchString" autocomplete="off" value="${escapeHtml(input.searchWords)}"><button type="submit">Search</button></div>
</form>
<p><a class="home" href="${base}/ui/">Go to the portal home page</a></p>
</main>
<footer>© ${input.year} ${escapeHtml(input.companyName)} Inc. All Rights Reserved.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** The suggestions of an error page as a list of links (only paths under the portal). */
function suggestionList(input: ErrorPageInput): string {
  const base = input.basePath.replace(/\/+$/, '');
  const items = (input.suggestions ?? [])
    .filter((s) => s.url.startsWith(`${base}/`) && !s.url.startsWith('//'))
    .map(
      (s) =>
        `<li><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a>${s.context ? ` <span class="where">${escapeHtml(s.context)}</span>` : ''}</li>`,
    );
  if (items.length === 0) return '';
  return `<h2>Pages that may help</h2>\n<ul class="suggestions">${items.join('')}</ul>\n`;
}

/**
 * Answers `status` with the error page when `request` is a page navigation and returns true;
 * returns false (and sends nothing) for API calls, which keep their JSON error.
 */
export function sendErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: ErrorPageStatus,
  site: ErrorPageSite | undefined,
  extra: Pick<ErrorPageInput, 'notice' | 'suggestions'> & { searchWords?: string } = {},
): boolean {
  if (!site || !isPageNavigation(request)) return false;
  const html = renderErrorPage({
    ...site,
    status,
    searchWords:
      extra.searchWords ?? (status === 404 ? searchWordsOf(request.url, site.basePath) : ''),
    year: new Date().getFullYear(),
    ...(extra.notice !== undefined && { notice: extra.notice }),
    ...(extra.suggestions !== undefined && { suggestions: extra.suggestions }),
  });
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'Accept, Sec-Fetch-Mode')
    .header('content-security-policy', ERROR_PAGE_CSP)
    .send(html);
  return true;
}
