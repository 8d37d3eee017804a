/**
 * Cluster scaling: doc-page and search throughput through nginx with 1 and then 2 portal
 * processes (sessions and analytics in PostgreSQL, one shared data folder), reported as a scaling
 * ratio; then the same 2 processes in X-Accel-Redirect mode (nginx sends the file after the
 * portal authorises the request) against nginx alone serving the same release folder as plain
 * static files (no session, no portal), in the same run. Run:
 * `node --import tsx bench/cluster/scaling.ts` (DURATION=seconds, CONNECTIONS=n change the
 * defaults 10 and 50; SESSIONS=redis|postgres and SEARCH=postgres|sqlite pick the stores, default
 * redis and postgres as `npm run cluster`). Load from wrk (one thread) on loopback; on a two-core machine the load
 * generator and nginx share the cores with the portals, so the ratios show contention as much as
 * scaling.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  CLUSTER_POSTGRES_ADMIN_URL,
  CLUSTER_REDIS_URL,
  DEFAULT_ACCEL_PREFIX,
  REPO_ROOT,
  ensureDatabase,
  ensurePostgres,
  ensureRedis,
  startClusterPortal,
  startNginx,
  writeClusterConfig,
  type ClusterPortal,
  type ClusterStores,
} from '@docs-portal/scripts/cluster';
import { BrowserlikeClient, freePort, signIn } from '@docs-portal/server/testing';
import { runWrk, wrkAvailable } from '../serving/loadGenerators';
import { startStaticNginx } from '../serving/staticNginx';

const DURATION = Number(process.env.DURATION ?? 10);
/** Session store of the replicas: `redis` (default, as `npm run cluster`) or `postgres`. */
const SESSIONS = process.env.SESSIONS ?? 'redis';
/** Search engine of the replicas: `postgres` (default, as `npm run cluster`) or `sqlite`. */
const SEARCH_ENGINE = process.env.SEARCH ?? 'postgres';
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const MOUNT = '6_5/Web/UserGuide';
/** The doc set mounted at MOUNT in portal.config.yaml. */
const DOC_SET_ID = 'dp-user-guide-6-5';
const PAGE = `/docs/${MOUNT}/Content/Overview.htm`;
const SEARCH = '/docs/search?q=protection%20job';
const DATABASE = 'docs_portal_bench_cluster';
const ACCEL = '2 replicas, X-Accel-Redirect';
const ALONE = 'nginx alone (static, no auth)';

interface Row {
  setup: string;
  target: string;
  rps: number;
  p99: number;
  /** Answers other than 2xx (a lost session would show here, not as throughput). */
  non2xx: number;
}

async function main(): Promise<void> {
  if (!wrkAvailable()) throw new Error('wrk is not installed (apt-get install wrk)');
  if (!['redis', 'postgres'].includes(SESSIONS))
    throw new Error('SESSIONS must be redis or postgres');
  if (!['postgres', 'sqlite'].includes(SEARCH_ENGINE))
    throw new Error('SEARCH must be postgres or sqlite');
  await ensurePostgres();
  if (SESSIONS === 'redis') await ensureRedis();
  const databaseUrl = await ensureDatabase(DATABASE);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-'));
  const rows: Row[] = [];
  const portals: ClusterPortal[] = [];
  try {
    const configs = {
      plain: path.join(dataDir, 'plain.yaml'),
      accel: path.join(dataDir, 'accel.yaml'),
    };
    const stores: ClusterStores = {
      sessions:
        SESSIONS === 'redis'
          ? { kind: 'redis', url: CLUSTER_REDIS_URL, keyPrefix: `${DATABASE}:` }
          : { kind: 'postgres', url: databaseUrl },
      analyticsUrl: databaseUrl,
      ...(SEARCH_ENGINE === 'postgres' ? { searchUrl: databaseUrl } : {}),
    };
    process.stdout.write(
      `sessions in ${SESSIONS}, search index in ${SEARCH_ENGINE}, analytics in postgres\n`,
    );
    writeClusterConfig(configs.plain, stores);
    writeClusterConfig(configs.accel, { ...stores, accelRedirectPrefix: DEFAULT_ACCEL_PREFIX });
    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const start = async (name: string, configFile: string) => {
      const portal = await startClusterPortal({
        name,
        port: await freePort(),
        configFile,
        publicUrl,
        dataDir,
        logLevel: 'error',
      });
      portals.push(portal);
      return new URL(portal.origin).host;
    };

    const load = async (setup: string, target: string, url: string, cookie?: string) => {
      const figures = await runWrk(
        {
          url,
          connections: CONNECTIONS,
          durationSeconds: DURATION,
          headers: { ...(cookie ? { cookie } : {}), 'accept-encoding': 'gzip' },
        },
        REPO_ROOT,
      );
      rows.push({
        setup,
        target,
        rps: figures.requestsPerSecond,
        p99: figures.latencyP99Ms,
        non2xx: figures.non2xx,
      });
      process.stdout.write(
        `${setup} / ${target}: ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.latencyP99Ms} ms\n`,
      );
    };

    const measure = async (setup: string, servers: string[], cookie?: string) => {
      const nginx = await startNginx({
        port: nginxPort,
        portalServers: servers,
        signInServers: servers.slice(0, 1),
        basePath: '/docs',
        docSetsDir: path.join(dataDir, 'docsets'),
        runDir: path.join(dataDir, `nginx-${rows.length}`),
      });
      try {
        let sessionCookie = cookie;
        if (!sessionCookie) {
          const client = new BrowserlikeClient(publicUrl);
          await signIn(client, 'customer');
          sessionCookie = [...client.cookies].map(([n, c]) => `${n}=${c.value}`).join('; ');
        }
        await load(setup, 'doc page', `${publicUrl}${PAGE}`, sessionCookie);
        await load(setup, 'search', `${publicUrl}${SEARCH}`, sessionCookie);
        return sessionCookie;
      } finally {
        await nginx.stop();
      }
    };

    const first = await start('portal-1', configs.plain);
    const cookie = await measure('1 replica', [first]);
    const second = await start('portal-2', configs.plain);
    await measure('2 replicas', [first, second], cookie);
    await Promise.all(portals.splice(0).map((p) => p.stop()));
    const a = await start('accel-1', configs.accel);
    const b = await start('accel-2', configs.accel);
    await measure(ACCEL, [a, b]);
    await Promise.all(portals.splice(0).map((p) => p.stop()));
    // The same release folder, the portal out of the loop.
    const alone = await startStaticNginx({
      releaseDir: realpathSync(path.join(dataDir, 'docsets', DOC_SET_ID, 'current')),
      mount: MOUNT,
    });
    try {
      await load(ALONE, 'doc page', `${alone.origin}${PAGE}`);
    } finally {
      await alone.stop();
    }
  } finally {
    await Promise.all(portals.map((p) => p.stop()));
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: CLUSTER_POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.end();
  }
  const rps = (setup: string, target: string) =>
    rows.find((r) => r.setup === setup && r.target === target)?.rps ?? Number.NaN;
  process.stdout.write(`\n${DURATION} s per run, ${CONNECTIONS} connections, wrk -t1, loopback\n`);
  console.table(rows.map((r) => ({ ...r, rps: Math.round(r.rps) })));
  for (const target of ['doc page', 'search']) {
    process.stdout.write(
      `scaling ${target}: 2 replicas / 1 replica = ${(rps('2 replicas', target) / rps('1 replica', target)).toFixed(2)}\n`,
    );
  }
  for (const setup of ['2 replicas', ACCEL]) {
    process.stdout.write(
      `doc page, ${setup} / ${ALONE} = ${((rps(setup, 'doc page') / rps(ALONE, 'doc page')) * 100).toFixed(1)} %\n`,
    );
  }
  const lost = rows.filter((r) => r.non2xx > 0);
  if (lost.length > 0) {
    process.stdout.write(
      `answers other than 2xx in: ${lost.map((r) => `${r.setup} / ${r.target} (${r.non2xx})`).join(', ')}\n`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
