/**
 * Authenticated doc-page throughput of the portal against nginx serving the same release folder on
 * the same machine, in one run. Run: `node --import tsx bench/serving/throughput.ts`
 * (DURATION=seconds, CONNECTIONS=n, ROUNDS=n, NGINX_WORKERS=n|auto change the defaults 10, 50, 2, 1).
 * Load comes from wrk (Debian's, when installed; one thread) and from autocannon, each in its own
 * process; with two cores, the load generator takes one and the server under test the other.
 *
 * The portal runs in this process (buildApp + listen, logs silent); nginx (Debian's /usr/sbin/nginx)
 * and the load generator (autocannon) run in their own processes; everything on 127.0.0.1.
 */
import { readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { BrowserlikeClient, signIn, startPortal } from '@docs-portal/server/testing';
import { BENCH_PAGE, writeBenchDocSet } from './benchDocSet';
import { startStaticNginx } from './staticNginx';
import type { LoadFigures, LoadRequest } from './loadClient';
import { runAutocannon, runWrk, wrkAvailable } from './loadGenerators';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MOUNT = '6_5/Web/UserGuide';
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const NGINX_WORKERS = process.env.NGINX_WORKERS ?? '1';
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const WARM_UP_SECONDS = 2;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Fetches the page from both servers and checks they send the same precompressed bytes. */
async function checkSameAnswer(
  portalUrl: string,
  nginxUrl: string,
  headers: Record<string, string>,
): Promise<number> {
  const [fromPortal, fromNginx] = await Promise.all(
    [portalUrl, nginxUrl].map(async (url) => {
      // undici would decompress transparently; node:http keeps the bytes as sent.
      return new Promise<{ status: number; encoding: string | undefined; body: Buffer }>(
        (resolve, reject) => {
          request(url, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                encoding: res.headers['content-encoding'],
                body: Buffer.concat(chunks),
              }),
            );
          })
            .on('error', reject)
            .end();
        },
      );
    }),
  );
  for (const [name, answer] of [
    ['portal', fromPortal],
    ['nginx', fromNginx],
  ] as const) {
    if (answer?.status !== 200 || answer.encoding !== 'gzip')
      throw new Error(`${name} answered ${answer?.status} (${answer?.encoding})`);
  }
  if (!fromPortal!.body.equals(fromNginx!.body))
    throw new Error('portal and nginx sent different bytes');
  return gunzipSync(fromPortal!.body).length;
}

function row(cells: Array<string | number>): string {
  return `| ${cells.map((c) => String(c).padEnd(14)).join(' | ')} |`;
}

async function main(): Promise<void> {
  const folder = writeBenchDocSet(REPO_ROOT);
  const portal = await startPortal({
    docSets: [
      {
        id: 'bench',
        mount: MOUNT,
        folder,
        title: 'Bench',
        product: 'Data Platform',
        version: '6.5',
        docType: 'User Guide',
        defaultPage: 'Default.htm',
      },
    ],
  });
  const client = new BrowserlikeClient(portal.origin);
  await signIn(client, 'customer');
  const cookie = [...client.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
  const releaseDir = realpathSync(path.join(portal.config.dataDir, 'docsets/bench/current'));
  const nginx = await startStaticNginx({ releaseDir, mount: MOUNT, workers: NGINX_WORKERS });
  try {
    const portalUrl = `${portal.origin}/docs/${MOUNT}/${BENCH_PAGE}`;
    const nginxUrl = `${nginx.origin}/docs/${MOUNT}/${BENCH_PAGE}`;
    const headers = { cookie, 'accept-encoding': 'gzip' };
    const pageBytes = await checkSameAnswer(portalUrl, nginxUrl, headers);
    const gzBytes = readFileSync(path.join(releaseDir, `${BENCH_PAGE}.gz`)).length;
    console.log(
      `Page: ${BENCH_PAGE}, ${pageBytes} bytes (${gzBytes} gzipped, precompressed); ${CONNECTIONS} connections, ${DURATION} s per server; nginx ${NGINX_WORKERS} worker(s), portal 1 Node.js process.`,
    );
    const generators: Array<[string, (r: LoadRequest, root: string) => Promise<LoadFigures>]> = [
      ['autocannon', runAutocannon],
    ];
    if (wrkAvailable()) generators.unshift(['wrk', runWrk]);
    else
      console.log(
        'wrk is not installed (apt-get install wrk): autocannon only, which may saturate before nginx does.',
      );
    console.log(
      row([
        'load generator',
        'round',
        'server',
        'req/s',
        'p50 ms',
        'p99 ms',
        'MB/s',
        'non-2xx',
        'errors',
      ]),
    );
    console.log(row(Array(9).fill('-'.repeat(14))));
    const summary: string[] = [];
    let failures = 0;
    for (const [generator, runLoad] of generators) {
      const runs: Record<'portal' | 'nginx', LoadFigures[]> = { portal: [], nginx: [] };
      // Rounds alternate the servers so that noise from other work on the machine hits both alike.
      for (let round = 1; round <= ROUNDS; round++) {
        for (const [name, url] of [
          ['portal', portalUrl],
          ['nginx', nginxUrl],
        ] as const) {
          await runLoad(
            { url, connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS, headers },
            REPO_ROOT,
          );
          const f = await runLoad(
            { url, connections: CONNECTIONS, durationSeconds: DURATION, headers },
            REPO_ROOT,
          );
          runs[name].push(f);
          failures += f.non2xx + f.errors + f.timeouts;
          console.log(
            row([
              generator,
              round,
              name,
              Math.round(f.requestsPerSecond),
              f.latencyP50Ms.toFixed(2),
              f.latencyP99Ms.toFixed(2),
              (f.bytesPerSecond / 1e6).toFixed(1),
              f.non2xx,
              f.errors + f.timeouts,
            ]),
          );
        }
      }
      const portalRps = median(runs.portal.map((f) => f.requestsPerSecond));
      const nginxRps = median(runs.nginx.map((f) => f.requestsPerSecond));
      summary.push(
        row([
          generator,
          'median',
          'portal',
          Math.round(portalRps),
          '',
          median(runs.portal.map((f) => f.latencyP99Ms)).toFixed(2),
          '',
          '',
          '',
        ]),
        row([
          generator,
          'median',
          'nginx',
          Math.round(nginxRps),
          '',
          median(runs.nginx.map((f) => f.latencyP99Ms)).toFixed(2),
          '',
          '',
          '',
        ]),
        row([
          generator,
          'ratio',
          'portal/nginx',
          `${((portalRps / nginxRps) * 100).toFixed(1)} %`,
          '',
          '',
          '',
          '',
          '',
        ]),
      );
    }
    console.log(`\nMedians over ${ROUNDS} round(s) (target: portal >= 40 % of nginx):`);
    console.log(row(['load generator', '', 'server', 'req/s', '', 'p99 ms', '', '', '']));
    for (const line of summary) console.log(line);
    if (failures > 0)
      console.log('WARNING: some answers were not 2xx or failed; the figures are not comparable.');
  } finally {
    await nginx.stop();
    await portal.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
