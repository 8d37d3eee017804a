import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'search-shm-'));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('an index whose WAL index file is shrunk while the process runs', () => {
  it('answers one search unavailable (503), repairs the file and serves again, without crashing', async () => {
    const folder = join(work, 'docs');
    mkdirSync(join(folder, 'Content'), { recursive: true });
    writeFileSync(
      join(folder, 'Content', 'Jobs.htm'),
      '<html><body><div id="mc-main-content"><h1>Jobs</h1><p>Protection jobs quokkaword.</p></div></body></html>',
    );
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join('test', 'damagedWalIndexChild.ts'), join(work, 'data'), folder],
      { cwd: packageRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(output.trim().split('\n')).toEqual([
      JSON.stringify({ total: 1 }),
      JSON.stringify({ error: 'SearchUnavailableError', status: 503 }),
      JSON.stringify({ total: 1 }),
      'DONE',
    ]);
  }, 60_000);
});
