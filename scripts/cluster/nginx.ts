import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Debian's nginx. */
export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
/** Internal location prefix of X-Accel-Redirect answers used by the local cluster. */
export const DEFAULT_ACCEL_PREFIX = '/_docsets';

/** What the nginx templates of `deploy/nginx/` are filled with. */
export interface NginxClusterOptions {
  /** Port nginx listens on, on 127.0.0.1. */
  port: number;
  /** `host:port` of every portal process. */
  portalServers: string[];
  /**
   * `host:port` of the processes that handle the sign-in round trip: one process with the
   * development identity provider (its state is in memory), all of them with real providers.
   */
  signInServers: string[];
  /** The portal's base path, e.g. `/docs`. */
  basePath: string;
  /** `<dataDir>/docsets` shared by the processes (absolute). */
  docSetsDir: string;
  /** Internal prefix of X-Accel-Redirect answers (default {@link DEFAULT_ACCEL_PREFIX}). */
  accelPrefix?: string;
  /** Folder for the rendered config, pid, logs and temporary files. */
  runDir: string;
  /** nginx worker processes (default 1). */
  workers?: number | 'auto';
  /** Write an access log to `runDir/access.log` (default off: benchmarks). */
  accessLog?: boolean;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for ${whole}`);
    return value;
  });
}

const servers = (list: string[]) => list.map((s) => `    server ${s};`).join('\n');

/**
 * Renders `deploy/nginx/docs-portal.conf.template` (the portal's `http` part) and
 * `deploy/nginx/nginx.local.conf.template` (a main config running nginx in the foreground with
 * everything in `runDir`).
 */
export function renderNginxConfig(options: NginxClusterOptions): { main: string; portal: string } {
  const read = (name: string) => readFileSync(path.join(REPO_ROOT, 'deploy/nginx', name), 'utf8');
  const portal = fill(read('docs-portal.conf.template'), {
    LISTEN: `127.0.0.1:${options.port}`,
    PORTAL_SERVERS: servers(options.portalServers),
    SIGN_IN_SERVERS: servers(options.signInServers),
    BASE_PATH: options.basePath,
    ACCEL_PREFIX: options.accelPrefix ?? DEFAULT_ACCEL_PREFIX,
    DOCSETS_DIR: options.docSetsDir.replace(/\/+$/, ''),
  });
  const main = fill(read('nginx.local.conf.template'), {
    // As root, nginx would run its workers as `nobody`, who cannot read private temporary folders.
    USER: process.getuid?.() === 0 ? 'user root;' : '',
    WORKERS: String(options.workers ?? 1),
    RUN_DIR: options.runDir,
    ACCESS_LOG: options.accessLog ? `${options.runDir}/access.log` : 'off',
  });
  return { main, portal };
}

/** nginx running in the foreground as a child process. */
export interface NginxProcess {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The child process. */
  child: ChildProcess;
  /** Stops nginx (SIGQUIT: graceful) and waits for it to exit. */
  stop(): Promise<void>;
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Writes the rendered configs into `options.runDir`, checks them with `nginx -t` and starts nginx
 * in the foreground; resolves once it accepts connections.
 * @throws Error with nginx's own message when the config is refused or nginx exits early.
 */
export async function startNginx(
  options: NginxClusterOptions,
  io: { inheritOutput?: boolean } = {},
): Promise<NginxProcess> {
  mkdirSync(options.runDir, { recursive: true });
  const { main, portal } = renderNginxConfig(options);
  const conf = path.join(options.runDir, 'nginx.conf');
  writeFileSync(path.join(options.runDir, 'docs-portal.conf'), portal);
  writeFileSync(conf, main);
  const check = spawnSync(NGINX_BINARY, ['-t', '-q', '-p', options.runDir, '-c', conf], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx refused its config:\n${check.stderr}`);
  const child = spawn(NGINX_BINARY, ['-p', options.runDir, '-c', conf], {
    stdio: io.inheritOutput ? 'inherit' : ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await portAccepts(options.port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen on ${options.port} in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin: `http://127.0.0.1:${options.port}`,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
