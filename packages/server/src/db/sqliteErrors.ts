import type { WalIndexGuard } from '@docs-portal/search';

/** True when SQLite refused because another connection holds the lock it needs. */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code);
}

/** SQLite errors of the file itself (disk, permissions, corruption), as opposed to a bad query. */
export function isSqliteFileError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    /^SQLITE_(IOERR|READONLY|FULL|CANTOPEN|CORRUPT|NOTADB|PERM)(_|$)/.test(code)
  );
}

/** Default patience of {@link whenSqliteFree}: short, since a request is waiting (ms). */
export const DEFAULT_SQLITE_LOCK_PATIENCE_MS = 1_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a synchronous SQLite `work` (opened with a busy timeout of 0) and, while another connection
 * holds the lock it needs, tries again after growing pauses instead of waiting inside SQLite: the
 * process keeps answering other requests while one waits for the file. Gives up with the last
 * `SQLITE_BUSY` error after `patienceMs`.
 */
export async function whenSqliteFree<T>(
  work: () => T,
  patienceMs = DEFAULT_SQLITE_LOCK_PATIENCE_MS,
): Promise<T> {
  const deadline = Date.now() + patienceMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      return work();
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() + wait > deadline) throw error;
    }
    await pause(wait);
  }
}

/** True when the guard passes, after a repair when one was needed. */
export function walIndexUsable(guard: WalIndexGuard): boolean {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      guard.check();
      return true;
    } catch {
      // A repair fails its first check so that it is logged; the second tells.
    }
  }
  return false;
}
