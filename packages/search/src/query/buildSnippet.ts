import { escapeHtml } from '@docs-portal/contracts/safety';
import { tokenizeText } from '../text/tokenize';

/** Characters of text a snippet shows around the best match. */
export const SNIPPET_LENGTH = 200;

/** Escaped text with the given [start, end) ranges wrapped in `<mark>`; ranges may overlap. */
export function markRanges(text: string, ranges: ReadonlyArray<[number, number]>): string {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  let out = '';
  let at = 0;
  for (const [start, end] of merged) {
    out += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return out + escapeHtml(text.slice(at));
}

interface TermHit {
  start: number;
  end: number;
  group: number;
}

function isWordChar(code: number): boolean {
  if (code < 128)
    return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  // Latin-1 symbols and general punctuation (curly quotes, dashes) separate words.
  return !(code <= 0xbf || (code >= 0x2000 && code <= 0x206f));
}

/**
 * Characters that case folding may change beyond plain lower-casing (letters outside ASCII):
 * every non-ASCII code unit but Latin-1 symbols and general punctuation. A plain character class
 * (rather than a look-ahead at every character) because it runs over the whole text of each
 * section shown.
 */
const FOLDABLE_GLOBAL = /[\u0080-\u009f\u00c0-\u1fff\u2070-\uffff]/g;

/**
 * Occurrences of the terms in a text, in order. Words of plain ASCII are searched directly (fast
 * on long sections); only the space-separated runs holding characters that folding may change
 * go through the tokenizer, so that folded diacritics still match without tokenizing the whole
 * text. Text whose lower-casing changes its length goes through the tokenizer whole. `lower` is
 * `text.toLowerCase()`, for a caller that keeps it.
 */
export function findTerms(
  text: string,
  matches: ReadonlyMap<string, number>,
  lower = text.toLowerCase(),
): TermHit[] {
  const hits: TermHit[] = [];
  if (lower.length !== text.length) {
    for (const token of tokenizeText(text)) {
      const group = matches.get(token.term);
      if (group !== undefined) hits.push({ start: token.start, end: token.end, group });
    }
    return hits;
  }
  // Runs between white space that hold a foldable character: [start, end) pairs, in order.
  const runs: number[] = [];
  FOLDABLE_GLOBAL.lastIndex = 0;
  for (let m = FOLDABLE_GLOBAL.exec(text); m !== null; m = FOLDABLE_GLOBAL.exec(text)) {
    let start = m.index;
    while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--;
    let end = m.index + 1;
    while (end < text.length && !isSpace(text.charCodeAt(end))) end++;
    runs.push(start, end);
    for (const token of tokenizeText(text.slice(start, end))) {
      const group = matches.get(token.term);
      if (group !== undefined)
        hits.push({ start: start + token.start, end: start + token.end, group });
    }
    FOLDABLE_GLOBAL.lastIndex = end;
  }
  const inRun = (at: number): boolean => {
    for (let r = 0; r < runs.length; r += 2) {
      if (at < (runs[r] as number)) return false;
      if (at < (runs[r + 1] as number)) return true;
    }
    return false;
  };
  for (const [term, group] of matches) {
    if (term === '') continue;
    for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + 1)) {
      const end = at + term.length;
      if (at > 0 && isWordChar(lower.charCodeAt(at - 1))) continue;
      if (end < lower.length && isWordChar(lower.charCodeAt(end))) continue;
      if (runs.length > 0 && inRun(at)) continue;
      hits.push({ start: at, end, group });
    }
  }
  return hits.sort((a, b) => a.start - b.start || b.end - a.end);
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x3000;
}

/**
 * A snippet of a section's text around the passage with the most distinct query words:
 * HTML-escaped text in which only `<mark>` and `</mark>` are markup. `matches` maps matching
 * index terms to the query group they stand for. Falls back to the start of the text when no
 * query word is in it (the match was in the title or heading). `lower` is `text.toLowerCase()`,
 * for a caller that keeps it.
 */
export function buildSnippet(
  text: string,
  matches: ReadonlyMap<string, number>,
  length = SNIPPET_LENGTH,
  lower = text.toLowerCase(),
): string {
  const hits = findTerms(text, matches, lower);
  let from = 0;
  if (hits.length > 0) {
    let bestScore = -1;
    let j = 0;
    const counts = new Map<number, number>();
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i] as (typeof hits)[number];
      counts.set(hit.group, (counts.get(hit.group) ?? 0) + 1);
      while (hit.end - (hits[j] as (typeof hits)[number]).start > length * 0.8) {
        const left = hits[j] as (typeof hits)[number];
        const c = (counts.get(left.group) ?? 1) - 1;
        if (c === 0) counts.delete(left.group);
        else counts.set(left.group, c);
        j++;
      }
      const score = counts.size * 100 + (i - j + 1);
      if (score > bestScore) {
        bestScore = score;
        from = (hits[j] as (typeof hits)[number]).start;
      }
    }
    // Start a little before the passage, at a word boundary.
    const passage = from;
    // Use the whole window: near the end of the text, start earlier.
    from = Math.max(0, Math.min(passage - Math.floor(length * 0.2), text.length - length));
    if (from > 0) {
      const space = text.indexOf(' ', from);
      from = space >= 0 && space < passage ? space + 1 : passage;
    }
  }
  let to = Math.min(text.length, from + length);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from + length / 2) to = space;
  }
  const ranges: Array<[number, number]> = hits
    .filter((hit) => hit.start >= from && hit.end <= to)
    .map((hit) => [hit.start - from, hit.end - from]);
  const body = markRanges(text.slice(from, to), ranges);
  return `${from > 0 ? '\u2026' : ''}${body}${to < text.length ? '\u2026' : ''}`;
}
