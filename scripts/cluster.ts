/**
 * Starts a whole Docs Portal cluster on this machine: PostgreSQL and Redis (started when they are
 * not running), database `docs_portal_cluster`, a cluster config (sessions in Redis or PostgreSQL,
 * analytics in PostgreSQL, one shared data folder), two portal processes on 8081 and 8082 and nginx
 * on 8080 in front of them, all in the foreground: Ctrl-C stops everything.
 *
 * Run: `node --import tsx scripts/cluster.ts` (root script `npm run cluster`). Settings by
 * environment: CLUSTER_SESSIONS=redis|postgres (default redis), CLUSTER_REPLICAS (default 2),
 * CLUSTER_PORT (default 8080), CLUSTER_DATA_DIR (default data/cluster), CLUSTER_ACCEL=1 (nginx
 * serves doc files after the portal authorises them), CLUSTER_POSTGRES_URL, CLUSTER_REDIS_URL.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeClusterConfig } from './cluster/clusterConfig';
import { DEFAULT_ACCEL_PREFIX, REPO_ROOT, startNginx, type NginxProcess } from './cluster/nginx';
import { startClusterPortal, type ClusterPortal } from './cluster/portalProcess';
import { CLUSTER_REDIS_URL, ensureDatabase, ensurePostgres, ensureRedis } from './cluster/services';

const PORT = Number(process.env.CLUSTER_PORT ?? 8080);
const REPLICAS = Number(process.env.CLUSTER_REPLICAS ?? 2);
const SESSIONS = process.env.CLUSTER_SESSIONS ?? 'redis';
const ACCEL = process.env.CLUSTER_ACCEL === '1';
const DATA_DIR = path.resolve(process.env.CLUSTER_DATA_DIR ?? path.join(REPO_ROOT, 'data/cluster'));
const BASE_PATH = '/docs';

const say = (line: string) => process.stdout.write(`[cluster] ${line}\n`);

async function main(): Promise<void> {
  if (SESSIONS !== 'redis' && SESSIONS !== 'postgres') {
    throw new Error(`CLUSTER_SESSIONS must be redis or postgres, not "${SESSIONS}"`);
  }
  if (await ensurePostgres()) say('started PostgreSQL');
  if (SESSIONS === 'redis' && (await ensureRedis())) say('started Redis');
  const databaseUrl = await ensureDatabase('docs_portal_cluster');
  const runDir = path.join(DATA_DIR, 'run');
  mkdirSync(runDir, { recursive: true });
  const configFile = path.join(runDir, 'portal.cluster.yaml');
  writeClusterConfig(configFile, {
    sessions:
      SESSIONS === 'redis'
        ? { kind: 'redis', url: CLUSTER_REDIS_URL, keyPrefix: 'docs-portal-cluster:' }
        : { kind: 'postgres', url: databaseUrl },
    analyticsUrl: databaseUrl,
    searchUrl: databaseUrl,
    accelRedirectPrefix: ACCEL ? DEFAULT_ACCEL_PREFIX : undefined,
  });
  say(`config ${configFile}; shared data folder ${DATA_DIR}`);

  const publicUrl = `http://localhost:${PORT}`;
  const portals: ClusterPortal[] = [];
  let nginx: NginxProcess | undefined;
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping nginx and the portal processes');
    await nginx?.stop();
    await Promise.all(portals.map((p) => p.stop()));
    process.exit(code);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  try {
    // One after the other: the first start publishes the sample doc sets and builds the index.
    for (let i = 0; i < REPLICAS; i += 1) {
      const port = PORT + 1 + i;
      const portal = await startClusterPortal(
        {
          name: `portal-${i + 1}`,
          port,
          configFile,
          publicUrl,
          dataDir: DATA_DIR,
          logLevel: process.env.LOG_LEVEL ?? 'info',
          inheritOutput: true,
        },
        BASE_PATH,
      );
      portals.push(portal);
      portal.child.once('exit', (code) => {
        if (!stopping) {
          say(`${portal.name} exited (${code}): stopping the cluster`);
          void stopAll(1);
        }
      });
      say(`${portal.name} ready on 127.0.0.1:${port}`);
    }
    const servers = portals.map((p) => new URL(p.origin).host);
    nginx = await startNginx(
      {
        port: PORT,
        portalServers: servers,
        // The development identity provider keeps sign-ins in memory: one process handles them.
        signInServers: servers.slice(0, 1),
        basePath: BASE_PATH,
        docSetsDir: path.join(DATA_DIR, 'docsets'),
        runDir: path.join(runDir, 'nginx'),
        workers: 'auto',
        accessLog: true,
      },
      { inheritOutput: true },
    );
    nginx.child.once('exit', (code) => {
      if (!stopping) {
        say(`nginx exited (${code}): stopping the cluster`);
        void stopAll(1);
      }
    });
    say(`nginx on ${publicUrl} over ${servers.join(', ')}${ACCEL ? ' (X-Accel-Redirect)' : ''}`);
    say(`open ${publicUrl}${BASE_PATH}/ui/ (Ctrl-C stops everything)`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll(1);
  }
}

void main();
