import { DocSetError } from './DocSetError';

/** Size limits of one published release: a guard against mistakes and archive bombs. */
export interface PublishLimits {
  /** Most files a release may hold. */
  maxFiles: number;
  /** Most bytes of one file. */
  maxFileBytes: number;
  /** Most bytes of all files together (before precompression). */
  maxTotalBytes: number;
}

/** Limits generous for any real documentation site, small enough to stop a runaway archive. */
export const DEFAULT_PUBLISH_LIMITS: PublishLimits = {
  maxFiles: 200_000,
  maxFileBytes: 1024 ** 3,
  maxTotalBytes: 8 * 1024 ** 3,
};

/** What a publish may report as it goes. */
export interface PublishProgress {
  /** `copying` the source into the new release, then `preparing` its files (digests, compression). */
  phase: 'copying' | 'preparing';
  /** Path of the file just copied or prepared, relative to the release root. */
  file: string;
  /** Files copied (or prepared) so far. */
  files: number;
  /** Files to prepare in all; null while copying (the source is walked as it is copied). */
  total: number | null;
  /** Bytes copied so far. */
  bytes: number;
}

/**
 * Counts what a publish stages against its limits, and is where a publish notices cancellation:
 * every staged file passes through `addFile`, which throws once the signal is aborted.
 */
export class PublishBudget {
  /** Files staged so far. */
  files = 0;
  /** Bytes staged so far. */
  bytes = 0;

  constructor(
    private readonly limits: PublishLimits,
    private readonly signal?: AbortSignal,
    private readonly onProgress?: (progress: PublishProgress) => void,
  ) {}

  /**
   * Accounts one file about to be staged.
   * @throws DocSetError `too_large` past a limit, `aborted` once the signal is aborted.
   */
  addFile(relative: string, size: number): void {
    this.checkAborted();
    if (size > this.limits.maxFileBytes) {
      throw new DocSetError(
        'too_large',
        `"${relative}" is ${size} bytes, over the limit of ${this.limits.maxFileBytes} bytes per file.`,
      );
    }
    this.files += 1;
    this.bytes += size;
    if (this.files > this.limits.maxFiles) {
      throw new DocSetError(
        'too_large',
        `The source holds more than ${this.limits.maxFiles} files, the limit of one release.`,
      );
    }
    if (this.bytes > this.limits.maxTotalBytes) {
      throw new DocSetError(
        'too_large',
        `The source holds more than ${this.limits.maxTotalBytes} bytes, the limit of one release.`,
      );
    }
    this.onProgress?.({
      phase: 'copying',
      file: relative,
      files: this.files,
      total: null,
      bytes: this.bytes,
    });
  }

  /** Reports that `done` of the release's `total` files are prepared (digested, compressed). */
  filePrepared(relative: string, done: number, total: number): void {
    this.onProgress?.({
      phase: 'preparing',
      file: relative,
      files: done,
      total,
      bytes: this.bytes,
    });
  }

  /** @throws DocSetError `aborted` once the publish's signal is aborted. */
  checkAborted(): void {
    if (this.signal?.aborted)
      throw new DocSetError('aborted', 'The publish was cancelled; nothing was published.');
  }
}
