import type { Dirent, Stats } from 'node:fs';
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

/**
 * The in-memory index of one published release: every file a reader may get, by its path relative
 * to the release root. Serving looks paths up here and never opens a name that is not in it, so
 * only the release's own regular files can be served: nothing outside it, no dotfile, no link
 * whose real path leaves the release root. Releases are never modified after publishing, so the
 * index stays true for the release's lifetime.
 */
export class ReleaseIndex {
  private constructor(
    /** The doc set. */
    readonly docSetId: string,
    /** The release number. */
    readonly release: number,
    /** The release folder (real path). */
    readonly dir: string,
    private readonly files: Map<string, DocFile>,
    private readonly folders: Set<string>,
    /** Old paths this release answers for: moved (301) and removed pages, worked out at its publish. */
    readonly redirects: ReleaseRedirects,
  ) {}

  /** How many servable files the release holds (precompressed siblings included). */
  get size(): number {
    return this.files.size;
  }

  /** The file at `relative` (decoded, `/`-separated), or undefined. */
  file(relative: string): DocFile | undefined {
    return this.files.get(relative);
  }

  /** Whether `relative` is a folder of the release ('' is the root). */
  hasFolder(relative: string): boolean {
    return relative === '' || this.folders.has(relative);
  }

  /** Every servable path, sorted (for tools and tests). */
  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  /**
   * Reads a release folder into an index. Entries whose name starts with a dot are left out; a
   * symbolic link is indexed (as its target) only when its real path is a file inside the release.
   */
  static async load(docSetId: string, release: number, releaseDir: string): Promise<ReleaseIndex> {
    const root = await realpath(releaseDir);
    const digests = await readDigests(root);
    const found = new Map<string, { path: string; info: Stats }>();
    const folders = new Set<string>();
    const walk = async (dir: string, relative: string): Promise<void> => {
      const entries: Dirent[] = await readdir(dir, { withFileTypes: true });
      await Promise.all(
        entries.map(async (entry) => {
          if (entry.name.startsWith('.')) return;
          const entryRelative = relative ? `${relative}/${entry.name}` : entry.name;
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            folders.add(entryRelative);
            await walk(full, entryRelative);
          } else if (entry.isFile()) {
            found.set(entryRelative, { path: full, info: await stat(full) });
          } else if (entry.isSymbolicLink()) {
            const real = await realpath(full).catch(() => null);
            if (!real || !real.startsWith(`${root}${path.sep}`)) return;
            const info = await stat(real);
            if (info.isFile()) found.set(entryRelative, { path: real, info });
          }
        }),
      );
    };
    await walk(root, '');
    const files = new Map<string, DocFile>();
    const variant = (relative: string, suffix: string): FileVariant | null => {
      const hit = found.get(relative);
      if (!hit) return null;
      const digest = digests[relative];
      const etag = digest
        ? `"${digest}${suffix}"`
        : `"r${release}-${hit.info.size.toString(36)}-${Math.floor(hit.info.mtimeMs).toString(36)}${suffix}"`;
      return { path: hit.path, size: hit.info.size, etag };
    };
    for (const [relative, { info }] of found) {
      const compressible = isCompressible(relative);
      files.set(relative, {
        identity: variant(relative, '') as FileVariant,
        gzip: compressible ? variant(`${relative}.gz`, '') : null,
        brotli: compressible ? variant(`${relative}.br`, '') : null,
        contentType: contentTypeOf(relative),
        lastModified: info.mtime.toUTCString(),
        modifiedSeconds: Math.floor(info.mtimeMs / 1000),
        varies: compressible,
      });
    }
    return new ReleaseIndex(docSetId, release, root, files, folders, await readRedirects(root));
  }
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
