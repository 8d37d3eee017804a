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
  private rows: Int32Array[] = [];
  private path = new Uint16Array(128);

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
   * deletions, substitutions and swaps of neighbouring characters).
   */
  within(
    word: string,
    maxEdits: number,
    found: (termIndex: number, distance: number) => void,
  ): void {
    const m = word.length;
    const w = new Uint16Array(m);
    for (let j = 0; j < m; j++) w[j] = word.charCodeAt(j);
    const first = new Int32Array(m + 1);
    for (let j = 0; j <= m; j++) first[j] = j;
    this.rows[0] = first;
    const shortest = m - maxEdits;
    const longest = m + maxEdits;
    const visit = (node: number, depth: number): void => {
      if (depth >= this.path.length) return;
      if (
        (this.maxLength[node] as number) < shortest ||
        (this.minLength[node] as number) > longest
      ) {
        return;
      }
      let row = this.rows[depth];
      if (row === undefined || row.length !== m + 1) {
        row = new Int32Array(m + 1);
        this.rows[depth] = row;
      }
      const above = this.rows[depth - 1] as Int32Array;
      const aboveAbove = depth >= 2 ? (this.rows[depth - 2] as Int32Array) : undefined;
      const ch = this.char[node] as number;
      this.path[depth - 1] = ch;
      const previousChar = depth >= 2 ? (this.path[depth - 2] as number) : -1;
      row[0] = depth;
      let rowMin = depth;
      // Only cells within maxEdits of the diagonal can stay within the limit (Ukkonen's band);
      // the cells bordering the band hold the cap so the next rows read no stale values.
      const cap = maxEdits + 1;
      const lo = depth - maxEdits > 1 ? depth - maxEdits : 1;
      const hi = depth + maxEdits < m ? depth + maxEdits : m;
      if (lo > 1) row[lo - 1] = cap;
      if (hi < m) row[hi + 1] = cap;
      for (let j = lo; j <= hi; j++) {
        const cost = w[j - 1] === ch ? 0 : 1;
        let value = (above[j - 1] as number) + cost;
        const del = (above[j] as number) + 1;
        if (del < value) value = del;
        const ins = (row[j - 1] as number) + 1;
        if (ins < value) value = ins;
        if (aboveAbove !== undefined && j > 1 && ch === w[j - 2] && previousChar === w[j - 1]) {
          const swap = (aboveAbove[j - 2] as number) + 1;
          if (swap < value) value = swap;
        }
        if (value > cap) value = cap;
        row[j] = value;
        if (value < rowMin) rowMin = value;
      }
      const termIndex = this.term[node] as number;
      if (termIndex >= 0 && hi === m && m - depth <= maxEdits && (row[m] as number) <= maxEdits) {
        found(termIndex, row[m] as number);
      }
      if (rowMin > maxEdits) return;
      for (
        let child = this.firstChild[node] as number;
        child !== -1;
        child = this.nextSibling[child] as number
      ) {
        visit(child, depth + 1);
      }
    };
    for (
      let child = this.firstChild[0] as number;
      child !== -1;
      child = this.nextSibling[child] as number
    ) {
      visit(child, 1);
    }
  }
}
