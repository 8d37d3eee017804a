import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/portalHarness';
import { installErrorHandler } from '../errors/errorHandler';
import { PortalError } from '../errors/PortalError';
import { SqliteSessionStore } from '../sessions/SqliteSessionStore/SqliteSessionStore';
import { metricsPlugin } from './metricsPlugin';
import { opsRoutes, type OperatedSearchEngine } from './opsRoutes';
import { PortalMetrics } from './PortalMetrics';

const apps: FastifyInstance[] = [];

/** An app laid out like the portal: metrics at the root, routes under /docs. */
async function meteredApp(metrics: PortalMetrics, searchEngine?: OperatedSearchEngine) {
  const app = Fastify();
  installErrorHandler(app);
  await app.register(metricsPlugin, { metrics });
  const sessionStore = new SqliteSessionStore(':memory:');
  app.addHook('onClose', () => sessionStore.close());
  await app.register(
    async (portal) => {
      await portal.register(opsRoutes, {
        config: testConfig(),
        sessionStore,
        metrics,
        searchEngine,
      });
      portal.get<{ Params: { id: string } }>('/things/:id', async (request) => ({
        id: request.params.id,
      }));
      portal.get('/broken', async () => {
        throw new PortalError('unavailable', 'store down');
      });
    },
    { prefix: '/docs' },
  );
  apps.push(app);
  return app;
}

async function scrape(app: FastifyInstance): Promise<string> {
  const answer = await app.inject('/docs/metrics');
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('portal metrics', () => {
  it('counts requests by route pattern and status, never by raw URL', async () => {
    const app = await meteredApp(new PortalMetrics());
    await app.inject('/docs/things/42');
    await app.inject('/docs/things/43');
    await app.inject('/docs/broken');
    await app.inject('/docs/no/such/page');
    const text = await scrape(app);
    expect(text).toContain(
      'portal_http_requests_total{method="GET",route="/docs/things/:id",status_code="200"} 2',
    );
    expect(text).toContain(
      'portal_http_requests_total{method="GET",route="/docs/broken",status_code="503"} 1',
    );
    expect(text).toContain(
      'portal_http_requests_total{method="GET",route="(unmatched)",status_code="404"} 1',
    );
    expect(text).toContain(
      'portal_http_request_duration_seconds_count{method="GET",route="/docs/things/:id",status_code="200"} 2',
    );
    expect(text).not.toContain('/docs/things/42');
    expect(text).not.toContain('/no/such/page');
  });

  it('counts sign-ins by provider and result, and search query durations by operation', async () => {
    const metrics = new PortalMetrics();
    const app = await meteredApp(metrics);
    metrics.onSignIn('salesforce', true);
    metrics.onSignIn('salesforce', true);
    metrics.onSignIn('employee', false);
    metrics.observeSearchQuery(3);
    metrics.observeSearchQuery(1, 'suggest');
    metrics.observeSearchQuery(1);
    const text = await scrape(app);
    expect(text).toContain('portal_sign_ins_total{provider="salesforce",result="success"} 2');
    expect(text).toContain('portal_sign_ins_total{provider="employee",result="failure"} 1');
    expect(text).toContain('portal_search_query_duration_seconds_count{operation="search"} 2');
    expect(text).toContain('portal_search_query_duration_seconds_count{operation="suggest"} 1');
    // 3 ms lands between the 2.5 ms and 5 ms buckets; the other one took 1 ms.
    expect(text).toContain(
      'portal_search_query_duration_seconds_bucket{le="0.0025",operation="search"} 1',
    );
    expect(text).toContain(
      'portal_search_query_duration_seconds_bucket{le="0.005",operation="search"} 2',
    );
  });

  it('reads the index size from the search engine at each scrape, once per scrape', async () => {
    let calls = 0;
    let pages = 12;
    const engine: OperatedSearchEngine = {
      ping: async () => {},
      stats: async () => {
        calls++;
        return { docSets: 2, pages, sections: 40, bytes: 4096 };
      },
    };
    const app = await meteredApp(new PortalMetrics(), engine);
    const first = await scrape(app);
    expect(first).toContain('portal_search_index_doc_sets 2');
    expect(first).toContain('portal_search_index_pages 12');
    expect(first).toContain('portal_search_index_sections 40');
    expect(first).toContain('portal_search_index_bytes 4096');
    expect(calls).toBe(1);
    pages = 13;
    expect(await scrape(app)).toContain('portal_search_index_pages 13');
  });

  it('follows the engine cache of answers: running totals as counters, holdings as gauges', async () => {
    const figures = { hits: 3, misses: 5, entries: 4, bytes: 2048 };
    const engine: OperatedSearchEngine = {
      ping: async () => {},
      stats: async () => ({ docSets: 1, pages: 1, sections: 1, bytes: 1 }),
      resultCacheStats: () => ({ ...figures }),
    };
    const app = await meteredApp(new PortalMetrics(), engine);
    const first = await scrape(app);
    expect(first).toContain('# TYPE portal_search_result_cache_hits_total counter');
    expect(first).toMatch(/^portal_search_result_cache_hits_total 3$/m);
    expect(first).toMatch(/^portal_search_result_cache_misses_total 5$/m);
    expect(first).toMatch(/^portal_search_result_cache_entries 4$/m);
    expect(first).toMatch(/^portal_search_result_cache_bytes 2048$/m);
    Object.assign(figures, { hits: 10, entries: 2, bytes: 512 });
    const second = await scrape(app);
    expect(second).toMatch(/^portal_search_result_cache_hits_total 10$/m);
    expect(second).toMatch(/^portal_search_result_cache_misses_total 5$/m);
    expect(second).toMatch(/^portal_search_result_cache_entries 2$/m);
  });

  it('still answers a scrape when the search engine cannot report its size', async () => {
    const engine: OperatedSearchEngine = {
      ping: async () => {},
      stats: () => Promise.reject(new Error('database down')),
    };
    const text = await scrape(await meteredApp(new PortalMetrics(), engine));
    expect(text).toContain('# TYPE portal_search_index_pages gauge');
    expect(text).toContain('portal_http_requests_total');
  });

  it('includes process and runtime metrics', async () => {
    const text = await scrape(await meteredApp(new PortalMetrics()));
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('keeps the counts of two app instances apart', async () => {
    const one = await meteredApp(new PortalMetrics({ processMetrics: false }));
    const two = await meteredApp(new PortalMetrics({ processMetrics: false }));
    await one.inject('/docs/things/1');
    await one.inject('/docs/things/1');
    await two.inject('/docs/things/1');
    expect(await scrape(one)).toContain('route="/docs/things/:id",status_code="200"} 2');
    expect(await scrape(two)).toContain('route="/docs/things/:id",status_code="200"} 1');
    expect(await scrape(two)).not.toContain('process_cpu_user_seconds_total');
  });
});
