import { hostname } from 'node:os';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { DocSetError } from '../DocSetError';
import {
  LOCK_RETRY_MS,
  LOCK_WAIT_MS,
  type PublishLock,
  type PublishLockOptions,
} from './PublishLock';

/** Name of the lock (a folder, made with mkdir(2), which is atomic on NFS too) in a doc set's store. */
export const LOCK_NAME = '.lock';
/** Beside the lock: who holds it, for the `busy` message only (never trusted for staleness). */
const HOLDER_NAME = '.lock-holder';

/** Tuning of {@link FilePublishLock}. */
export interface FilePublishLockOptions {
  /**
   * A lock not refreshed for this long is stale and taken over (ms, default 30000, at least 2000).
   * The holder refreshes it every sixth of that, so only a dead or frozen holder leaves it stale.
   */
  staleMs?: number;
  /** Name of this host in the holder note (default: os.hostname()). */
  host?: string;
}

/** Default age after which an unrefreshed lock is taken over. */
export const DEFAULT_LOCK_STALE_MS = 30_000;

function isLocked(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ELOCKED';
}

/**
 * The publish lock as a folder in the doc set's store (`<root>/<id>/.lock`), through
 * proper-lockfile: the holder keeps touching it, and a lock whose last touch is older than
 * `staleMs` is taken over. Age is the only test, so it works for processes on different hosts
 * sharing the data folder, where a process id would mean nothing.
 */
export class FilePublishLock implements PublishLock {
  readonly description = 'lock file';
  private readonly staleMs: number;
  private readonly host: string;

  constructor(
    /** Folder holding one store per doc set (`<dataDir>/docsets`). */
    private readonly root: string,
    options: FilePublishLockOptions = {},
  ) {
    this.staleMs = Math.max(options.staleMs ?? DEFAULT_LOCK_STALE_MS, 2_000);
    this.host = options.host ?? hostname();
  }

  /** The lock folder of `docSetId`. */
  lockPath(docSetId: string): string {
    return path.join(this.root, docSetId, LOCK_NAME);
  }

  async withLock<T>(
    docSetId: string,
    task: (lost: AbortSignal) => Promise<T>,
    options: PublishLockOptions = {},
  ): Promise<T> {
    const dir = path.join(this.root, docSetId);
    await mkdir(dir, { recursive: true });
    const lost = new AbortController();
    const deadline = Date.now() + (options.wait ? LOCK_WAIT_MS : 0);
    let release: () => Promise<void>;
    for (;;) {
      try {
        release = await lock(dir, {
          lockfilePath: this.lockPath(docSetId),
          realpath: false,
          stale: this.staleMs,
          update: Math.max(1_000, Math.floor(this.staleMs / 6)),
          onCompromised: (error) => lost.abort(error),
        });
        break;
      } catch (error) {
        if (!isLocked(error)) throw error;
        if (Date.now() >= deadline) throw await this.busy(dir, docSetId);
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
    }
    const holder = path.join(dir, HOLDER_NAME);
    await writeFile(
      holder,
      JSON.stringify({ host: this.host, pid: process.pid, since: new Date().toISOString() }),
    ).catch(() => undefined);
    try {
      return await task(lost.signal);
    } finally {
      if (!lost.signal.aborted) {
        await rm(holder, { force: true });
        await release().catch(() => undefined);
      }
    }
  }

  private async busy(dir: string, docSetId: string): Promise<DocSetError> {
    let who = '';
    try {
      const note = JSON.parse(await readFile(path.join(dir, HOLDER_NAME), 'utf8')) as {
        host?: unknown;
        pid?: unknown;
        since?: unknown;
      };
      who = ` (host ${String(note.host)}, process ${String(note.pid)}, since ${String(note.since)})`;
    } catch {
      // No note: the holder has only just taken the lock, or died before writing it.
    }
    return new DocSetError(
      'busy',
      `Another publish or rollback of doc set "${docSetId}" is running${who}; try again when it has finished. ` +
        `A lock left by a process that died is taken over once it is ${Math.round(this.staleMs / 1000)} s old: ${this.lockPath(docSetId)}`,
    );
  }
}
