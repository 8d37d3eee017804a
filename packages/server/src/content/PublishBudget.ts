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

/** What a publish may report as it copies. */
export interface PublishProgress {
  /** Path of the file just staged, relative to the release root. */
  file: string;
  /** Files staged so far. */
  files: number;
  /** Bytes staged so far. */
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
    this.onProgress?.({ file: relative, files: this.files, bytes: this.bytes });
  }

  /** @throws DocSetError `aborted` once the publish's signal is aborted. */
  checkAborted(): void {
    if (this.signal?.aborted)
      throw new DocSetError('aborted', 'The publish was cancelled; nothing was published.');
  }
}
