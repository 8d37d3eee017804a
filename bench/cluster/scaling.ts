/**
 * Cluster scaling: doc-page and search throughput through nginx with 1 and then 2 portal
 * processes (sessions and analytics in PostgreSQL, one shared data folder), reported as a scaling
 * ratio, and with X-Accel-Redirect (nginx serves the file after the portal authorises it) when the
 * config schema has `serving.accelRedirectPrefix`. Run: `node --import tsx bench/cluster/scaling.ts`
 * (DURATION=seconds, CONNECTIONS=n change the defaults 10 and 50). Load from wrk (one thread) on
 * loopback; on a two-core machine the load generator and nginx share the cores with the portals,
 * so the ratio shows contention as much as scaling.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BrowserlikeClient } from '../../packages/server/test/BrowserlikeClient';
import { freePort, signIn } from '../../packages/server/test/portalHarness';
import { schemaHasField, writeClusterConfig } from '../../scripts/cluster/clusterConfig';
import { DEFAULT_ACCEL_PREFIX, REPO_ROOT, startNginx } from '../../scripts/cluster/nginx';
import { startClusterPortal, type ClusterPortal } from '../../scripts/cluster/portalProcess';
import {
  CLUSTER_POSTGRES_ADMIN_URL,
  ensureDatabase,
  ensurePostgres,
} from '../../scripts/cluster/services';
import { runWrk, wrkAvailable } from '../serving/loadGenerators';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PAGE = '/docs/6_5/Web/UserGuide/Content/Overview.htm';
const SEARCH = '/docs/search?q=protection%20job';
const DATABASE = 'docs_portal_bench_cluster';

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
  await ensurePostgres();
  const databaseUrl = await ensureDatabase(DATABASE);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-'));
  const rows: Row[] = [];
  const portals: ClusterPortal[] = [];
  try {
    const accel = schemaHasField('serving');
    const configs = {
      plain: path.join(dataDir, 'plain.yaml'),
      accel: path.join(dataDir, 'accel.yaml'),
    };
    const stores = {
      sessions: { kind: 'postgres' as const, url: databaseUrl },
      analyticsUrl: databaseUrl,
    };
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
        for (const [target, url] of [
          ['doc page', PAGE],
          ['search', SEARCH],
        ] as const) {
          const figures = await runWrk(
            {
              url: `${publicUrl}${url}`,
              connections: CONNECTIONS,
              durationSeconds: DURATION,
              headers: { cookie: sessionCookie, 'accept-encoding': 'gzip' },
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
        }
        return sessionCookie;
      } finally {
        await nginx.stop();
      }
    };

    const first = await start('portal-1', configs.plain);
    const cookie = await measure('1 replica', [first]);
    const second = await start('portal-2', configs.plain);
    await measure('2 replicas', [first, second], cookie);
    if (accel) {
      await Promise.all(portals.splice(0).map((p) => p.stop()));
      const a = await start('accel-1', configs.accel);
      const b = await start('accel-2', configs.accel);
      await measure('2 replicas, X-Accel-Redirect', [a, b]);
    } else {
      process.stdout.write('config schema has no serving.accelRedirectPrefix: accel run skipped\n');
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
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
