/** Deepest node a walk reads: terms longer than this are never found as typos. */
const MAX_DEPTH = 128;

/**
 * A character trie over a sorted term list, in flat typed arrays, for finding the terms within a
 * few edits of a word: a depth-first walk carries one row of the edit-distance table per depth
 * and leaves a branch as soon as every cell of its row is over the limit.
 *
 * Nodes are numbered breadth first, so the children of a node are neighbours in every array
 * (`firstChild[n]` up to `firstChild[n + 1]`, in character order): a walk reads a node's
 * children from one stretch of memory instead of following a sibling chain across the trie,
 * whose jumps to far-off nodes missed the processor's caches at almost every step.
 */
export class TermTrie {
  private readonly char: Uint16Array;
  /** First child of each node; the children of node n end where those of n + 1 start. */
  private readonly firstChild: Int32Array;
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
  /** End (exclusive) of the children being walked at each depth. */
  private readonly end = new Int32Array(MAX_DEPTH + 1);
  /** Characters a child at depth d must have to stay within the limit, `needCount[d]` of them
   * from `need[d * slots]` on (-1: any character); see `within`. */
  private need = new Uint16Array(0);
  private readonly needCount = new Int32Array(MAX_DEPTH + 1);
  private readonly needBits = new Int32Array(MAX_DEPTH + 1);

  /** Builds the trie of `terms`, which must be sorted; node 0 is the root. */
  constructor(terms: readonly string[]) {
    let nodes = 1;
    let previous = '';
    for (const term of terms) {
      const common = commonPrefix(previous, term);
      nodes += term.length - common;
      previous = term;
    }
    // First as a linked trie in the order the sorted terms give (depth first)...
    const char = new Uint16Array(nodes);
    const firstChild = new Int32Array(nodes).fill(-1);
    const nextSibling = new Int32Array(nodes).fill(-1);
    const lastChild = new Int32Array(nodes).fill(-1);
    const term = new Int32Array(nodes).fill(-1);
    const minLength = new Uint8Array(nodes).fill(255);
    const maxLength = new Uint8Array(nodes);
    const stack: number[] = [0];
    let next = 1;
    previous = '';
    terms.forEach((t, index) => {
      const common = commonPrefix(previous, t);
      stack.length = common + 1;
      for (let d = common; d < t.length; d++) {
        const parent = stack[d] as number;
        const node = next++;
        char[node] = t.charCodeAt(d);
        if (lastChild[parent] === -1) firstChild[parent] = node;
        else nextSibling[lastChild[parent] as number] = node;
        lastChild[parent] = node;
        stack.push(node);
      }
      term[stack[t.length] as number] = index;
      const length = t.length > 255 ? 255 : t.length;
      for (let d = 0; d <= t.length; d++) {
        const node = stack[d] as number;
        if (length < (minLength[node] as number)) minLength[node] = length;
        if (length > (maxLength[node] as number)) maxLength[node] = length;
      }
      previous = t;
    });
    // ...then numbered breadth first: `order[i]` is the linked node that becomes node i.
    const order = new Int32Array(nodes);
    this.firstChild = new Int32Array(nodes + 1);
    let tail = 1;
    for (let head = 0; head < nodes; head++) {
      this.firstChild[head] = tail;
      for (
        let c = firstChild[order[head] as number] as number;
        c !== -1;
        c = nextSibling[c] as number
      ) {
        order[tail++] = c;
      }
    }
    this.firstChild[nodes] = tail;
    this.char = new Uint16Array(nodes);
    this.term = new Int32Array(nodes);
    this.minLength = new Uint8Array(nodes);
    this.maxLength = new Uint8Array(nodes);
    for (let i = 0; i < nodes; i++) {
      const old = order[i] as number;
      this.char[i] = char[old] as number;
      this.term[i] = term[old] as number;
      this.minLength[i] = minLength[old] as number;
      this.maxLength[i] = maxLength[old] as number;
    }
  }

  /**
   * Calls `found(end, termIndex)` for every term that `text` holds from `start` on (the term is
   * `text.slice(start, end)`), shortest first: one step down the trie per character, ending where
   * no term goes on, so a text is read without a look-up per substring.
   */
  termsFrom(text: string, start: number, found: (end: number, termIndex: number) => void): void {
    let node = 0;
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // Children are in character order: the root has one per first letter.
      let lo = this.firstChild[node] as number;
      let hi = this.firstChild[node + 1] as number;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((this.char[mid] as number) < c) lo = mid + 1;
        else hi = mid;
      }
      if (lo === (this.firstChild[node + 1] as number) || this.char[lo] !== c) return;
      node = lo;
      const term = this.term[node] as number;
      if (term >= 0) found(i + 1, term);
    }
  }

  /**
   * Calls `found(termIndex, distance)` for every term within `maxEdits` of `word` (insertions,
   * deletions, substitutions and swaps of neighbouring characters). A depth-first walk without
   * recursion: `at[d]` is the node walked at depth d, and row d of one flat table its row of the
   * edit-distance table (a table kept between calls, grown when a longer word needs it).
   *
   * A node whose best cell has used every edit can only be continued by a child that matches
   * the word after one of those cells: the few characters that do are listed for its children,
   * and the others are passed over without a row of their own. Near the root, where most
   * branches are one edit away, that spares most rows (a one-edit walk of a 5-letter word on
   * the Python docs' words: 1,100 rows -> 130).
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
    // Per depth: one character for each cell of a row's band.
    const slots = 2 * maxEdits + 2;
    if (this.need.length < (maxDepth + 1) * slots) {
      this.need = new Uint16Array((maxDepth + 1) * slots);
    }
    const need = this.need;
    const needCount = this.needCount;
    const needBits = this.needBits;
    needCount[1] = -1;
    const table = this.table;
    const w = this.word;
    const path = this.path;
    const at = this.at;
    const end = this.end;
    const char = this.char;
    const firstChild = this.firstChild;
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
    end[1] = firstChild[1] as number;
    while (depth > 0) {
      if (node === end[depth]) {
        // Every child of the node at depth - 1 is done: on to that node's next sibling.
        depth--;
        if (depth === 0) break;
        node = (at[depth] as number) + 1;
        continue;
      }
      const needed = needCount[depth] as number;
      if (needed >= 0) {
        // One bit per character code modulo 32 turns most characters away in one test.
        const c = char[node] as number;
        let i = depth * slots;
        const stop = (needBits[depth] as number) & (1 << (c & 31)) ? i + needed : i;
        while (i < stop && need[i] !== c) i++;
        if (i === stop) {
          node++;
          continue;
        }
      }
      if ((maxLength[node] as number) < shortest || (minLength[node] as number) > longest) {
        node++;
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
      const childrenEnd = firstChild[node + 1] as number;
      if (rowMin <= maxEdits && child !== childrenEnd && depth + 1 < maxDepth) {
        if (rowMin < maxEdits) {
          needCount[depth + 1] = -1;
        } else {
          // Every cell is at the limit: a child's cell j stays there only by matching the word
          // after a cell j - 1 at the limit (every other move adds an edit). A swap of the child's
          // character with this one needs cell j - 2 of the row above under the limit; then this
          // row's cell j - 2 is at the limit (a deletion), and the child's character is listed.
          const base = (depth + 1) * slots;
          let n = 0;
          let bits = 0;
          const jLo = depth + 1 - maxEdits > 1 ? depth + 1 - maxEdits : 1;
          const jHi = depth + 1 + maxEdits < m ? depth + 1 + maxEdits : m;
          for (let j = jLo; j <= jHi; j++) {
            if (table[row + j - 1] === maxEdits) {
              const c = w[j - 1] as number;
              need[base + n++] = c;
              bits |= 1 << (c & 31);
            }
          }
          needCount[depth + 1] = n;
          needBits[depth + 1] = bits;
        }
        depth++;
        end[depth] = childrenEnd;
        node = child;
      } else {
        node++;
      }
    }
  }
}

/** Length of the common start of two strings. */
function commonPrefix(a: string, b: string): number {
  let common = 0;
  while (common < a.length && common < b.length && a.charCodeAt(common) === b.charCodeAt(common)) {
    common++;
  }
  return common;
}
