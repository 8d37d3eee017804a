import { escapeHtml } from '@docs-portal/contracts/safety';
import { WORD_TABLE_LENGTH } from '../core/RowCache';
import { tokenizeText, type TextToken } from '../text/tokenize';

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
 * What finding query words in a text needs that no query changes, worked out once per section
 * row and kept with it (see `buildHits`). Words of plain ASCII are searched in the lower-cased
 * copy; only the space-separated runs holding characters that folding may change go through the
 * tokenizer, so that folded diacritics still match without tokenizing the whole text; text whose
 * lower-casing changes its length goes through the tokenizer whole. A long text also keeps where
 * each of its words starts, by word: searching it for a word is then a look-up, where an
 * `indexOf` per term over 4,700 characters was 14 % of the time of the GIMP manual's searches.
 */
export interface SearchableText {
  text: string;
  /** `text.toLowerCase()`. */
  lower: string;
  /** Tokens of the whole text, when lower-casing changes its length (searched by token). */
  tokens: TextToken[] | undefined;
  /** [start, end) of each run between white space that holds a foldable character, in order. */
  runs: number[];
  /** Tokens of those runs, at their offsets in the text. */
  runTokens: TextToken[];
  /**
   * Long texts: every maximal run of word characters of `lower` that does not start inside a
   * foldable run, as `hash << 16 | start` (a 16-bit hash of the word; see `wordKey`), in
   * ascending order: the starts of a word are found by a binary search for its hash, and told
   * from other words of the same hash by their characters. 4 bytes a word, 0.7 a character in the
   * bench corpora; a `Map` of words held 13 bytes a character of the GnuCash guide's texts.
   */
  words: Uint32Array | undefined;
}

/**
 * A text prepared for `findTerms`. `withWords` builds the table of words of a long text (see
 * `addWordTable`).
 */
export function searchableText(text: string, withWords = false): SearchableText {
  const lower = text.toLowerCase();
  const runs: number[] = [];
  const runTokens: TextToken[] = [];
  if (lower.length !== text.length)
    return { text, lower, tokens: tokenizeText(text), runs, runTokens, words: undefined };
  FOLDABLE_GLOBAL.lastIndex = 0;
  for (let m = FOLDABLE_GLOBAL.exec(text); m !== null; m = FOLDABLE_GLOBAL.exec(text)) {
    let start = m.index;
    while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--;
    let end = m.index + 1;
    while (end < text.length && !isSpace(text.charCodeAt(end))) end++;
    runs.push(start, end);
    for (const token of tokenizeText(text.slice(start, end)))
      runTokens.push({ ...token, start: start + token.start, end: start + token.end });
    FOLDABLE_GLOBAL.lastIndex = end;
  }
  // Every field set, in one order: one hidden class for all the texts kept.
  const searchable: SearchableText = {
    text,
    lower,
    tokens: undefined,
    runs,
    runTokens,
    words: undefined,
  };
  return withWords ? addWordTable(searchable) : searchable;
}

/**
 * Gives a long text (`WORD_TABLE_LENGTH` characters or more) its table of words, if it has none:
 * about 30 µs for a long section of the GIMP manual, where it then saves 12 µs at every snippet
 * of a query of 11 terms. Returns the same object.
 */
export function addWordTable(searchable: SearchableText): SearchableText {
  const { text, tokens, words } = searchable;
  if (words !== undefined || tokens !== undefined) return searchable;
  if (text.length < WORD_TABLE_LENGTH || text.length > MAX_TABLE_OFFSET) return searchable;
  searchable.words = wordTable(searchable.lower, searchable.runs);
  return searchable;
}

/** Offsets beyond this do not fit beside a 16-bit hash in 32 bits: such texts get no table. */
const MAX_TABLE_OFFSET = 0xffff;

/** FNV-1a hash of `text[start, end)`, folded to 16 bits. */
function hashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash ^ (hash >>> 16)) & 0xffff;
}

/** Sorts first by hash, then by offset. */
function wordKey(hash: number, start: number): number {
  return ((hash << 16) | start) >>> 0;
}

/** The word table of a lower-cased text (see `SearchableText.words`). */
function wordTable(lower: string, runs: readonly number[]): Uint32Array {
  const keys: number[] = [];
  let r = 0;
  for (let at = 0; at < lower.length;) {
    if (!isWordChar(lower.charCodeAt(at))) {
      at++;
      continue;
    }
    let end = at + 1;
    while (end < lower.length && isWordChar(lower.charCodeAt(end))) end++;
    while (r < runs.length && (runs[r + 1] as number) <= at) r += 2;
    if (r >= runs.length || at < (runs[r] as number))
      keys.push(wordKey(hashOf(lower, at, end), at));
    at = end;
  }
  return Uint32Array.from(keys).sort();
}

/** Starts of the whole-word occurrences of `term` in a text with a word table, in order. */
function wordStarts(searchable: SearchableText, words: Uint32Array, term: string): number[] {
  const { lower } = searchable;
  const hash = hashOf(term, 0, term.length);
  const first = wordKey(hash, 0);
  const next = first + 0x10000;
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as number) < first) lo = mid + 1;
    else hi = mid;
  }
  const starts: number[] = [];
  for (let i = lo; i < words.length && (words[i] as number) < next; i++) {
    const at = (words[i] as number) - first;
    const end = at + term.length;
    // The table holds word starts: the word is the term when it starts with it and ends there.
    if (lower.startsWith(term, at) && (end === lower.length || !isWordChar(lower.charCodeAt(end))))
      starts.push(at);
  }
  return starts;
}

/** Whether every character of a term is a word character (it is then a whole word of a text). */
function isWholeWord(term: string): boolean {
  for (let i = 0; i < term.length; i++) if (!isWordChar(term.charCodeAt(i))) return false;
  return true;
}

/** Occurrences of the terms (index terms → their query group) in a text, in order. */
export function findTerms(
  text: string | SearchableText,
  matches: ReadonlyMap<string, number>,
): TermHit[] {
  const searchable = typeof text === 'string' ? searchableText(text, false) : text;
  const hits: TermHit[] = [];
  const tokens = searchable.tokens ?? searchable.runTokens;
  for (const token of tokens) {
    const group = matches.get(token.term);
    if (group !== undefined) hits.push({ start: token.start, end: token.end, group });
  }
  if (searchable.tokens !== undefined) return hits;
  const { lower, runs, words } = searchable;
  const inRun = (at: number): boolean => {
    for (let r = 0; r < runs.length; r += 2) {
      if (at < (runs[r] as number)) return false;
      if (at < (runs[r + 1] as number)) return true;
    }
    return false;
  };
  for (const [term, group] of matches) {
    if (term === '') continue;
    if (words !== undefined && isWholeWord(term)) {
      for (const at of wordStarts(searchable, words, term))
        hits.push({ start: at, end: at + term.length, group });
      continue;
    }
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
 * query word is in it (the match was in the title or heading). A caller that keeps the text's
 * `SearchableText` passes it instead of the text.
 */
export function buildSnippet(
  source: string | SearchableText,
  matches: ReadonlyMap<string, number>,
  length = SNIPPET_LENGTH,
): string {
  const text = typeof source === 'string' ? source : source.text;
  const hits = findTerms(source, matches);
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
