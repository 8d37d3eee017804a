import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config/loadConfig';

describe('main', () => {
  it('with port 0 and no public URL, picks the port first and names it in the sign-in callbacks', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'main-port0-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    delete env.PUBLIC_URL;
    delete env.PORTAL_CONFIG;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts')],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const ready = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Docs Portal ready at (http:\/\/localhost:\d+)\/docs\/ui\//.exec(output);
          if (match) resolve(match[1] as string);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const port = new URL(ready).port;
      expect(Number(port)).toBeGreaterThan(0);
      const start = await fetch(`http://127.0.0.1:${port}/docs/auth/employee`, {
        redirect: 'manual',
      });
      const location = new URL(start.headers.get('location') ?? '');
      expect(location.origin).toBe(ready);
      expect(location.searchParams.get('redirect_uri')).toBe(
        `${ready}/docs/auth/employee/callback`,
      );
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
