import {
  eachSegmentWord,
  FIRST_UNSPACED_CODE,
  foldCase,
  isCombiningMark,
  isWordStart,
  UNSPACED_SCRIPT,
  WORD_PATTERN,
} from '@docs-portal/contracts/text';

/**
 * Longest term the index keeps: longer runs (hashes, base64, generated names) are cut to this
 * many characters, in the index and in queries alike, so they stay findable by their start.
 */
export const MAX_TERM_LENGTH = 64;

/** A term cut to {@link MAX_TERM_LENGTH} characters, never inside a surrogate pair. */
export function capTerm(term: string): string {
  if (term.length <= MAX_TERM_LENGTH) return term;
  const cut = term.slice(0, MAX_TERM_LENGTH);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** One term found in a text, with where it sits. */
export interface TextToken {
  /** Normalised term (case folded, diacritics removed). */
  term: string;
  /** Word position; a joined identifier shares the position of its first part. */
  position: number;
  /** Offset of the first character in the original text. */
  start: number;
  /** Offset after the last character in the original text. */
  end: number;
  /** True for the joined form of an identifier (`os.path.join`, `__init__`). */
  joined: boolean;
}

/** A word of a query: the parts it splits into and, for identifiers, the joined form too. */
export interface QueryWord {
  /** The word as typed (trimmed). */
  raw: string;
  /** Normalised parts (`os.path.join` → `os`, `path`, `join`). */
  parts: string[];
  /** Normalised joined form when the word is an identifier or compound, else undefined. */
  joined?: string;
}

// A chunk is a word (see @docs-portal/contracts/text: a letter, digit or `_` and what follows it
// of those and combining marks), possibly joined by `.`, `-` or `::` to a word into an identifier.
const CHUNK = new RegExp(`${WORD_PATTERN}(?:(?:[.-]|::)${WORD_PATTERN})*`, 'gu');
/** A plain word (`the`, `Python`, `utf8`): its one term is its lower case. */
const PLAIN_WORD = /^[A-Za-z]?[a-z0-9]*$/;
/** {@link charClass}: a character that starts a word (and continues one). */
const WORD = 1;
/** {@link charClass}: a character that is no part of a word. */
const OTHER = 2;
/** {@link charClass}: a combining mark, which continues a word but does not start one. */
const MARK = 3;
/** Per UTF-16 code unit above ASCII, once asked: {@link WORD}, {@link OTHER} or {@link MARK}. */
const wordClass = new Uint8Array(0x10000);

/** {@link WORD}, {@link OTHER} or {@link MARK} for one code point, by the shared word rule. */
function charClass(char: string): number {
  if (isWordStart(char)) return WORD;
  return isCombiningMark(char) ? MARK : OTHER;
}

/** `[A-Za-z0-9_]`, by character code. */
function isAsciiWordCode(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f
  );
}

/** Added to a class by {@link classAbove}: the character is a surrogate pair (2 code units). */
const PAIR = 4;

/**
 * {@link charClass} of the character at `at` of `text`, whose code unit `code` is above ASCII,
 * plus {@link PAIR} for a surrogate pair. Single code units are answered from a table filled on
 * first sight.
 */
function classAbove(text: string, at: number, code: number): number {
  if (code >= 0xd800 && code <= 0xdbff && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return charClass(text.slice(at, at + 2)) + PAIR;
  }
  let known = wordClass[code] as number;
  if (known === 0) {
    known = charClass(String.fromCharCode(code));
    wordClass[code] = known;
  }
  return known;
}

/**
 * Length of the word character at `at` of `text` (2 for a surrogate pair), 0 when the character
 * there is not a word character (a combining mark is not: it starts no word). `at` must be
 * inside the text.
 */
function wordLengthAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code < 0x80) return isAsciiWordCode(code) ? 1 : 0;
  const known = classAbove(text, at, code);
  if (known === WORD) return 1;
  return known === WORD + PAIR ? 2 : 0;
}

/**
 * {@link wordLengthAt} inside a word, where a combining mark goes on with the word too. (Two
 * functions rather than a flag: the scanner's inner loop stays as small as before.)
 */
function partLengthAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code < 0x80) return isAsciiWordCode(code) ? 1 : 0;
  const known = classAbove(text, at, code);
  if (known === OTHER || known === OTHER + PAIR) return 0;
  return known > PAIR ? 2 : 1;
}

/** Receives the chunks of a text; `plain` is true for a chunk {@link PLAIN_WORD} matches. */
type ChunkVisitor = (chunk: string, offset: number, plain: boolean) => void;

/**
 * Calls `visit` with the identifier chunks of a text ({@link CHUNK}) and their offsets, in
 * order. A run of a script written without spaces (Japanese, Chinese, Thai) is split into words
 * by the platform's word segmenter (which sees the run whole, marks included); other text is
 * split at anything that is neither a word character, a combining mark after one, nor an
 * identifier joint. (A loop with callbacks: a generator here cost a fifth of
 * tokenising. It scans character codes rather than running CHUNK and then testing every chunk
 * against UNSPACED_SCRIPT and PLAIN_WORD: a fifth less CPU for analysePacked on django.)
 */
export function eachChunk(given: string, visit: ChunkVisitor): void {
  const text = sliceOfFlat(given);
  const length = text.length;
  let at = 0;
  while (at < length) {
    let width = wordLengthAt(text, at);
    if (width === 0) {
      // A surrogate pair that is no word character is skipped one half at a time: a lone low
      // surrogate is no word character either. A combining mark that follows no word character
      // (at the start of the text, after a space) is skipped too: it belongs to no word.
      at++;
      continue;
    }
    const start = at;
    let plain = true;
    let unspaced = false;
    for (;;) {
      // A run of word characters and the combining marks that follow them.
      do {
        const code = text.charCodeAt(at);
        if (
          plain &&
          !((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) &&
          !(at === start && code >= 0x41 && code <= 0x5a)
        ) {
          plain = false;
        }
        if (code >= FIRST_UNSPACED_CODE) unspaced = true;
        at += width;
        width = at < length ? partLengthAt(text, at) : 0;
      } while (width > 0);
      // A joint continues the chunk when a word character follows it.
      // (Read only inside the text: a read past its end throws the optimised code away.)
      if (at + 1 >= length) break;
      const joint = text.charCodeAt(at);
      let next: number;
      if (joint === 0x2e || joint === 0x2d) next = at + 1;
      else if (joint === 0x3a && text.charCodeAt(at + 1) === 0x3a) next = at + 2;
      else break;
      width = next < length ? wordLengthAt(text, next) : 0;
      if (width === 0) break;
      plain = false;
      at = next;
    }
    const chunk = text.slice(start, at);
    if (unspaced && UNSPACED_SCRIPT.test(chunk)) eachUnspacedChunk(chunk, start, visit);
    else visit(chunk, start, plain);
  }
}

/**
 * `text` as a slice of a flat copy (a flat copy when it is short). V8 gives strings a shape per
 * representation: flat, concatenated, sliced, internalised, each in one- or two-byte characters.
 * The texts tokenised come in most of them, and past four shapes at one place V8 stops compiling
 * `text.charCodeAt(at)` into a read and looks the method up at every character (its
 * "megamorphic" path): 14 million such look-ups, 9 % of the instructions of extracting and
 * splitting the PostgreSQL manual (callgrind). Slices of flat strings, and short flat copies,
 * are four shapes, whatever came in; copying a text costs less than reading it once that way.
 */
function sliceOfFlat(text: string): string {
  return ` ${text}`.slice(1);
}

/** The chunks of a chunk that holds a script written without spaces, split into its words. */
function eachUnspacedChunk(chunk: string, offset: number, visit: ChunkVisitor): void {
  eachSegmentWord(chunk, (word, index) => {
    for (const inner of word.matchAll(CHUNK)) {
      visit(inner[0], offset + index + inner.index, PLAIN_WORD.test(inner[0]));
    }
  });
}

// The character tests below take a string and an index, answer ASCII from the code unit there
// (identifiers are mostly ASCII, and this runs for every character of every identifier
// indexed), and anything else by Unicode class of the one code unit. Reading by index, never
// past the end, keeps the optimised code of partSpans from being thrown away on a build's first
// pages (an index past the end, or characters of another string representation, did that).

function isUpperAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 0x80) return code >= 0x41 && code <= 0x5a;
  const ch = text.charAt(at);
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

function isLowerAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 0x80) return code >= 0x61 && code <= 0x7a;
  return /\p{Ll}/u.test(text.charAt(at));
}

function isLowerOrDigitAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
  return /[\p{Ll}\p{N}]/u.test(text.charAt(at));
}

/** `[._:-]` by character code: where an identifier splits into parts. */
function isSeparatorCode(code: number): boolean {
  return code === 0x2e || code === 0x5f || code === 0x3a || code === 0x2d;
}

/** Index of the character before `at` in `chunk`, combining marks passed over (`e` of `e` + U+0301). */
function baseBefore(chunk: string, at: number): number {
  let k = at - 1;
  while (k > 0 && chunk.charCodeAt(k) >= 0x300 && isCombiningMark(chunk.charAt(k))) k--;
  return k;
}

/**
 * Splits a chunk into [start, end) spans of its parts: at separators, underscores and camelCase.
 * Combining marks stay with the letter they follow; marks that follow a separator (`_` + U+0301)
 * belong to no part.
 */
function partSpans(chunk: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const length = chunk.length;
  let start = -1;
  for (let i = 0; i < length; i++) {
    const code = chunk.charCodeAt(i);
    if (isSeparatorCode(code)) {
      if (start >= 0) spans.push([start, i]);
      start = -1;
      continue;
    }
    if (start < 0) {
      if (code < 0x300 || !isCombiningMark(chunk.charAt(i))) start = i;
      continue;
    }
    if (!isUpperAt(chunk, i)) continue;
    const prev = baseBefore(chunk, i);
    // lowerUpper (getElement) and UPPERUpperlower (XMLParser) start a new part, but the plural
    // of an acronym (APIs, HOWTOs, URLs) is one word.
    const nextLower = i + 1 < length && isLowerAt(chunk, i + 1);
    const plural =
      i + 1 < length &&
      chunk.charCodeAt(i + 1) === 0x73 &&
      !(i + 2 < length && isLowerAt(chunk, i + 2));
    if (isLowerOrDigitAt(chunk, prev) || (isUpperAt(chunk, prev) && nextLower && !plural)) {
      spans.push([start, i]);
      start = i;
    }
  }
  if (start >= 0) spans.push([start, length]);
  return spans;
}

interface ChunkPart {
  term: string;
  start: number;
  end: number;
}

/** A joined form inside a chunk: the whole identifier or a dotted tail or segment of it. */
interface ChunkJoin {
  term: string;
  /** Index of its first part. */
  part: number;
  start: number;
  end: number;
}

/** What {@link analyseChunk} gives: shared between the chunks that are alike, not to be changed. */
interface ChunkAnalysis {
  /** The chunk (a copy of its own, see analyseChunk). */
  readonly chunk: string;
  readonly parts: readonly ChunkPart[];
  readonly joins: readonly ChunkJoin[];
}

/**
 * Chunks {@link analyseChunk} remembers in each of its two generations: about a megabyte per
 * thousand chunks.
 */
const CHUNK_GENERATION = 1 << 13;
let recentChunks = new Map<string, ChunkAnalysis>();
let olderChunks = new Map<string, ChunkAnalysis>();

/**
 * {@link splitChunk}, remembered: identifiers recur from page to page (`QuerySet`,
 * `os.path.join`), and splitting one costs tens of times what finding it again does. The chunks
 * met lately are kept: when the recent generation is full it becomes the older one, and a chunk
 * found in the older one moves back to the recent one.
 */
function analyseChunk(chunk: string): ChunkAnalysis {
  let analysis = recentChunks.get(chunk);
  if (analysis !== undefined) return analysis;
  // A chunk is a slice of its text, and would keep all of it alive here (V8 shares the
  // characters of slices): remember a copy of the chunk, split into parts that are slices of it.
  analysis = olderChunks.get(chunk) ?? splitChunk(` ${chunk}`.slice(1));
  if (recentChunks.size >= CHUNK_GENERATION) {
    olderChunks = recentChunks;
    recentChunks = new Map();
  }
  recentChunks.set(analysis.chunk, analysis);
  return analysis;
}

/**
 * The normalised parts of one chunk and its joined forms, offsets relative to the chunk. An
 * identifier joins whole (`sys.last_value`) and, when dotted, also by its dotted tails
 * (`last_value`, `Queue.get` of `asyncio.Queue.get`) and compound segments (`createElement` of
 * `Document.createElement`): documentation names the same thing with and without its owners.
 */
function splitChunk(chunk: string): ChunkAnalysis {
  // Fast path for plain words, by far the most common chunks.
  if (PLAIN_WORD.test(chunk)) {
    return {
      chunk,
      parts: [{ term: capTerm(chunk.toLowerCase()), start: 0, end: chunk.length }],
      joins: [],
    };
  }
  const parts: ChunkPart[] = [];
  for (const [s, e] of partSpans(chunk)) {
    const term = capTerm(foldCase(chunk.slice(s, e)));
    if (term.length > 0) parts.push({ term, start: s, end: e });
  }
  const joins: ChunkJoin[] = [];
  if (parts.length === 0) return { chunk, parts, joins };
  const seen = new Set<string>();
  const addJoin = (start: number, end: number) => {
    const first = parts.findIndex((p) => p.start >= start);
    const inside = parts.filter((p) => p.start >= start && p.end <= end);
    const term = capTerm(foldCase(chunk.slice(start, end)).replace(/^[.:-]+|[.:-]+$/g, ''));
    if (first < 0 || inside.length === 0 || seen.has(term)) return;
    if (inside.length === 1 && term === inside[0]?.term) return;
    seen.add(term);
    joins.push({ term, part: first, start, end });
  };
  addJoin(0, chunk.length);
  // Where the dotted segments start and end (`.` or `::`), found by character code: a scan
  // with matchAll and array spreads here made V8 throw away this function's optimised code
  // again and again (a different array or string map each time), recompiling it 8 times a build.
  const bounds = [0];
  const ends: number[] = [];
  for (let at = 0; at < chunk.length; at++) {
    const code = chunk.charCodeAt(at);
    if (code === 0x2e) {
      ends.push(at);
      bounds.push(at + 1);
    } else if (code === 0x3a && chunk.charCodeAt(at + 1) === 0x3a) {
      ends.push(at);
      bounds.push(at + 2);
      at++;
    }
  }
  if (ends.length > 0) {
    ends.push(chunk.length);
    for (let i = 0; i < bounds.length; i++) {
      const start = bounds[i] as number;
      if (i > 0) addJoin(start, chunk.length);
      addJoin(start, ends[i] as number);
    }
  }
  return { chunk, parts, joins };
}

/** Receives the tokens of a text one at a time (see {@link TextToken} for the arguments). */
export type TokenVisitor = (
  term: string,
  position: number,
  start: number,
  end: number,
  joined: boolean,
) => void;

/**
 * Calls `visit` with the tokens {@link tokenizeText} returns, in the same order, without
 * making objects for them (what the indexer uses); returns the position after the last word.
 */
export function eachToken(text: string, visit: TokenVisitor, firstPosition = 0): number {
  let position = firstPosition;
  eachChunk(text, (chunk, offset, plain) => {
    if (plain) {
      // Fast path for plain words, by far the most common chunks (what analyseChunk gives).
      const first = chunk.charCodeAt(0);
      const term = first >= 0x41 && first <= 0x5a ? chunk.toLowerCase() : chunk;
      visit(capTerm(term), position++, offset, offset + chunk.length, false);
      return;
    }
    const { parts, joins } = analyseChunk(chunk);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as ChunkPart;
      visit(part.term, position + i, offset + part.start, offset + part.end, false);
      for (const join of joins) {
        if (join.part !== i) continue;
        visit(join.term, position + i, offset + join.start, offset + join.end, true);
      }
    }
    position += parts.length;
  });
  return position;
}

/**
 * Splits text into index terms with positions and offsets. Identifiers yield their parts at
 * consecutive positions and their joined forms at the position of their first part, so that
 * `os.path.join` is found by `os.path.join`, `path.join`, `path join` and `join`.
 */
export function tokenizeText(text: string, firstPosition = 0): TextToken[] {
  const tokens: TextToken[] = [];
  eachToken(
    text,
    (term, position, start, end, joined) => tokens.push({ term, position, start, end, joined }),
    firstPosition,
  );
  return tokens;
}

/** Number of word positions a text occupies (joined forms do not add any). */
export function countPositions(tokens: readonly TextToken[]): number {
  let count = 0;
  for (const token of tokens) if (!token.joined) count++;
  return count;
}

/** Splits a query (or a part of one) into words, each with its parts and joined form. */
export function tokenizeQueryWords(text: string): QueryWord[] {
  const words: QueryWord[] = [];
  eachChunk(text, (chunk) => {
    const { parts, joins } = analyseChunk(chunk);
    if (parts.length === 0) return;
    const word: QueryWord = { raw: chunk, parts: parts.map((p) => p.term) };
    const whole = joins.find((join) => join.start === 0 && join.end === chunk.length);
    if (whole !== undefined) word.joined = whole.term;
    words.push(word);
  });
  return words;
}
