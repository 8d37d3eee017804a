import { accessSync, constants, statSync, truncateSync } from 'node:fs';
import { dirname } from 'node:path';

/** A SQLite file in WAL mode that this process can no longer use without risking a crash. */
export class WalIndexLostError extends Error {
  override name = 'WalIndexLostError';
}

/** Told when the guard finds the file damaged and when it repairs it (for the outage log). */
export interface WalIndexGuardEvents {
  /** The shared-memory file shrank under the open connections and was given its size back. */
  repaired?(details: { file: string; from: number; to: number }): void;
}

/**
 * Protects a process from its own SQLite connections. In WAL mode SQLite memory-maps the
 * `-shm` file (the WAL index) and reads and writes it on every transaction; when something else
 * shrinks that file (a cleanup job, a restore, a copy over it) or its file system goes read-only
 * after an error, the next touch of the mapping kills the whole process with SIGBUS, which
 * nothing can catch. Call {@link check} before each use of the connections: it gives a shrunk
 * file its size back (SQLite then rebuilds the index from the WAL) and throws
 * {@link WalIndexLostError}, without touching the mapping, when it cannot.
 */
export class WalIndexGuard {
  private readonly shm: string;
  private seen = 0;

  /** @param databaseFile the SQLite file (`:memory:` needs no guard). */
  constructor(
    private readonly databaseFile: string,
    private readonly events: WalIndexGuardEvents = {},
  ) {
    this.shm = `${databaseFile}-shm`;
  }

  /** @throws WalIndexLostError when the connections must not be used now. */
  check(): void {
    if (this.databaseFile === ':memory:') return;
    let size: number;
    try {
      size = statSync(this.shm).size;
      accessSync(this.shm, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A removed -shm file stays mapped and valid: only other processes lose sight of it.
      if (code === 'ENOENT' || code === 'EACCES') return;
      throw new WalIndexLostError(`${dirname(this.shm)} cannot be written (${code ?? 'error'})`, {
        cause: error,
      });
    }
    if (size >= this.seen) {
      this.seen = size;
      return;
    }
    try {
      truncateSync(this.shm, this.seen);
    } catch (error) {
      throw new WalIndexLostError(`${this.shm} shrank and cannot be restored`, { cause: error });
    }
    this.events.repaired?.({ file: this.shm, from: size, to: this.seen });
  }
}
