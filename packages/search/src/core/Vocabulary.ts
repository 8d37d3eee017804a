import { TermTrie } from './TermTrie';
import { topRows } from './topRows';

/** One row of the vocabulary as stores load it: a term and its section count in one doc set. */
export interface VocabularyRow {
  /** Term id in the store. */
  termId: number;
  /** The term. */
  term: string;
  /** Its English stem (equal to the term for identifiers and numbers). */
  stem: string;
  /** Doc set (store id) holding it. */
  docSetId: number;
  /** Number of sections of that doc set that hold it. */
  df: number;
}

/** A term found by a vocabulary look-up. */
export interface TermMatch {
  /** Index of the term in the vocabulary (not the store id). */
  index: number;
  /** Edits from the word looked up (0 for exact, stem and prefix look-ups). */
  distance: number;
}

/** Words whose typo neighbours a vocabulary keeps (see {@link Vocabulary.similar}). */
export const NEAR_CACHE_WORDS = 1000;

/**
 * Which doc sets a look-up may see: `allowed[docSetId] === 1`. Every vocabulary answer is
 * limited to terms that occur in an allowed doc set, so that spelling corrections and
 * completions never reveal words of a doc set the reader cannot open.
 */
export type DocSetMask = Uint8Array;

/**
 * The index's terms in memory, sorted, with their per-doc-set frequencies: exact, stem, prefix
 * and typo-tolerant look-ups in microseconds. Engine-agnostic: any store can build it from rows.
 */
export class Vocabulary {
  /** Sorted terms. */
  readonly terms: string[];
  /** Store id of each term. */
  readonly termIds: Int32Array;
  private readonly stems: string[];
  private readonly byTerm = new Map<string, number>();
  private readonly byStem = new Map<string, number[]>();
  private readonly byTermId = new Map<number, number>();
  private readonly dfStart: Int32Array;
  private readonly dfDocSet: Int32Array;
  private readonly dfCount: Int32Array;
  private trie: TermTrie | undefined;
  private readonly nearCache = new Map<string, TermMatch[]>();

  constructor(rows: readonly VocabularyRow[]) {
    const grouped = new Map<
      string,
      { termId: number; stem: string; dfs: Array<[number, number]> }
    >();
    for (const row of rows) {
      let entry = grouped.get(row.term);
      if (entry === undefined) {
        entry = { termId: row.termId, stem: row.stem, dfs: [] };
        grouped.set(row.term, entry);
      }
      entry.dfs.push([row.docSetId, row.df]);
    }
    this.terms = [...grouped.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const n = this.terms.length;
    this.termIds = new Int32Array(n);
    this.stems = new Array<string>(n);
    this.dfStart = new Int32Array(n + 1);
    this.dfDocSet = new Int32Array(rows.length);
    this.dfCount = new Int32Array(rows.length);
    let at = 0;
    this.terms.forEach((term, index) => {
      const entry = grouped.get(term) as {
        termId: number;
        stem: string;
        dfs: Array<[number, number]>;
      };
      this.termIds[index] = entry.termId;
      this.stems[index] = entry.stem;
      this.byTerm.set(term, index);
      this.byTermId.set(entry.termId, index);
      const siblings = this.byStem.get(entry.stem);
      if (siblings === undefined) this.byStem.set(entry.stem, [index]);
      else siblings.push(index);
      this.dfStart[index] = at;
      for (const [docSetId, df] of entry.dfs) {
        this.dfDocSet[at] = docSetId;
        this.dfCount[at] = df;
        at++;
      }
    });
    this.dfStart[n] = at;
  }

  /** Number of distinct terms. */
  get size(): number {
    return this.terms.length;
  }

  /** Index of a term, or -1. Ignores the mask: callers check `df`. */
  indexOf(term: string): number {
    return this.byTerm.get(term) ?? -1;
  }

  /** Index of a term by its store id, or -1. */
  indexOfTermId(termId: number): number {
    return this.byTermId.get(termId) ?? -1;
  }

  /** Stem of the term at an index. */
  stemAt(index: number): string {
    return this.stems[index] ?? '';
  }

  /** Sections of the allowed doc sets holding the term at an index. */
  df(index: number, allowed: DocSetMask): number {
    let total = 0;
    const end = this.dfStart[index + 1] as number;
    for (let k = this.dfStart[index] as number; k < end; k++) {
      if (allowed[this.dfDocSet[k] as number] === 1) total += this.dfCount[k] as number;
    }
    return total;
  }

  /** Terms sharing the stem, visible through the mask. */
  withStem(stem: string, allowed: DocSetMask): number[] {
    return (this.byStem.get(stem) ?? []).filter((index) => this.df(index, allowed) > 0);
  }

  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.terms[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Terms that start with a prefix (longer than it), most frequent first, at most `limit`.
   * Scans at most `scanLimit` terms so a one-letter prefix stays cheap; only the best `limit` are
   * sorted ({@link topRows}).
   */
  completions(prefix: string, allowed: DocSetMask, limit: number, scanLimit = 20_000): TermMatch[] {
    if (limit <= 0) return [];
    const start = this.lowerBound(prefix);
    // The terms that start with the prefix follow one another: where they end is found by
    // halving, not by testing each of them.
    let end = start;
    let past = Math.min(this.terms.length, start + scanLimit);
    while (end < past) {
      const mid = (end + past) >>> 1;
      if ((this.terms[mid] as string).startsWith(prefix)) end = mid + 1;
      else past = mid;
    }
    // The visible completions, in list order (which breaks ties), and each one's frequency by
    // its place after `start`: a short prefix has thousands.
    const found: number[] = [];
    const dfs = new Array<number>(end - start);
    for (let i = this.terms[start] === prefix ? start + 1 : start; i < end; i++) {
      const df = this.df(i, allowed);
      if (df <= 0) continue;
      found.push(i);
      dfs[i - start] = df;
    }
    const best = topRows(
      found,
      limit,
      (a, b) => (dfs[b - start] as number) - (dfs[a - start] as number) || a - b,
    );
    return best.map((index) => ({ index, distance: 0 }));
  }

  /**
   * Calls `found(end)` for each term of `minLength` characters or more, visible through the
   * mask, that `text` holds from `start` on (the term is `text.slice(start, end)`), shortest
   * first.
   */
  termEndsFrom(
    text: string,
    start: number,
    minLength: number,
    allowed: DocSetMask,
    found: (end: number) => void,
  ): void {
    this.trie ??= new TermTrie(this.terms);
    this.trie.termsFrom(text, start, (end, index) => {
      if (end - start >= minLength && this.df(index, allowed) > 0) found(end);
    });
  }

  /**
   * Terms within `maxEdits` insertions, deletions, substitutions or swaps of neighbouring
   * characters of a word (optimal string alignment distance), visible through the mask,
   * excluding the word itself; closest first, then most frequent.
   */
  similar(word: string, maxEdits: number, allowed: DocSetMask, limit = 50): TermMatch[] {
    const key = `${maxEdits}:${word}`;
    let near = this.nearCache.get(key);
    if (near === undefined) {
      this.trie ??= new TermTrie(this.terms);
      const list: TermMatch[] = [];
      this.trie.within(word, maxEdits, (index, distance) => {
        if (this.terms[index] !== word) list.push({ index, distance });
      });
      near = list;
      // Readers type the same words again and again (and "did you mean" asks twice): the least
      // recently used word leaves, so a busy portal's many one-off words do not evict them all.
      if (this.nearCache.size >= NEAR_CACHE_WORDS) {
        this.nearCache.delete(this.nearCache.keys().next().value as string);
      }
    } else {
      this.nearCache.delete(key);
    }
    this.nearCache.set(key, near);
    const found: Array<TermMatch & { df: number }> = [];
    for (const { index, distance } of near) {
      const df = this.df(index, allowed);
      if (df > 0) found.push({ index, distance, df });
    }
    found.sort((a, b) => a.distance - b.distance || b.df - a.df || a.index - b.index);
    return found.slice(0, limit).map(({ index, distance }) => ({ index, distance }));
  }
}
