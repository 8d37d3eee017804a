import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';

/** Limits of the in-memory cache of small doc files. */
export interface FileCacheLimits {
  /** Most bytes held in all. */
  maxBytes: number;
  /** Files larger than this are streamed from disk, never cached. */
  maxFileBytes: number;
}

/** 64 MB in all, files up to 512 KB: the pages, styles and scripts readers fetch most. */
export const DEFAULT_FILE_CACHE_LIMITS: FileCacheLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxFileBytes: 512 * 1024,
};

/**
 * Keeps the contents of recently served small files in memory (least recently used out first), so
 * a hot page costs no file system call at all. Keys are absolute paths inside release folders,
 * which never change once published: a new release has new paths, and the old ones age out.
 */
export class FileCache {
  private readonly entries: LRUCache<string, Buffer>;

  constructor(readonly limits: FileCacheLimits = DEFAULT_FILE_CACHE_LIMITS) {
    this.entries = new LRUCache<string, Buffer>({
      maxSize: limits.maxBytes,
      maxEntrySize: limits.maxFileBytes,
      // lru-cache wants sizes above zero: an empty file counts as one byte.
      sizeCalculation: (data) => Math.max(1, data.length),
      fetchMethod: (file) => readFile(file),
    });
  }

  /** Whether a file of `size` bytes is served from this cache (else it is streamed). */
  fits(size: number): boolean {
    return size <= this.limits.maxFileBytes;
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return this.entries.calculatedSize;
  }

  /** The cached contents of `file`, or undefined; a hit makes it the most recently used. */
  get(file: string): Buffer | undefined {
    return this.entries.get(file);
  }

  /**
   * The contents of `file`, read once however many requests ask at the same time.
   * @throws the read error (ENOENT when the release was removed meanwhile).
   */
  async load(file: string): Promise<Buffer> {
    const data = await this.entries.fetch(file);
    if (data === undefined) throw new Error(`no contents read for ${file}`);
    return data;
  }
}
