/**
 * What a word is, for the search index, queries, snippets and the doc-page highlighter alike, so
 * that a word the index finds is the word a reader sees marked.
 *
 * A word starts with a letter, a digit or `_` and goes on with those and with combining marks
 * (`\p{M}`: the vowel signs and viramas of Indic scripts, the tone marks of Thai, the points of
 * Hebrew and Arabic, an accent typed as `e` + U+0301). A mark with no word character before it
 * (at the start of a text, after a space or punctuation) belongs to no word and is skipped.
 */

/** Characters that start a word (the inside of a `u`-flag character class). */
export const WORD_START_CLASS = '\\p{L}\\p{N}_';
/** Characters that continue a word: those that start one, and combining marks. */
export const WORD_PART_CLASS = '\\p{L}\\p{N}_\\p{M}';
/** One word, as the source of a `u`-flag regular expression. */
export const WORD_PATTERN = `[${WORD_START_CLASS}][${WORD_PART_CLASS}]*`;

const WORD_START = new RegExp(`^[${WORD_START_CLASS}]$`, 'u');
const MARK = /^\p{M}$/u;
const ENDS_IN_WORD = new RegExp(`${WORD_PATTERN}$`, 'u');

/** True when `char` (one code point) starts a word: a letter, a digit or `_`. */
export function isWordStart(char: string): boolean {
  return WORD_START.test(char);
}

/** True when `char` (one code point) is a combining mark: it continues a word, never starts one. */
export function isCombiningMark(char: string): boolean {
  return MARK.test(char);
}

/** The words of a text, in order ({@link WORD_PATTERN}). */
export function wordsOf(text: string): string[] {
  return text.match(new RegExp(WORD_PATTERN, 'gu')) ?? [];
}

/** True when a text ends inside a word (its last character is part of one). */
export function endsInWord(text: string): boolean {
  return ENDS_IN_WORD.test(text);
}

/**
 * A character of a script written without spaces between words (Chinese, Japanese, Thai, Lao,
 * Khmer, Burmese). A run of such text is one {@link WORD_PATTERN} match; {@link eachSegmentWord}
 * splits it into its words, as the search index does.
 */
export const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** No character of the {@link UNSPACED_SCRIPT} scripts is below this code (Thai starts at U+0E01). */
export const FIRST_UNSPACED_CODE = 0x0e01;

let segmenter: Intl.Segmenter | undefined;

/**
 * Calls `visit` with each word-like segment of `text` and its offset, by the platform's word
 * segmenter (dictionary-based for Chinese, Japanese and Thai). Punctuation and spaces are skipped.
 */
export function eachSegmentWord(text: string, visit: (word: string, index: number) => void): void {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  for (const piece of segmenter.segment(text)) {
    if (piece.isWordLike === true) visit(piece.segment, piece.index);
  }
}
