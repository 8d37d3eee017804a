import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'stores-shm-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the sessions and analytics files, when their WAL index is shrunk while the portal runs', () => {
  it('fail one call each as unavailable, are repaired and serve again, without crashing', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join('test', 'damagedWalIndexChild.ts'), dataDir],
      { cwd: packageRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(output.trim().split('\n')).toEqual([
      JSON.stringify({ report: 1 }),
      JSON.stringify({ get: { error: 'WalIndexLostError' } }),
      JSON.stringify({ get: 'v' }),
      JSON.stringify({ report: { error: 'PortalError', status: 503 } }),
      JSON.stringify({ report: 1 }),
      'DONE',
    ]);
  }, 60_000);
});
