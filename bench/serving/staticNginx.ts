/**
 * nginx alone: Debian's nginx serving one release folder as plain static files (no session, no
 * portal), the ceiling the portal's doc serving is measured against.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@docs-portal/server/testing';

const NGINX = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';

/** What the static nginx serves. */
export interface StaticNginxOptions {
  /** Release folder served at `/docs/<mount>/` (a real path, not the `current` link). */
  releaseDir: string;
  /** Mount of the doc set, e.g. `6_5/Web/UserGuide`. */
  mount: string;
  /** nginx worker processes (default 1). */
  workers?: string;
}

/** A running static nginx. */
export interface StaticNginx {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Stops nginx and removes its folder. */
  stop(): Promise<void>;
}

function nginxConfig(dir: string, port: number, options: StaticNginxOptions): string {
  const temp = (name: string) => `${name} ${path.join(dir, name.replace(/_path$/, ''))};`;
  // As root, nginx would run its workers as an unprivileged user that cannot read the portal's
  // private temporary folders; the benchmark is loopback-only, so workers keep our user.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}daemon off;
worker_processes ${options.workers ?? '1'};
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  charset utf-8;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  gzip_vary on;
  ${temp('client_body_temp_path')}
  ${temp('proxy_temp_path')}
  ${temp('fastcgi_temp_path')}
  ${temp('uwsgi_temp_path')}
  ${temp('scgi_temp_path')}
  server {
    listen 127.0.0.1:${port};
    location /docs/${options.mount}/ {
      alias ${options.releaseDir}/;
      location ~ /\\. { return 404; }
      add_header Cache-Control "private, no-cache";
      add_header X-Content-Type-Options nosniff;
    }
  }
}
`;
}

/** Starts nginx in the foreground on a free loopback port; resolves once it answers. */
export async function startStaticNginx(options: StaticNginxOptions): Promise<StaticNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, options));
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')],
    { stdio: 'ignore' },
  );
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(
        new Error(`nginx exited (${code}): ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`),
      ),
    ),
  );
  exited.catch(() => undefined);
  const ready = (async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        await fetch(`${origin}/`);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    throw new Error('nginx did not start listening');
  })();
  await Promise.race([ready, exited]);
  return {
    origin,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
