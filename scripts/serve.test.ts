import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVE = fileURLToPath(new URL('./serve.sh', import.meta.url));

/**
 * Starts the portal with `npm run serve`'s script on a free port and returns, once it is ready,
 * the environment and the command name of the process that listens.
 */
async function startedPortal(
  env: NodeJS.ProcessEnv,
): Promise<{ environ: Map<string, string>; command: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'serve-script-'));
  const child = spawn('sh', [SERVE], {
    // Not the repository root: the script finds the server from its own folder.
    cwd: tmpdir(),
    env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Docs Portal ready at')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const environ = new Map(
      readFileSync(`/proc/${child.pid}/environ`, 'utf8')
        .split('\0')
        .filter((entry) => entry !== '')
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
    return { environ, command: readFileSync(`/proc/${child.pid}/comm`, 'utf8').trim() };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.runIf(process.platform === 'linux')('scripts/serve.sh', () => {
  it('runs the portal as its own process with two malloc arenas and a fixed mmap threshold, unless the environment sets them', async () => {
    const base: NodeJS.ProcessEnv = { ...process.env };
    delete base.MALLOC_ARENA_MAX;
    delete base.MALLOC_MMAP_THRESHOLD_;
    delete base.PUBLIC_URL;
    delete base.PORTAL_CONFIG;
    const [defaulted, chosen, glibcOwn] = await Promise.all([
      startedPortal(base),
      startedPortal({ ...base, MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' }),
      startedPortal({ ...base, MALLOC_MMAP_THRESHOLD_: '' }),
    ]);
    expect(defaulted.environ.get('MALLOC_ARENA_MAX')).toBe('2');
    expect(chosen.environ.get('MALLOC_ARENA_MAX')).toBe('4');
    expect(defaulted.environ.get('MALLOC_MMAP_THRESHOLD_')).toBe('131072');
    expect(chosen.environ.get('MALLOC_MMAP_THRESHOLD_')).toBe('65536');
    // Set empty: left out, so glibc adjusts its threshold itself.
    expect(glibcOwn.environ.has('MALLOC_MMAP_THRESHOLD_')).toBe(false);
    // The shell replaced itself with node: a signal sent to the child reaches the portal.
    expect(defaulted.command).toBe('node');
  });
});
