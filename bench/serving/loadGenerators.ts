import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LoadFigures, LoadRequest } from './loadClient';

/** Debian's wrk, when installed: a C load generator that needs far less CPU than autocannon. */
export const WRK = '/usr/bin/wrk';

/** Whether wrk can be used. */
export function wrkAvailable(): boolean {
  return existsSync(WRK);
}

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}`)),
    );
  });
}

/** autocannon, in its own Node.js process (see loadClient.ts). */
export async function runAutocannon(request: LoadRequest, repoRoot: string): Promise<LoadFigures> {
  const out = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'bench/serving/loadClient.ts'),
      JSON.stringify(request),
    ],
    repoRoot,
  );
  return JSON.parse(out) as LoadFigures;
}

/** A wrk duration such as `2.51ms`, `850.00us` or `1.02s`, in milliseconds. */
function wrkMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return match[2] === 'us'
    ? n / 1000
    : match[2] === 'ms'
      ? n
      : match[2] === 's'
        ? n * 1000
        : n * 60_000;
}

/** A wrk size such as `78.05MB`, in bytes. */
function wrkBytes(value: string): number {
  const match = /^([\d.]+)(B|KB|MB|GB)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const scale = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[match[2] as 'B'];
  return Number(match[1]) * scale;
}

/** wrk with one thread (the other core serves), latency distribution on. */
export async function runWrk(request: LoadRequest, repoRoot: string): Promise<LoadFigures> {
  const headers = Object.entries(request.headers).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  const out = await run(
    WRK,
    [
      '-t1',
      `-c${request.connections}`,
      `-d${request.durationSeconds}s`,
      '--latency',
      ...headers,
      request.url,
    ],
    repoRoot,
  );
  const field = (pattern: RegExp) => pattern.exec(out)?.[1] ?? '';
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSecond: Number(field(/Requests\/sec:\s+([\d.]+)/)),
    latencyP50Ms: wrkMs(field(/^\s+50%\s+(\S+)/m)),
    latencyP99Ms: wrkMs(field(/^\s+99%\s+(\S+)/m)),
    bytesPerSecond: wrkBytes(field(/Transfer\/sec:\s+(\S+)/)),
    total: Number(field(/(\d+) requests in/)),
    non2xx: Number(field(/Non-2xx or 3xx responses: (\d+)/) || 0),
    errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
    timeouts: errors ? Number(errors[4]) : 0,
  };
}
