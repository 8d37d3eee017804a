import type { ReaderAccess } from './SearchEngine';

/** Bounds of the engine's result cache. */
export interface ResultCacheOptions {
  /** Most answers kept; 0 turns the cache off. */
  entries: number;
  /** Most bytes kept, counting each answer as the length of its JSON (UTF-16 code units). */
  bytes: number;
}

/** 2,000 answers, at most 32 MiB: a few seconds of distinct searches at full load. */
export const DEFAULT_RESULT_CACHE: ResultCacheOptions = { entries: 2000, bytes: 32 * 1024 * 1024 };

/** No cache of answers: every search is computed (benches that time the engine's own work). */
export const NO_RESULT_CACHE: ResultCacheOptions = { entries: 0, bytes: 0 };

/** How the cache has been doing since the engine was created. */
export interface ResultCacheStats {
  /** Answers served from the cache. */
  hits: number;
  /** Answers computed (and kept when they fit). */
  misses: number;
  /** Answers kept now. */
  entries: number;
  /** Bytes kept now (see {@link ResultCacheOptions.bytes}). */
  bytes: number;
}

/**
 * The key of an answer: everything it depends on. The index generation (any write makes older
 * entries unreachable), the rules in force, the exact doc sets the reader may read (in the order
 * given: the same access always gives the same list), the operation, and the request as
 * validated. Two keys are equal only when all of these are, so an answer is never served to a
 * reader whose access differs from the one it was computed for.
 */
export function resultCacheKey(
  generation: string,
  rulesId: number,
  operation: 'search' | 'suggest',
  access: ReaderAccess,
  request: object,
): string {
  return JSON.stringify([generation, rulesId, operation, access.docSetIds, request]);
}

/**
 * A least-recently-used map of answers bounded by entries and bytes. Entries of older index
 * generations are never read again (their keys name the generation) and age out; the whole map
 * is also dropped when a new generation is first seen, so they do not hold memory meanwhile.
 */
export class ResultCache<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private size = 0;
  private generation = '';
  private hits = 0;
  private misses = 0;

  constructor(private readonly options: ResultCacheOptions) {}

  /** Whether anything is ever kept. */
  get enabled(): boolean {
    return this.options.entries > 0 && this.options.bytes > 0;
  }

  /** Forgets everything when `generation` is not the one the kept answers were computed on. */
  useGeneration(generation: string): void {
    if (generation === this.generation) return;
    this.generation = generation;
    this.map.clear();
    this.size = 0;
  }

  /** The answer under `key`, now the most recently used; counts a hit or a miss. */
  get(key: string): V | undefined {
    const entry = this.map.get(key);
    if (entry === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key` unless it alone is over the byte bound; evicts the least used. */
  set(key: string, value: V, bytes: number): void {
    if (!this.enabled || bytes > this.options.bytes) return;
    const previous = this.map.get(key);
    if (previous !== undefined) {
      this.map.delete(key);
      this.size -= previous.bytes;
    }
    this.map.set(key, { value, bytes });
    this.size += bytes;
    for (const [oldest, entry] of this.map) {
      if (this.map.size <= this.options.entries && this.size <= this.options.bytes) break;
      this.map.delete(oldest);
      this.size -= entry.bytes;
    }
  }

  stats(): ResultCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.map.size, bytes: this.size };
  }
}

/** Rounds a duration to hundredths of a millisecond, as `tookMs` is given. */
function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/**
 * The engine's cache of search and suggest answers: a {@link ResultCache} keyed by
 * {@link resultCacheKey}, with a number per compiled rule set. The one place that decides when
 * an answer may be served again, for the engine in this thread and for query threads alike.
 */
export class AnswerCache {
  private readonly cache: ResultCache<object>;
  /** A number per compiled rule set seen (rules are compiled once per published version). */
  private readonly rulesIds = new WeakMap<object, number>();
  private rulesCount = 0;

  constructor(options: ResultCacheOptions) {
    this.cache = new ResultCache(options);
  }

  /** Whether anything is ever kept. */
  get enabled(): boolean {
    return this.cache.enabled;
  }

  /** Hits and misses since the engine was created, and what is kept now. */
  stats(): ResultCacheStats {
    return this.cache.stats();
  }

  /** The number of a rule set (0: none), the same for the same compiled object. */
  rulesId(rules: object | undefined): number {
    if (rules === undefined) return 0;
    let id = this.rulesIds.get(rules);
    if (id === undefined) {
      id = ++this.rulesCount;
      this.rulesIds.set(rules, id);
    }
    return id;
  }

  /**
   * The kept answer for this generation, rules, operation, access and request, or `compute`'s
   * (kept for the next caller). Answers are shared between callers: they must not be changed.
   * `tookMs` of an answer served from the cache is the time of the lookup (`started` is when
   * the caller began), not the time it took when it was first computed.
   */
  async answer<R extends object>(
    generation: string,
    rules: object | undefined,
    operation: 'search' | 'suggest',
    request: object,
    access: ReaderAccess,
    started: number,
    compute: () => Promise<R>,
  ): Promise<R> {
    if (!this.cache.enabled) return compute();
    this.cache.useGeneration(generation);
    const key = resultCacheKey(generation, this.rulesId(rules), operation, access, request);
    const hit = this.cache.get(key) as R | undefined;
    if (hit !== undefined) {
      return 'tookMs' in hit ? { ...hit, tookMs: roundMs(performance.now() - started) } : hit;
    }
    const answer = await compute();
    this.cache.set(key, answer, JSON.stringify(answer).length);
    return answer;
  }
}
