// Searches per second that one portal process answers over HTTP, through the real app (session
// cookie, validation, access, analytics), loaded by wrk from its own process with N concurrent
// connections cycling through distinct reader queries. The in-process engine time of the same
// queries is measured in the same run, so the HTTP figure can be read against it.
// Run: node --import tsx bench/search/httpSearch.ts [--pages 2000] [--connections 20] [--seconds 10]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserlikeClient, signIn, startPortal } from '@docs-portal/server/testing';
import { generateSyntheticDocSet } from '../corpus/generateSyntheticDocSet';
import { buildLatencyQueries, loadPagePaths } from './latencyQueries';
import { WRK, wrkAvailable } from '../serving/loadGenerators';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const PAGES = option('pages', 2000);
const CONNECTIONS = option('connections', 20);
const SECONDS = option('seconds', 10);
const QUERIES = option('queries', 2000);

/** A wrk script that sends the queries in turn, each connection from its own offset. */
function wrkScript(paths: readonly string[]): string {
  const list = paths.map((p) => `  ${JSON.stringify(p)},`).join('\n');
  return `local paths = {\n${list}\n}
local counter = 0
setup = function(thread) thread:set("offset", counter * 997); counter = counter + 1 end
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[((i + (offset or 0)) % #paths) + 1])
end
`;
}

function runWrk(url: string, script: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const args = ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-s', script];
    args.push('-H', `cookie: ${cookie}`, url);
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk ${code}`))));
  });
}

async function main(): Promise<void> {
  if (!wrkAvailable()) throw new Error('wrk is not installed (apt-get install wrk)');
  const folder = join(tmpdir(), `docs-portal-synthetic-${PAGES}`);
  if (!existsSync(join(folder, 'Data', 'Tocs', 'Toc.js')))
    await generateSyntheticDocSet({ outDir: folder, pages: PAGES, seed: 1 });
  const portal = await startPortal({
    docSets: [
      {
        id: 'synthetic',
        mount: 'synthetic',
        folder,
        title: 'Synthetic guide',
        product: 'Acme Data Platform',
        version: '7.0',
        docType: 'User Guide',
        defaultPage: 'Default.htm',
      },
    ],
  });
  const work = mkdtempSync(join(tmpdir(), 'http-search-'));
  try {
    const client = new BrowserlikeClient(portal.origin);
    await signIn(client, 'customer');
    const cookie = [...client.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
    const base = portal.config.basePath;
    // The index is built in the background at start: wait until a title query finds its page.
    await loadPagePaths(folder);
    const queries = buildLatencyQueries(folder, QUERIES, 7);
    const started = performance.now();
    for (;;) {
      const response = await client.request(`${base}/search?q=${encodeURIComponent(queries[0]!)}`);
      const body = (await response.json()) as { total?: number };
      if (response.status === 200 && (body.total ?? 0) > 0) break;
      if (performance.now() - started > 600_000) throw new Error('index not ready in 10 min');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const paths = queries.map((q) => `${base}/search?q=${encodeURIComponent(q)}`);
    for (const path of paths.slice(0, 300)) await client.request(path);
    const t = performance.now();
    for (const path of paths.slice(0, 500)) await client.request(path);
    const sequential = (performance.now() - t) / 500;
    const script = join(work, 'queries.lua');
    writeFileSync(script, wrkScript(paths));
    const out = await runWrk(`${portal.origin}${base}/search`, script, cookie);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    const latency = (p: string) => new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '?';
    console.log(`### Search over HTTP: one portal process, ${PAGES} synthetic pages\n`);
    console.log('| measure | value |\n|---|---:|');
    console.log(`| distinct queries | ${queries.length} |`);
    console.log(`| one reader, sequential (mean per search) | ${sequential.toFixed(2)} ms |`);
    console.log(
      `| ${CONNECTIONS} connections (wrk, ${SECONDS} s): searches/s | ${rps.toFixed(0)} |`,
    );
    console.log(
      `| latency p50 / p90 / p99 | ${latency('50')} / ${latency('90')} / ${latency('99')} |`,
    );
    console.log(`| non-2xx | ${non2xx} |`);
    console.log(`| goal | >= 1,500 searches/s |`);
  } finally {
    await portal.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
