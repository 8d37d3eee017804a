import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { SearchEngine } from '@docs-portal/search';

/** HTTP latency and throughput of a search endpoint. */
export interface HttpResult {
  connections: number;
  requestsPerSecond: number;
  /** Latency quantiles in ms (autocannon reports p90 and p97.5, not p95). */
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  errors: number;
}

/**
 * Serves `GET /search?q=` from the engine on a loopback port with a minimal node:http handler
 * (no sessions, no validation: the engine's own cost over HTTP; the reader may read every indexed
 * doc set) and loads it with autocannon, cycling through the queries.
 */
export async function measureHttp(
  engine: SearchEngine,
  queries: readonly string[],
  seconds: number,
  connections = 10,
): Promise<HttpResult> {
  const access = { docSetIds: (await engine.indexedDocSets()).map((d) => d.docSet.id) };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams.get('q') ?? '';
    engine
      .search(
        { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
        access,
      )
      .then((response) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(response));
      })
      .catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: queries.map((q) => ({
      method: 'GET' as const,
      path: `/search?q=${encodeURIComponent(q)}`,
    })),
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const latency = result.latency as unknown as Record<string, number>;
  return {
    connections,
    requestsPerSecond: result.requests.average,
    p50: latency.p50 ?? 0,
    p90: latency.p90 ?? 0,
    p97_5: latency.p97_5 ?? 0,
    p99: latency.p99 ?? 0,
    errors: result.errors + result.non2xx,
  };
}
