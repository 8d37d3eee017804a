import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { Redis } from 'ioredis';

/** PostgreSQL of the cluster (this machine's server; trust authentication on loopback). */
export const CLUSTER_POSTGRES_ADMIN_URL =
  process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Redis of the cluster. */
export const CLUSTER_REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2_000,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Makes sure this machine's PostgreSQL answers, starting Debian's cluster
 * (`pg_ctlcluster --skip-systemctl-redirect <version> main start`) when it does not.
 * @returns whether it had to be started.
 */
export async function ensurePostgres(url = CLUSTER_POSTGRES_ADMIN_URL): Promise<boolean> {
  if (await postgresAnswers(url)) return false;
  const versions = readdirSync('/etc/postgresql');
  const version = versions.sort().at(-1);
  if (!version) throw new Error('PostgreSQL is not running and /etc/postgresql holds no cluster');
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
    stdio: 'inherit',
  });
  await waitFor(() => postgresAnswers(url), 'PostgreSQL');
  return true;
}

/**
 * Makes sure this machine's Redis answers, starting `redis-server` (daemonized, loopback, no
 * persistence) when it does not.
 * @returns whether it had to be started.
 */
export async function ensureRedis(url = CLUSTER_REDIS_URL): Promise<boolean> {
  if (await redisAnswers(url)) return false;
  const started = spawnSync(
    'redis-server',
    [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '-::1',
      '--port',
      String(new URL(url).port || 6379),
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/var/lib/redis',
    ],
    { stdio: 'inherit' },
  );
  if (started.status !== 0) throw new Error('redis-server could not be started');
  await waitFor(() => redisAnswers(url), 'Redis');
  return true;
}

/**
 * Creates database `name` on the server of `adminUrl` unless it exists.
 * @returns the URL of that database.
 */
export async function ensureDatabase(name: string, adminUrl = CLUSTER_POSTGRES_ADMIN_URL) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
