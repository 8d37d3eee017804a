import { randomBytes } from 'node:crypto';
import {
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  rmdir,
  symlink,
  unlink,
} from 'node:fs/promises';
import path from 'node:path';

/** Name of the pointer (a relative symbolic link) to the release being served. */
export const CURRENT_LINK = 'current';
/** Metadata file written into each release; a dotfile, so it is never served. */
export const MANIFEST_FILE = '.release.json';

/** What a release's manifest records about it. */
export interface ReleaseManifest {
  /** Manifest format, for later migrations. */
  format: 1;
  /** The doc set. */
  docSetId: string;
  /** The release number. */
  release: number;
  /** ISO time the release was published. */
  publishedAt: string;
  /** The folder or archive it was published from. */
  source: string;
  /** Files published (without the precompressed siblings). */
  fileCount: number;
  /** Their bytes. */
  totalBytes: number;
  /** Content digest (base64url, 128 bits of SHA-256) per relative path: the ETag source. */
  digests: Record<string, string>;
}

function isErrno(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === code;
}

/**
 * The on-disk layout of one doc set's published versions:
 *
 * ```
 * <root>/<id>/releases/<n>/    complete releases, never modified once committed
 * <root>/<id>/current          relative symlink -> releases/<n>, replaced with rename(2)
 * <root>/<id>/staging/<tag>/   a release being built; removed when found by the next publish
 * <root>/<id>/.lock/           the publish lock when no PostgreSQL is configured (see publishLock/)
 * ```
 *
 * Readers follow `current`; since rename(2) replaces the link in one step, a reader sees either
 * the old release or the new one, whole. Methods that change the store are called holding the
 * doc set's publish lock.
 */
export class ReleaseStore {
  /** Folder of the complete releases. */
  readonly releasesDir: string;
  /** The pointer to the current release. */
  readonly currentLink: string;
  private readonly stagingRoot: string;

  constructor(
    /** `<root>/<id>`. */
    readonly dir: string,
  ) {
    this.releasesDir = path.join(dir, 'releases');
    this.currentLink = path.join(dir, CURRENT_LINK);
    this.stagingRoot = path.join(dir, 'staging');
  }

  /** Folder of release `n`. */
  releaseDir(n: number): string {
    return path.join(this.releasesDir, String(n));
  }

  /** The release `current` points at, or null when nothing is published yet. */
  async currentRelease(): Promise<number | null> {
    let target: string;
    try {
      target = await readlink(this.currentLink);
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return null;
      throw error;
    }
    const match = /^releases\/(\d+)$/.exec(target);
    return match ? Number(match[1]) : null;
  }

  /** Numbers of the committed releases, ascending. */
  async releaseNumbers(): Promise<number[]> {
    let names: string[];
    try {
      names = await readdir(this.releasesDir);
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return [];
      throw error;
    }
    return names
      .filter((name) => /^[1-9]\d*$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
  }

  /** The manifest of release `n`, or null when it has none or it cannot be read. */
  async readManifest(n: number): Promise<ReleaseManifest | null> {
    try {
      const parsed = JSON.parse(
        await readFile(path.join(this.releaseDir(n), MANIFEST_FILE), 'utf8'),
      ) as ReleaseManifest;
      return parsed.format === 1 ? parsed : null;
    } catch {
      return null;
    }
  }

  /** Removes releases being built by runs that did not finish. Call holding the lock. */
  async cleanStaging(): Promise<void> {
    await rm(this.stagingRoot, { recursive: true, force: true });
  }

  /** Removes a staging folder, and the staging root when nothing else is being built. */
  async removeStaging(work: string): Promise<void> {
    await rm(work, { recursive: true, force: true });
    await rmdir(this.stagingRoot).catch(() => undefined);
  }

  /** A new empty folder to build a release in. Call holding the lock. */
  async createStaging(): Promise<string> {
    const dir = path.join(this.stagingRoot, `${process.pid}-${randomBytes(4).toString('hex')}`);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** The number the next committed release gets. Call holding the lock. */
  async nextReleaseNumber(): Promise<number> {
    return ((await this.releaseNumbers()).at(-1) ?? 0) + 1;
  }

  /** Moves a fully built release folder to `releases/<n>` in one rename. Call holding the lock. */
  async commit(builtDir: string, n: number): Promise<void> {
    await mkdir(this.releasesDir, { recursive: true });
    await rename(builtDir, this.releaseDir(n));
  }

  /** Points `current` at release `n`: a new link made aside, then renamed over the old one. */
  async activate(n: number): Promise<void> {
    const aside = path.join(
      this.dir,
      `.${CURRENT_LINK}-${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    await symlink(`releases/${n}`, aside);
    try {
      await rename(aside, this.currentLink);
    } catch (error) {
      await unlink(aside).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Deletes old releases, keeping the `keep` newest plus `current` and the newest one before it
   * (the rollback target). Call holding the lock.
   */
  async prune(keep: number): Promise<number[]> {
    const numbers = await this.releaseNumbers();
    const current = await this.currentRelease();
    const kept = new Set(numbers.slice(-keep));
    if (current !== null) {
      kept.add(current);
      const previous = numbers.filter((n) => n < current).at(-1);
      if (previous !== undefined) kept.add(previous);
    }
    const removed = numbers.filter((n) => !kept.has(n));
    for (const n of removed) await rm(this.releaseDir(n), { recursive: true, force: true });
    return removed;
  }
}
