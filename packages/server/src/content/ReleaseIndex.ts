import type { Dirent } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, isCompressible } from './contentTypes';
import { readRedirects, type ReleaseRedirects } from './linkIntegrity';
import { MANIFEST_FILE, type ReleaseManifest } from './ReleaseStore';

/** One stored representation of a file: the original or a precompressed sibling. */
export interface FileVariant {
  /** Absolute path on disk. */
  path: string;
  /** Bytes on disk. */
  size: number;
  /** Strong ETag of this representation, quotes included. */
  etag: string;
}

/** A servable file of a release, with everything the response headers need precomputed. */
export interface DocFile {
  /** The original (identity encoding). */
  identity: FileVariant;
  /** The `.gz` sibling, when one was made at publish time. */
  gzip: FileVariant | null;
  /** The `.br` sibling, when one was made at publish time. */
  brotli: FileVariant | null;
  /** Content-Type header value. */
  contentType: string;
  /** Last-Modified header value (HTTP date). */
  lastModified: string;
  /** Modification time in whole seconds, for If-Modified-Since. */
  modifiedSeconds: number;
  /** Whether the answer depends on Accept-Encoding (a text format). */
  varies: boolean;
}

/** One regular file found in a release folder: what the index keeps of it. */
export interface ReleaseEntry {
  /** Path relative to the release root, `/`-separated. */
  relative: string;
  /** Absolute path of the file itself: the real path of a symbolic link's target. */
  path: string;
  /** Bytes on disk. */
  size: number;
  /** Modification time (ms since the epoch, as `fs.Stats#mtimeMs`). */
  mtimeMs: number;
}

/**
 * The in-memory index of one published release: every file a reader may get, by its path relative
 * to the release root. Serving looks paths up here and never opens a name that is not in it, so
 * only the release's own regular files can be served: nothing outside it, no dotfile, no link
 * whose real path leaves the release root. Releases are never modified after publishing, so the
 * index stays true for the release's lifetime.
 *
 * It is held in columns (one map entry, two numbers and a slice of one digest string per file)
 * and each {@link DocFile} is made when asked for: about 160 bytes a file instead of 640 for a
 * DocFile with its variants (a 5,000-page release of 15,040 files, loaded in a fresh process; 1.5 KB
 * in the process that had just published it), see
 * bench/search/results/memory-2026-11-24-session7.md.
 */
export class ReleaseIndex {
  /** Row of each path; rows are in sorted path order. */
  private readonly rows: Map<string, number>;
  /** Paths by row (the same strings as the map's keys). */
  private readonly names: string[];
  private readonly sizes: Float64Array;
  private readonly mtimes: Float64Array;
  /** Every row's manifest digest, one after the other; a row without one has an empty slice. */
  private readonly digestText: string;
  /** Where row i's digest starts in `digestText` (it ends where row i + 1's starts). */
  private readonly digestStarts: Uint32Array;
  /** Real paths that are not `dir/relative` (symbolic links), by row: usually empty. */
  private readonly linkedPaths: Map<number, string>;

  private constructor(
    /** The doc set. */
    readonly docSetId: string,
    /** The release number. */
    readonly release: number,
    /** The release folder (real path). */
    readonly dir: string,
    entries: ReleaseEntry[],
    private readonly folders: Set<string>,
    digests: Readonly<Record<string, string>>,
    /** Old paths this release answers for: moved (301) and removed pages, worked out at its publish. */
    readonly redirects: ReleaseRedirects,
  ) {
    const sorted = [...entries].sort((a, b) =>
      a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0,
    );
    const count = sorted.length;
    this.rows = new Map();
    this.names = new Array<string>(count);
    this.sizes = new Float64Array(count);
    this.mtimes = new Float64Array(count);
    this.digestStarts = new Uint32Array(count + 1);
    this.linkedPaths = new Map();
    sorted.forEach((entry, row) => {
      this.rows.set(entry.relative, row);
      this.names[row] = entry.relative;
      this.sizes[row] = entry.size;
      this.mtimes[row] = entry.mtimeMs;
      if (entry.path !== path.join(dir, entry.relative)) this.linkedPaths.set(row, entry.path);
    });
    // The manifest's paths are looked up in the map, not the map's in the manifest: a string used
    // as a property name would be made to point to the manifest's copy, keeping both alive.
    const rowDigests = new Array<string>(count).fill('');
    for (const relative in digests) {
      const row = Object.hasOwn(digests, relative) ? this.rows.get(relative) : undefined;
      if (row !== undefined) rowDigests[row] = digests[relative] ?? '';
    }
    let offset = 0;
    rowDigests.forEach((digest, row) => {
      this.digestStarts[row] = offset;
      offset += digest.length;
    });
    this.digestStarts[count] = offset;
    this.digestText = rowDigests.join('');
  }

  /** How many servable files the release holds (precompressed siblings included). */
  get size(): number {
    return this.names.length;
  }

  /**
   * The file at `relative` (decoded, `/`-separated), or undefined. Each call makes a new DocFile
   * (a few small objects), so the index holds none.
   */
  file(relative: string): DocFile | undefined {
    const row = this.rows.get(relative);
    if (row === undefined) return undefined;
    const compressible = isCompressible(relative);
    const mtimeMs = this.mtimes[row] as number;
    return {
      identity: this.variant(row, relative),
      gzip: compressible ? this.variantAt(`${relative}.gz`) : null,
      brotli: compressible ? this.variantAt(`${relative}.br`) : null,
      contentType: contentTypeOf(relative),
      lastModified: new Date(mtimeMs).toUTCString(),
      modifiedSeconds: Math.floor(mtimeMs / 1000),
      varies: compressible,
    };
  }

  /** Whether `relative` is a folder of the release ('' is the root). */
  hasFolder(relative: string): boolean {
    return relative === '' || this.folders.has(relative);
  }

  /** Every servable path, sorted (for tools and tests). */
  paths(): string[] {
    return [...this.names];
  }

  private variantAt(relative: string): FileVariant | null {
    const row = this.rows.get(relative);
    return row === undefined ? null : this.variant(row, relative);
  }

  /** A stored file's variant: its ETag is its digest, else made from the release, size and time. */
  private variant(row: number, relative: string): FileVariant {
    const size = this.sizes[row] as number;
    const start = this.digestStarts[row] as number;
    const end = this.digestStarts[row + 1] as number;
    const etag =
      end > start
        ? `"${this.digestText.slice(start, end)}"`
        : `"r${this.release}-${size.toString(36)}-${Math.floor(this.mtimes[row] as number).toString(36)}"`;
    return { path: this.linkedPaths.get(row) ?? path.join(this.dir, relative), size, etag };
  }

  /**
   * An index of the files `entries` found in the release folder `dir` (a real path), with the
   * manifest's `digests` (ETag sources, by relative path) and the release's redirects.
   */
  static fromEntries(
    release: { docSetId: string; release: number; dir: string },
    entries: ReleaseEntry[],
    folders: Iterable<string>,
    digests: Readonly<Record<string, string>>,
    redirects: ReleaseRedirects,
  ): ReleaseIndex {
    return new ReleaseIndex(
      release.docSetId,
      release.release,
      release.dir,
      entries,
      new Set(folders),
      digests,
      redirects,
    );
  }

  /**
   * Reads a release folder into an index. Entries whose name starts with a dot are left out; a
   * symbolic link is indexed (as its target) only when its real path is a file inside the release.
   */
  static async load(docSetId: string, release: number, releaseDir: string): Promise<ReleaseIndex> {
    const root = await realpath(releaseDir);
    const digests = await readDigests(root);
    const entries: ReleaseEntry[] = [];
    const folders: string[] = [];
    // Folder by folder, a few files at a time: stating a folder of 10,000 files all at once held
    // 30 MB of requests, promises and Stats (a 5,000-page synthetic release).
    const pending: Array<[dir: string, relative: string]> = [[root, '']];
    for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
      const [dir, relative] = next;
      const found: Dirent[] = await readdir(dir, { withFileTypes: true });
      await forEachLimited(found, STAT_CONCURRENCY, async (entry) => {
        if (entry.name.startsWith('.')) return;
        const entryRelative = relative ? `${relative}/${entry.name}` : entry.name;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          folders.push(entryRelative);
          pending.push([full, entryRelative]);
        } else if (entry.isFile()) {
          const info = await stat(full);
          entries.push({
            relative: entryRelative,
            path: full,
            size: info.size,
            mtimeMs: info.mtimeMs,
          });
        } else if (entry.isSymbolicLink()) {
          const real = await realpath(full).catch(() => null);
          if (!real || !real.startsWith(`${root}${path.sep}`)) return;
          const info = await stat(real);
          if (info.isFile()) {
            entries.push({
              relative: entryRelative,
              path: real,
              size: info.size,
              mtimeMs: info.mtimeMs,
            });
          }
        }
      });
    }
    return ReleaseIndex.fromEntries(
      { docSetId, release, dir: root },
      entries,
      folders,
      digests,
      await readRedirects(root),
    );
  }
}

/** Files stated at once while a release is read (they overlap on libuv's thread pool). */
const STAT_CONCURRENCY = 16;

/** Runs `job` on each item, at most `limit` at a time; rejects with the first failure. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  job: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await job(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

async function readDigests(root: string): Promise<Record<string, string>> {
  try {
    const manifest = JSON.parse(
      await readFile(path.join(root, MANIFEST_FILE), 'utf8'),
    ) as ReleaseManifest;
    return manifest.digests ?? {};
  } catch {
    return {};
  }
}
