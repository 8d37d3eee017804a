/*
 * Marks searched terms on a documentation page opened from a search result. The page URL
 * carries them in `?Highlight=<terms>` (the search API puts them there). Terms are only ever
 * used as text: split into words, escaped into a regular expression, and matched against the
 * page's text nodes; nothing from the URL is parsed as HTML or used as a CSS selector.
 */

/** Class of the `<mark>` elements the highlighter adds. */
export const HIGHLIGHT_CLASS = 'docs-portal-highlight';
/** Id of the style element the highlighter adds. */
export const HIGHLIGHT_STYLE_ID = 'docs-portal-highlight-style';
/** Most terms read from the URL. */
export const MAX_TERMS = 20;
/** Longer words are ignored (no real term is this long; keeps the expression small). */
export const MAX_TERM_LENGTH = 64;
/** Most marks added to one page. */
export const MAX_MARKS = 500;

/** Elements whose text is never marked: code that runs or styles, and form fields. */
const SKIPPED = 'script, style, noscript, template, textarea, select, option, svg, math, mark';
const WORD = '[\\p{L}\\p{N}_]';

/** The terms of a page's query string (`Highlight`, any case of the name): lower-case words. */
export function highlightTermsOf(search: string): string[] {
  const params = new URLSearchParams(search);
  let raw: string | null = null;
  for (const [name, value] of params) {
    if (name.toLowerCase() === 'highlight') {
      raw = value;
      break;
    }
  }
  if (raw === null) return [];
  const words = raw
    .slice(0, 2000)
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((word) => word.length > 0 && word.length <= MAX_TERM_LENGTH);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** The page's main content: Flare's `#mc-main-content`, else `[role=main]`, `main`, the body. */
export function contentRoot(doc: Document): Element | null {
  return (
    doc.getElementById('mc-main-content') ??
    doc.querySelector('[role="main"]') ??
    doc.querySelector('main') ??
    doc.body
  );
}

function termPattern(terms: readonly string[]): RegExp {
  const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const sorted = [...terms].sort((a, b) => b.length - a.length);
  const prefixes = sorted.filter((term) => term.length > 1).map(escape);
  const whole = sorted.filter((term) => term.length === 1).map(escape);
  // A term matches at the start of a word and the mark covers the rest of that word; a term of
  // one character only matches a word of its own (else it would mark half the page).
  const choices = [
    ...(prefixes.length > 0 ? [`(?:${prefixes.join('|')})${WORD}*`] : []),
    ...(whole.length > 0 ? [`(?:${whole.join('|')})(?!${WORD})`] : []),
  ];
  return new RegExp(`(^|[^\\p{L}\\p{N}_])(${choices.join('|')})`, 'giu');
}

/**
 * Wraps each word of `root` that starts with one of `terms` (case-insensitive) in
 * `<mark class="docs-portal-highlight">`, outside script, style and form fields. Returns how many
 * marks were added (at most {@link MAX_MARKS}).
 */
export function markTerms(root: Element, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  const doc = root.ownerDocument;
  const pattern = termPattern(terms);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(SKIPPED) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  let marks = 0;
  for (const text of texts) {
    if (marks >= MAX_MARKS) break;
    const data = text.data;
    const pieces: Node[] = [];
    let at = 0;
    for (const match of data.matchAll(pattern)) {
      if (marks >= MAX_MARKS) break;
      const start = match.index + (match[1] ?? '').length;
      const word = match[2] ?? '';
      if (start > at) pieces.push(doc.createTextNode(data.slice(at, start)));
      const mark = doc.createElement('mark');
      mark.className = HIGHLIGHT_CLASS;
      mark.textContent = word;
      pieces.push(mark);
      marks += 1;
      at = start + word.length;
    }
    if (pieces.length === 0) continue;
    if (at < data.length) pieces.push(doc.createTextNode(data.slice(at)));
    text.replaceWith(...pieces);
  }
  return marks;
}

/** Adds the marks' style to the page once. */
export function injectHighlightStyle(doc: Document): void {
  if (doc.getElementById(HIGHLIGHT_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = HIGHLIGHT_STYLE_ID;
  style.textContent = `mark.${HIGHLIGHT_CLASS}{background:#fff0a8;color:inherit;padding:0 1px;border-radius:2px;box-shadow:0 0 0 1px #e2c400}`;
  (doc.head ?? doc.documentElement).append(style);
}

/** Scrolls to the element `hash` names (by id, else by name); false when there is none. */
export function scrollToHash(doc: Document, hash: string): boolean {
  if (hash.length <= 1) return false;
  let name = hash.slice(1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: look the raw name up.
  }
  const target = doc.getElementById(name) ?? doc.getElementsByName(name)[0] ?? null;
  if (!target) return false;
  target.scrollIntoView();
  return true;
}

/**
 * Runs on a doc page: when its URL has `Highlight` terms, marks them in the main content and
 * scrolls again to the `#anchor` (marking may have moved it). Pages without the parameter are
 * left alone.
 */
export function highlightPage(win: Window): number {
  const doc = win.document;
  const terms = highlightTermsOf(win.location.search);
  if (terms.length === 0) return 0;
  const root = contentRoot(doc);
  const marks = root ? markTerms(root, terms) : 0;
  if (marks > 0) injectHighlightStyle(doc);
  scrollToHash(doc, win.location.hash);
  return marks;
}

/** Runs {@link highlightPage} once the document is parsed. */
export function startHighlighter(win: Window): void {
  if (win.document.readyState === 'loading') {
    win.document.addEventListener('DOMContentLoaded', () => highlightPage(win), { once: true });
  } else {
    highlightPage(win);
  }
}
