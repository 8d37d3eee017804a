import autocannon from 'autocannon';

/** What the parent asks this load generator to do (JSON in argv[2]). */
export interface LoadRequest {
  /** The page to request over and over. */
  url: string;
  /** Concurrent keep-alive connections. */
  connections: number;
  /** Length of the run. */
  durationSeconds: number;
  /** Headers of every request (session cookie, Accept-Encoding). */
  headers: Record<string, string>;
}

/** The figures the parent reads back (JSON on stdout). */
export interface LoadFigures {
  /** Mean completed requests per second. */
  requestsPerSecond: number;
  /** Median latency. */
  latencyP50Ms: number;
  /** 99th percentile latency. */
  latencyP99Ms: number;
  /** Mean response bytes per second. */
  bytesPerSecond: number;
  /** Requests completed. */
  total: number;
  /** Answers outside 2xx (must be 0 for the figures to count). */
  non2xx: number;
  /** Connection errors. */
  errors: number;
  /** Requests that timed out. */
  timeouts: number;
}

/**
 * Runs autocannon in its own process, so the load generator never competes with the server under
 * test for the same event loop. Prints one JSON line of LoadFigures.
 */
async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? '{}') as LoadRequest;
  const result = await autocannon({
    url: request.url,
    connections: request.connections,
    duration: request.durationSeconds,
    headers: request.headers,
  });
  const figures: LoadFigures = {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    bytesPerSecond: result.throughput.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

void main();
