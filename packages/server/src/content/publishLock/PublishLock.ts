import { DocSetError } from '../DocSetError';

/** Options of one {@link PublishLock.withLock} call. */
export interface PublishLockOptions {
  /**
   * Wait for a holder to finish (up to two minutes) instead of failing at once. The server's
   * start-up publish waits, so replicas starting together publish a doc set once; the CLI does not.
   */
  wait?: boolean;
}

/**
 * The exclusive right to change one doc set's releases (publish, roll back), held by one process on
 * one host at a time. Implementations must work across hosts sharing the data folder: a PostgreSQL
 * advisory lock, or a lock file that goes stale by age (a process id means nothing on another host).
 */
export interface PublishLock {
  /**
   * Runs `task` holding the lock of `docSetId` and releases it afterwards, whatever happens.
   * `lost` is aborted when the lock stops being ours while `task` runs (the lock file was taken
   * over as stale, the PostgreSQL connection dropped): the task must then not change the served
   * release.
   * @throws DocSetError `busy` when another process holds it (after waiting, with `wait`), or
   *   `lock_unavailable` when the lock itself cannot be reached.
   */
  withLock<T>(
    docSetId: string,
    task: (lost: AbortSignal) => Promise<T>,
    options?: PublishLockOptions,
  ): Promise<T>;
  /** What the lock is, for messages: `lock file` or `PostgreSQL advisory lock (search.postgres)`. */
  readonly description: string;
}

/** How long a waiting `withLock` tries before giving up. */
export const LOCK_WAIT_MS = 120_000;
/** Pause between two attempts while waiting. */
export const LOCK_RETRY_MS = 100;

/**
 * The error of a task that noticed its lock was lost before changing the served release (it
 * checks `lost` before each step that other holders could undo or collide with).
 */
export function lockLost(docSetId: string): DocSetError {
  return new DocSetError(
    'lock_lost',
    `The publish lock of doc set "${docSetId}" was lost while working (taken over as stale, or the connection to PostgreSQL dropped); nothing was changed. Try again.`,
  );
}
