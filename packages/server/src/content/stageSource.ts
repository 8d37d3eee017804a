import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, realpath, rename, rmdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { DocSetError } from './DocSetError';
import { archiveKindOf, extractTarGz, extractZip } from './extractArchive';
import type { PublishBudget } from './PublishBudget';

function inside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(`${root}${path.sep}`);
}

/** Files copied at once: small files are bound by system calls, which overlap on the thread pool. */
const COPY_CONCURRENCY = 8;

/** Runs jobs with at most `limit` in flight; the first failure is kept and stops new ones. */
class BoundedWork {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;

  constructor(private readonly limit: number) {}

  /** Starts `job` once a slot is free. @throws the first failure of an earlier job. */
  async add(job: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    this.rethrow();
    const running: Promise<void> = job()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** Waits until no job runs (so nothing writes into a folder about to be removed). */
  async settle(): Promise<void> {
    await Promise.all(this.running);
  }

  /** @throws the first failure of a job, if any. */
  rethrow(): void {
    if (this.failure) throw this.failure.error;
  }
}

/** Options of {@link stageSource}. */
export interface StageSourceOptions {
  /**
   * Copy what symbolic links pointing outside a source folder lead to, instead of refusing the
   * folder (the operator vouches for those targets). Dangling links and loops are still refused.
   */
  dereference?: boolean;
}

/**
 * Copies the doc set files of a source folder into `dest`, refusing it as a whole when it holds a
 * symbolic link that leads outside the folder (unless `dereference`), a dangling link, or a
 * special file. Links are copied as the files (or folders) they point at, so a release holds no
 * links at all. Dotfiles and dot-folders (`.git`, `.DS_Store`) are left out: they are never served.
 * @throws DocSetError `bad_source`, `too_large` or `aborted`.
 */
async function copyFolder(
  source: string,
  dest: string,
  budget: PublishBudget,
  dereference: boolean,
): Promise<void> {
  const root = await realpath(source);
  const walk = async (
    from: string,
    to: string,
    relative: string,
    chain: string[],
  ): Promise<void> => {
    await mkdir(to, { recursive: true });
    const entries = await readdir(from, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const entryRelative = relative ? `${relative}/${entry.name}` : entry.name;
      const fromPath = path.join(from, entry.name);
      const toPath = path.join(to, entry.name);
      let realPath = fromPath;
      let isFolder = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          realPath = await realpath(fromPath);
        } catch {
          throw new DocSetError(
            'bad_source',
            `${fromPath} is a symbolic link to nothing; fix or remove it.`,
          );
        }
        if (!dereference && !inside(root, realPath)) {
          throw new DocSetError(
            'bad_source',
            `${fromPath} is a symbolic link pointing outside the folder (to ${realPath}); nothing was published. To publish what such links point at, pass --dereference.`,
          );
        }
        const target = await stat(realPath);
        isFolder = target.isDirectory();
        isFile = target.isFile();
      }
      if (isFolder) {
        if (chain.includes(realPath) || inside(realPath, root)) {
          throw new DocSetError(
            'bad_source',
            `${fromPath} is a symbolic link to one of its own parent folders.`,
          );
        }
        await walk(realPath, toPath, entryRelative, [...chain, realPath]);
      } else if (isFile) {
        const info = await stat(realPath);
        budget.addFile(entryRelative, info.size);
        await copies.add(async () => {
          await copyFile(realPath, toPath, constants.COPYFILE_FICLONE);
          await utimes(toPath, info.atime, info.mtime);
        });
      } else {
        throw new DocSetError(
          'bad_source',
          `${fromPath} is not a regular file or folder (socket, device or pipe).`,
        );
      }
    }
  };
  const copies = new BoundedWork(COPY_CONCURRENCY);
  try {
    await walk(root, dest, '', [root]);
  } finally {
    await copies.settle();
  }
  copies.rethrow();
}

/**
 * Puts the files of `source` (a folder, or a `.tar.gz`/`.tgz`/`.zip` archive) into a new folder
 * `dest` inside `workDir`, checked and within the budget. An archive holding one top-level folder
 * and nothing else is published from inside that folder (the usual way sites are archived).
 * `options.dereference` applies to folders only (archives with links are always refused).
 * @throws DocSetError `source_missing`, `bad_source`, `too_large` or `aborted`.
 */
export async function stageSource(
  source: string,
  workDir: string,
  dest: string,
  budget: PublishBudget,
  options: StageSourceOptions = {},
): Promise<'folder' | 'archive'> {
  let info;
  try {
    info = await stat(source);
  } catch {
    throw new DocSetError(
      'source_missing',
      `${source} does not exist (expected a folder or a .tar.gz, .tgz or .zip archive).`,
    );
  }
  if (info.isDirectory()) {
    await copyFolder(source, dest, budget, options.dereference === true);
    return 'folder';
  }
  const kind = archiveKindOf(source);
  if (!info.isFile() || kind === null) {
    throw new DocSetError(
      'bad_source',
      `${source} is neither a folder nor a .tar.gz, .tgz or .zip archive.`,
    );
  }
  const extracted = path.join(workDir, 'extract');
  await mkdir(extracted, { recursive: true });
  if (kind === 'tar.gz') await extractTarGz(source, extracted, budget);
  else await extractZip(source, extracted, budget);
  const top = await readdir(extracted, { withFileTypes: true });
  const only = top.length === 1 ? top[0] : undefined;
  if (only?.isDirectory()) {
    await rename(path.join(extracted, only.name), dest);
    await rmdir(extracted);
  } else {
    await rename(extracted, dest);
  }
  return 'archive';
}
