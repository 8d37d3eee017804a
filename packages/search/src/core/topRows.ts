/**
 * The first `limit` rows in `before` order, sorted: a bounded heap, so a common word matching
 * most of a large corpus (or a short prefix with thousands of completions) does not mean
 * sorting all of it to keep a few.
 */
export function topRows(
  rows: readonly number[],
  limit: number,
  before: (a: number, b: number) => number,
): number[] {
  if (rows.length <= limit) return [...rows].sort(before);
  // Max-heap on "worst first": the root is the row that would be dropped first.
  const heap: number[] = [];
  const worse = (a: number, b: number) => before(a, b) > 0;
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i] as number, heap[parent] as number)) return;
      [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let top = i;
      if (left < heap.length && worse(heap[left] as number, heap[top] as number)) top = left;
      if (right < heap.length && worse(heap[right] as number, heap[top] as number)) top = right;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top] as number, heap[i] as number];
      i = top;
    }
  };
  for (const row of rows) {
    if (heap.length < limit) {
      heap.push(row);
      up(heap.length - 1);
    } else if (before(row, heap[0] as number) < 0) {
      heap[0] = row;
      down(0);
    }
  }
  return heap.sort(before);
}
