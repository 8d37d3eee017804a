/** Deepest node a walk reads: terms longer than this are never found as typos. */
const MAX_DEPTH = 128;

/**
 * A character trie over a sorted term list, in flat typed arrays, for finding the terms within a
 * few edits of a word: a depth-first walk carries one row of the edit-distance table per depth
 * and leaves a branch as soon as every cell of its row is over the limit.
 */
export class TermTrie {
  private readonly char: Uint16Array;
  private readonly firstChild: Int32Array;
  private readonly nextSibling: Int32Array;
  private readonly term: Int32Array;
  /** Shortest and longest term length below each node (capped at 255): a walk skips subtrees
   * whose terms are all too short or too long to be within the edit limit. */
  private readonly minLength: Uint8Array;
  private readonly maxLength: Uint8Array;
  /** Rows of the edit-distance table, one per depth, flat (see `within`). */
  private table = new Int32Array(0);
  private word = new Uint16Array(0);
  private readonly path = new Uint16Array(MAX_DEPTH);
  private readonly at = new Int32Array(MAX_DEPTH + 1);

  /** Builds the trie of `terms`, which must be sorted; node 0 is the root. */
  constructor(terms: readonly string[]) {
    let nodes = 1;
    let previous = '';
    for (const term of terms) {
      let common = 0;
      while (
        common < previous.length &&
        common < term.length &&
        previous.charCodeAt(common) === term.charCodeAt(common)
      ) {
        common++;
      }
      nodes += term.length - common;
      previous = term;
    }
    this.char = new Uint16Array(nodes);
    this.firstChild = new Int32Array(nodes).fill(-1);
    this.nextSibling = new Int32Array(nodes).fill(-1);
    this.term = new Int32Array(nodes).fill(-1);
    const lastChild = new Int32Array(nodes).fill(-1);
    this.minLength = new Uint8Array(nodes).fill(255);
    this.maxLength = new Uint8Array(nodes);
    const stack: number[] = [0];
    let next = 1;
    previous = '';
    terms.forEach((term, index) => {
      let common = 0;
      while (
        common < previous.length &&
        common < term.length &&
        previous.charCodeAt(common) === term.charCodeAt(common)
      ) {
        common++;
      }
      stack.length = common + 1;
      for (let d = common; d < term.length; d++) {
        const parent = stack[d] as number;
        const node = next++;
        this.char[node] = term.charCodeAt(d);
        if (lastChild[parent] === -1) this.firstChild[parent] = node;
        else this.nextSibling[lastChild[parent] as number] = node;
        lastChild[parent] = node;
        stack.push(node);
      }
      this.term[stack[term.length] as number] = index;
      const length = term.length > 255 ? 255 : term.length;
      for (let d = 0; d <= term.length; d++) {
        const node = stack[d] as number;
        if (length < (this.minLength[node] as number)) this.minLength[node] = length;
        if (length > (this.maxLength[node] as number)) this.maxLength[node] = length;
      }
      previous = term;
    });
  }

  /**
   * Calls `found(termIndex, distance)` for every term within `maxEdits` of `word` (insertions,
   * deletions, substitutions and swaps of neighbouring characters). A depth-first walk without
   * recursion: `at[d]` is the node walked at depth d, and row d of one flat table its row of the
   * edit-distance table (a table kept between calls, grown when a longer word needs it).
   */
  within(
    word: string,
    maxEdits: number,
    found: (termIndex: number, distance: number) => void,
  ): void {
    const m = word.length;
    const width = m + 1;
    const maxDepth = MAX_DEPTH;
    if (this.table.length < (maxDepth + 1) * width) {
      this.table = new Int32Array((maxDepth + 1) * width);
    }
    if (this.word.length < m) this.word = new Uint16Array(m);
    const table = this.table;
    const w = this.word;
    const path = this.path;
    const at = this.at;
    const char = this.char;
    const firstChild = this.firstChild;
    const nextSibling = this.nextSibling;
    const term = this.term;
    const minLength = this.minLength;
    const maxLength = this.maxLength;
    for (let j = 0; j < m; j++) w[j] = word.charCodeAt(j);
    for (let j = 0; j <= m; j++) table[j] = j;
    const shortest = m - maxEdits;
    const longest = m + maxEdits;
    const cap = maxEdits + 1;
    let depth = 1;
    let node = firstChild[0] as number;
    while (depth > 0) {
      if (node === -1) {
        // Every child of the node at depth - 1 is done: on to that node's next sibling.
        depth--;
        if (depth === 0) break;
        node = nextSibling[at[depth] as number] as number;
        continue;
      }
      if ((maxLength[node] as number) < shortest || (minLength[node] as number) > longest) {
        node = nextSibling[node] as number;
        continue;
      }
      at[depth] = node;
      const row = depth * width;
      const above = row - width;
      const aboveAbove = above - width;
      const ch = char[node] as number;
      path[depth - 1] = ch;
      const previousChar = depth >= 2 ? (path[depth - 2] as number) : -1;
      table[row] = depth;
      let rowMin = depth;
      // Only cells within maxEdits of the diagonal can stay within the limit (Ukkonen's band);
      // the cells bordering the band hold the cap so the next rows read no stale values.
      const lo = depth - maxEdits > 1 ? depth - maxEdits : 1;
      const hi = depth + maxEdits < m ? depth + maxEdits : m;
      if (lo > 1) table[row + lo - 1] = cap;
      if (hi < m) table[row + hi + 1] = cap;
      for (let j = lo; j <= hi; j++) {
        const cost = w[j - 1] === ch ? 0 : 1;
        let value = (table[above + j - 1] as number) + cost;
        const del = (table[above + j] as number) + 1;
        if (del < value) value = del;
        const ins = (table[row + j - 1] as number) + 1;
        if (ins < value) value = ins;
        if (depth >= 2 && j > 1 && ch === w[j - 2] && previousChar === w[j - 1]) {
          const swap = (table[aboveAbove + j - 2] as number) + 1;
          if (swap < value) value = swap;
        }
        if (value > cap) value = cap;
        table[row + j] = value;
        if (value < rowMin) rowMin = value;
      }
      const termIndex = term[node] as number;
      const last = table[row + m] as number;
      if (termIndex >= 0 && hi === m && m - depth <= maxEdits && last <= maxEdits) {
        found(termIndex, last);
      }
      const child = firstChild[node] as number;
      if (rowMin <= maxEdits && child !== -1 && depth + 1 < maxDepth) {
        depth++;
        node = child;
      } else {
        node = nextSibling[node] as number;
      }
    }
  }
}
