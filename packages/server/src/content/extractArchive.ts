import { createWriteStream } from 'node:fs';
import { mkdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extract as extractTar, list as listTar } from 'tar';
import yauzl from 'yauzl';
import { DocSetError } from './DocSetError';
import type { PublishBudget } from './PublishBudget';

/** Archive kinds a doc set can be published from, by file name. */
export type ArchiveKind = 'tar.gz' | 'zip';

/** The archive kind of `file` from its name (`.tar.gz`, `.tgz`, `.zip`), or null. */
export function archiveKindOf(file: string): ArchiveKind | null {
  const name = file.toLowerCase();
  if (name.endsWith('.tar.gz') || name.endsWith('.tgz')) return 'tar.gz';
  if (name.endsWith('.zip')) return 'zip';
  return null;
}

function badEntry(archive: string, entry: string, why: string): DocSetError {
  return new DocSetError(
    'bad_source',
    `${archive}: entry "${entry}" ${why}; nothing was published.`,
  );
}

/**
 * The relative path an archive entry extracts to, or null for entries skipped on purpose (the root
 * itself, dotfiles and dot-folders, which are never served). Absolute paths, drive letters,
 * backslashes, control characters and `..` segments are refused: such an archive is either broken
 * or hostile, and publishing part of it would be worse than publishing nothing.
 * @throws DocSetError `bad_source`.
 */
export function archiveEntryPath(archive: string, name: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(name))
    throw badEntry(archive, name, 'has a backslash or a control character');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name))
    throw badEntry(archive, name, 'is an absolute path');
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw badEntry(archive, name, 'climbs out of the archive with ".."');
  if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return null;
  return segments.join('/');
}

/**
 * Extracts a gzip-compressed tar archive into `dest` (which must exist). A first pass reads every
 * header and refuses the archive as a whole (before writing anything) for a hostile or unsupported
 * entry: a bad path, a link, a device, or sizes beyond the budget. The second pass extracts.
 * @throws DocSetError `bad_source` or `too_large`.
 */
export async function extractTarGz(
  archive: string,
  dest: string,
  budget: PublishBudget,
): Promise<void> {
  let problem: unknown = null;
  try {
    await listTar({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        if (problem) return;
        try {
          const relative = archiveEntryPath(archive, entry.path);
          if (entry.type === 'Directory') return;
          if (
            entry.type !== 'File' &&
            entry.type !== 'OldFile' &&
            entry.type !== 'ContiguousFile'
          ) {
            throw badEntry(
              archive,
              entry.path,
              `is a ${entry.type}; archives may hold only files and folders`,
            );
          }
          if (relative !== null) budget.addFile(relative, entry.size ?? 0);
        } catch (error) {
          problem = error;
        }
      },
    });
  } catch (error) {
    throw new DocSetError(
      'bad_source',
      `${archive} is not a readable .tar.gz archive (${(error as Error).message}); nothing was published.`,
    );
  }
  if (problem) throw problem;
  try {
    await extractTar({
      file: archive,
      cwd: dest,
      strict: true,
      preserveOwner: false,
      filter: (name) => archiveEntryPath(archive, name) !== null,
    });
  } catch (error) {
    if (error instanceof DocSetError) throw error;
    throw new DocSetError(
      'bad_source',
      `${archive} could not be extracted (${(error as Error).message}); nothing was published.`,
    );
  }
  budget.checkAborted();
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/**
 * Extracts a zip archive into `dest` (which must exist), entry by entry, refusing hostile or
 * unsupported entries (bad paths, symbolic links, sizes beyond the budget). yauzl checks that each
 * entry's data matches its declared size, so a zip bomb cannot overrun the budget.
 * @throws DocSetError `bad_source` or `too_large`.
 */
export async function extractZip(
  archive: string,
  dest: string,
  budget: PublishBudget,
): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(archive, { lazyEntries: true, strictFileNames: true });
  } catch (error) {
    throw new DocSetError(
      'bad_source',
      `${archive} is not a readable .zip archive (${(error as Error).message}); nothing was published.`,
    );
  }
  try {
    for (;;) {
      let entry: yauzl.Entry | null;
      try {
        entry = await nextZipEntry(zip);
      } catch (error) {
        // yauzl refuses absolute paths, `..` and backslashes in names itself.
        throw new DocSetError(
          'bad_source',
          `${archive} was refused: ${(error as Error).message}; nothing was published.`,
        );
      }
      if (!entry) break;
      budget.checkAborted();
      const name = entry.fileName;
      const relative = archiveEntryPath(archive, name);
      const unixType = (entry.externalFileAttributes >>> 16) & S_IFMT;
      const isFolder = name.endsWith('/') || unixType === S_IFDIR;
      if (!isFolder && unixType !== 0 && unixType !== S_IFREG) {
        throw badEntry(
          archive,
          name,
          'is a link or a special file; archives may hold only files and folders',
        );
      }
      if (relative === null) continue;
      const target = path.join(dest, relative);
      if (isFolder) {
        await mkdir(target, { recursive: true });
        continue;
      }
      budget.addFile(relative, entry.uncompressedSize);
      await mkdir(path.dirname(target), { recursive: true });
      const data = await zip.openReadStreamPromise(entry);
      try {
        await pipeline(data, createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        throw new DocSetError(
          'bad_source',
          `${archive}: entry "${name}" could not be extracted (${(error as Error).message}); nothing was published.`,
        );
      }
      const modified = entry.getLastModDate();
      await utimes(target, modified, modified);
    }
  } finally {
    zip.close();
  }
}

function nextZipEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
