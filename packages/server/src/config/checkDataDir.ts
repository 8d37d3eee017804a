import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './loadConfig';

/**
 * Makes sure the data folder exists and can be written, before any store opens a file in it, so
 * that a read-only or misplaced folder is reported as `dataDir` with its path rather than as a
 * database driver's "unable to open database file".
 * @throws ConfigError naming `dataDir` (and DATA_DIR when it came from there) and the folder.
 */
export function checkDataDir(
  dataDir: string,
  options: { source: string; fromEnv?: boolean },
): void {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError(options.source, [
      `dataDir${options.fromEnv ? ' (from DATA_DIR)' : ''}: the data folder ${dataDir} cannot be written (${code}); it must be a folder the portal may create files in`,
    ]);
  }
}
