import { endsInWord, WORD_PART_CLASS } from '@docs-portal/contracts/text';
import { tokenizeQueryWords, type QueryWord } from '../text/tokenize';

/** Most words of a query that are considered; the rest are ignored. */
export const MAX_QUERY_WORDS = 24;

/** A run of the query: one word, or the words of a quoted phrase. */
export interface QueryUnit {
  /** The words. */
  words: QueryWord[];
  /** True for a quoted phrase (its words must appear in this order, next to each other). */
  quoted: boolean;
}

/** A query split into units. */
export interface ParsedQuery {
  /** Units in query order. */
  units: QueryUnit[];
  /** True when the last word may still be being typed (no space or quote after it). */
  lastIsPrefix: boolean;
}

// Only the straight double quote a reader types on purpose makes a phrase. Curly quotes come
// with text pasted from a page (a title such as `Why Does “Safe Mode” Block Plans?`), where a
// strict phrase would drop the page on one typo inside the quotes.
const QUOTES = /"/;

/**
 * A name typed up to its next part: a word, then the separator that goes on to the part
 * (`os.path.`, `--no-`, `std::`). The tokenizer drops a separator that ends a text, as it
 * should on pages; in a query it is the reader's next keystroke.
 */
const TYPED_SEPARATOR = new RegExp(`[${WORD_PART_CLASS}](\\.|-|::)$`, 'u');

/**
 * Splits a query into words and quoted phrases (straight double quotes; an unclosed quote
 * counts as no quote, curly quotes count as punctuation).
 */
export function parseQuery(query: string): ParsedQuery {
  const units: QueryUnit[] = [];
  let count = 0;
  let dropped = false;
  const push = (text: string, quoted: boolean) => {
    const all = tokenizeQueryWords(text);
    const words = all.slice(0, Math.max(0, MAX_QUERY_WORDS - count));
    count += words.length;
    dropped ||= words.length < all.length;
    if (words.length === 0) return;
    if (quoted && words.length > 1) units.push({ words, quoted: true });
    else for (const word of words) units.push({ words: [word], quoted: false });
  };
  const pieces = query.split(QUOTES);
  const closed = pieces.length % 2 === 1;
  pieces.forEach((piece, i) => {
    const insideQuotes = i % 2 === 1 && (closed || i < pieces.length - 1);
    push(piece, insideQuotes);
  });
  const lastUnit = units[units.length - 1];
  // Past the most words read, the word being typed is not among them.
  if (lastUnit === undefined || lastUnit.quoted || dropped) return { units, lastIsPrefix: false };
  if (endsInWord(query)) return { units, lastIsPrefix: true };
  const separator = TYPED_SEPARATOR.exec(query)?.[1];
  const last = lastUnit.words[lastUnit.words.length - 1] as QueryWord;
  // A full stop also ends a sentence (`how to open a file.`): it is read as a name's only after
  // a name (`django.contrib.`) or a lone word (`os.`).
  const name = separator !== '.' || last.joined !== undefined || units.length === 1;
  if (separator === undefined || !name) return { units, lastIsPrefix: false };
  lastUnit.words[lastUnit.words.length - 1] = {
    raw: last.raw + separator,
    parts: last.parts,
    joined: (last.joined ?? (last.parts[0] as string)) + separator,
  };
  return { units, lastIsPrefix: true };
}
