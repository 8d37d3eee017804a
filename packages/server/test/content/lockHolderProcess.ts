import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'holdPublishLock.ts');

/** Another process holding a publish lock of doc set `guide` (see holdPublishLock.ts). */
export interface LockHolderProcess {
  /** The process. */
  child: ChildProcessWithoutNullStreams;
  /** Resolves once it holds the lock. */
  held: Promise<void>;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
}

/** Starts a process that takes the lock named by `args` and holds it until its stdin closes. */
export function startLockHolder(args: string[]): LockHolderProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const held = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('held\n')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    void exited.then((code) => reject(new Error(`lock holder exited (${code}): ${err}`)));
  });
  return { child, held, exited, output: () => out };
}
