import { readFile } from 'node:fs/promises';

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
  private readonly entries = new Map<string, Buffer>();
  private readonly loading = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(readonly limits: FileCacheLimits = DEFAULT_FILE_CACHE_LIMITS) {}

  /** Whether a file of `size` bytes is served from this cache (else it is streamed). */
  fits(size: number): boolean {
    return size <= this.limits.maxFileBytes;
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** The cached contents of `file`, or undefined; a hit makes it the most recently used. */
  get(file: string): Buffer | undefined {
    const hit = this.entries.get(file);
    if (hit) {
      this.entries.delete(file);
      this.entries.set(file, hit);
    }
    return hit;
  }

  /**
   * The contents of `file`, read once however many requests ask at the same time.
   * @throws the read error (ENOENT when the release was removed meanwhile).
   */
  async load(file: string): Promise<Buffer> {
    const hit = this.get(file);
    if (hit) return hit;
    let pending = this.loading.get(file);
    if (!pending) {
      pending = readFile(file).then(
        (data) => {
          this.loading.delete(file);
          this.store(file, data);
          return data;
        },
        (error: unknown) => {
          this.loading.delete(file);
          throw error;
        },
      );
      this.loading.set(file, pending);
    }
    return pending;
  }

  private store(file: string, data: Buffer): void {
    if (data.length > this.limits.maxFileBytes || this.entries.has(file)) return;
    this.entries.set(file, data);
    this.bytes += data.length;
    for (const [oldest, held] of this.entries) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= held.length;
    }
  }
}
