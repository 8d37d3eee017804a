/** A deterministic source of random choices, so a seed always yields the same corpus. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A uniformly chosen element. */
  pick<T>(items: readonly T[]): T;
  /** An element chosen with Zipf weights (rank r has weight 1 / r^exponent). */
  zipf<T>(items: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
}

/** Mulberry32: tiny, fast and good enough for generating text. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Creates a seeded random source. `zipfExponent` (default 1.0) shapes `zipf()`: cumulative
 * weights are computed once per list length and looked up by binary search.
 */
export function createSeededRandom(seed: number, zipfExponent = 1): SeededRandom {
  const next = mulberry32(seed);
  const cumulativeByLength = new Map<number, Float64Array>();
  const cumulative = (length: number): Float64Array => {
    let table = cumulativeByLength.get(length);
    if (!table) {
      table = new Float64Array(length);
      let sum = 0;
      for (let rank = 0; rank < length; rank++) {
        sum += 1 / Math.pow(rank + 1, zipfExponent);
        table[rank] = sum;
      }
      cumulativeByLength.set(length, table);
    }
    return table;
  };
  const at = <T>(items: readonly T[], index: number): T => {
    const item = items[index];
    if (item === undefined) throw new Error(`index ${index} outside a list of ${items.length}`);
    return item;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => at(items, Math.floor(next() * items.length)),
    zipf: (items) => {
      const table = cumulative(items.length);
      const target = next() * (table[table.length - 1] ?? 0);
      let low = 0;
      let high = table.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((table[middle] ?? 0) < target) low = middle + 1;
        else high = middle;
      }
      return at(items, low);
    },
    chance: (probability) => next() < probability,
  };
}
