import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './nginx';

/** One portal process of a cluster, started as `npm run serve` starts it. */
export interface ClusterPortal {
  /** Its name in logs (`portal-1`). */
  name: string;
  /** `http://127.0.0.1:<port>`: the process itself, bypassing nginx. */
  origin: string;
  /** The child process. */
  child: ChildProcess;
  /** Output so far (when not inherited): for error messages. */
  output(): string;
  /** SIGTERM (graceful shutdown: in-flight requests finish) and wait for the exit. */
  stop(): Promise<void>;
}

/** How to start one portal process. */
export interface ClusterPortalOptions {
  /** Name in logs. */
  name: string;
  /** Port it listens on, on 127.0.0.1. */
  port: number;
  /** The config file (PORTAL_CONFIG). */
  configFile: string;
  /** PUBLIC_URL: the nginx origin, the same for every process. */
  publicUrl: string;
  /** DATA_DIR: the same shared folder for every process. */
  dataDir: string;
  /** LOG_LEVEL (default warn). */
  logLevel?: string;
  /** Pass the process's output through to ours (the cluster script) instead of collecting it. */
  inheritOutput?: boolean;
  /** Longest wait for `/readyz` to answer 200 (default 90 s: the first start publishes and indexes). */
  readyTimeoutMs?: number;
  /** Extra environment. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts the portal as `npm run serve` does (scripts/serve.sh) with the cluster's shared settings,
 * and resolves when its `{basePath}/readyz` answers 200 (stores and search engine reachable).
 * @throws Error with the process's output when it exits or is not ready in time.
 */
export async function startClusterPortal(
  options: ClusterPortalOptions,
  basePath = '/docs',
): Promise<ClusterPortal> {
  const origin = `http://127.0.0.1:${options.port}`;
  const child = spawn('sh', [path.join(REPO_ROOT, 'scripts/serve.sh')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORTAL_CONFIG: options.configFile,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: options.publicUrl,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...options.env,
    },
    stdio: options.inheritOutput ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const portal: ClusterPortal = {
    name: options.name,
    origin,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${options.name} exited (${child.exitCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${origin}${basePath}/readyz`);
      if (response.status === 200) return portal;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await portal.stop();
      throw new Error(`${options.name} was not ready in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
