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
