import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startClusterPortal,
  startNginx,
  writeClusterConfig,
  type ClusterPortal,
  type ClusterStores,
  type NginxProcess,
} from '@docs-portal/scripts/cluster';
import { freePort } from '@docs-portal/server/testing';

/** Two (or more) portal processes sharing one data folder and stores, behind nginx. */
export interface TestCluster {
  /** nginx's origin: the public URL of every process. */
  origin: string;
  /** The portal processes, in start order; the first one handles sign-in (development provider). */
  portals: ClusterPortal[];
  /** nginx. */
  nginx: NginxProcess;
  /** The shared data folder. */
  dataDir: string;
  /** Stops nginx and the processes and removes the data folder. */
  stop(): Promise<void>;
}

/**
 * Starts a cluster for a test: a config with `stores`, `replicas` processes on free loopback ports
 * (one after the other, so the first one publishes the sample doc sets), all with the same
 * PUBLIC_URL (nginx) and DATA_DIR, then nginx in front with the sign-in round trip routed to the
 * first process (the development identity provider keeps sign-ins in its process's memory).
 */
export async function startTestCluster(stores: ClusterStores, replicas = 2): Promise<TestCluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'docs-portal-cluster-'));
  const configFile = path.join(dataDir, 'portal.cluster.yaml');
  writeClusterConfig(configFile, stores);
  const nginxPort = await freePort();
  const origin = `http://127.0.0.1:${nginxPort}`;
  const portals: ClusterPortal[] = [];
  let nginx: NginxProcess | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(portals.map((p) => p.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < replicas; i += 1) {
      portals.push(
        await startClusterPortal({
          name: `portal-${i + 1}`,
          port: await freePort(),
          configFile,
          publicUrl: origin,
          dataDir,
          logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
        }),
      );
    }
    const servers = portals.map((p) => new URL(p.origin).host);
    nginx = await startNginx({
      port: nginxPort,
      portalServers: servers,
      signInServers: servers.slice(0, 1),
      basePath: '/docs',
      docSetsDir: path.join(dataDir, 'docsets'),
      runDir: path.join(dataDir, 'nginx'),
      accessLog: true,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, portals, nginx, dataDir, stop };
}

/** The value of a Prometheus counter summed over the series whose labels contain `labelText`. */
export async function counterValue(
  origin: string,
  metric: string,
  labelText = '',
): Promise<number> {
  const text = await (await fetch(`${origin}/docs/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(metric) || !line.includes(labelText)) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) sum += value;
  }
  return sum;
}
