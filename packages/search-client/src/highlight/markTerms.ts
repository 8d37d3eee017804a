/*
 * Marks searched terms on a documentation page opened from a search result. The page URL
 * carries them in `?Highlight=<terms>` (the search API puts them there). Terms are only ever
 * used as text: split into words and compared with the words of the page's text nodes; nothing
 * from the URL is parsed as HTML, used as a pattern or as a CSS selector.
 */

import {
  eachSegmentWord,
  foldCase,
  UNSPACED_SCRIPT,
  WORD_PATTERN,
  wordsOf,
} from '@docs-portal/contracts/text';
import { lightColours } from '@docs-portal/contracts/theme';
import { stemmer } from 'stemmer';

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
/** Room left above a heading the page is scrolled to, so it does not sit flush on the top edge. */
export const SCROLL_MARGIN_PX = 24;

/** Elements whose text is never marked: code that runs or styles, and form fields. */
const SKIPPED = 'script, style, noscript, template, textarea, select, option, svg, math, mark';
/** A word as the search index reads one (combining marks included: `हिन्दी` is one word). */
const WORD_RUN = new RegExp(WORD_PATTERN, 'gu');

/** The index's stem of a folded word: identifiers, numbers and short words keep their form. */
function stemOf(word: string): string {
  return word.length < 3 || !/^[a-z]+$/.test(word) ? word : stemmer(word);
}

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
  const words = wordsOf(raw.slice(0, 2000).toLowerCase()).filter(
    (word) => word.length <= MAX_TERM_LENGTH,
  );
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

/**
 * A test of whether a page word is one of `terms`: the same word (case and diacritics aside) or
 * the same stem, as the search engine matched it. The search API sends the page's own words that
 * matched the query (stems and typo matches included), so whole words are enough and a term never
 * marks a longer word it merely starts (`vm` is not `VMware`).
 */
export function termMatcher(terms: readonly string[]): (word: string) => boolean {
  const folded = new Set(terms.map(foldCase));
  const stems = new Set([...folded].map(stemOf));
  return (word) => {
    if (word.length > MAX_TERM_LENGTH) return false;
    const f = foldCase(word);
    return folded.has(f) || stems.has(stemOf(f));
  };
}

/**
 * Wraps each whole word of `root` that matches one of `terms` ({@link termMatcher}) in
 * `<mark class="docs-portal-highlight">`, outside script, style and form fields. Returns how many
 * marks were added (at most {@link MAX_MARKS}).
 */
export function markTerms(root: Element, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  const doc = root.ownerDocument;
  const matches = termMatcher(terms);
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
    const mark = (word: string, index: number) => {
      if (marks >= MAX_MARKS || !matches(word)) return;
      if (index > at) pieces.push(doc.createTextNode(data.slice(at, index)));
      const element = doc.createElement('mark');
      element.className = HIGHLIGHT_CLASS;
      element.textContent = word;
      pieces.push(element);
      marks += 1;
      at = index + word.length;
    };
    for (const match of data.matchAll(WORD_RUN)) {
      if (marks >= MAX_MARKS) break;
      const word = match[0];
      if (!UNSPACED_SCRIPT.test(word)) {
        mark(word, match.index);
        continue;
      }
      // Chinese, Japanese or Thai: one run holds many words; split it as the index does.
      eachSegmentWord(word, (segment, offset) => {
        for (const inner of segment.matchAll(WORD_RUN)) {
          mark(inner[0], match.index + offset + inner.index);
        }
      });
    }
    if (pieces.length === 0) continue;
    if (at < data.length) pieces.push(doc.createTextNode(data.slice(at)));
    text.replaceWith(...pieces);
  }
  return marks;
}

/** Takes every highlight mark off the page, leaving its text as it was. Returns how many. */
export function removeHighlights(doc: Document): number {
  const found = [...doc.querySelectorAll(`mark.${HIGHLIGHT_CLASS}`)];
  const parents = new Set<Node>();
  for (const mark of found) {
    if (mark.parentNode) parents.add(mark.parentNode);
    mark.replaceWith(doc.createTextNode(mark.textContent ?? ''));
  }
  for (const parent of parents) parent.normalize();
  return found.length;
}

/** Adds the marks' style to the page once. */
export function injectHighlightStyle(doc: Document): void {
  if (doc.getElementById(HIGHLIGHT_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = HIGHLIGHT_STYLE_ID;
  // Literal token values, not var(): the doc page does not define the portal's custom properties.
  // The mark tokens are the same in light and dark mode, and near-black on yellow is 15:1 on any
  // background (dark code blocks included).
  style.textContent =
    `mark.${HIGHLIGHT_CLASS}{background:${lightColours.mark}!important;color:${lightColours['on-mark']}!important;` +
    `text-shadow:none!important;padding:0 1px;border-radius:2px;box-shadow:0 0 0 1px ${lightColours['mark-edge']}}` +
    `:target{scroll-margin-top:${SCROLL_MARGIN_PX}px}`;
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
  if (target instanceof HTMLElement) target.style.scrollMarginTop = `${SCROLL_MARGIN_PX}px`;
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
