import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, startPortal, testConfig } from '../../test/portalHarness';
import { installErrorHandler } from '../errors/errorHandler';
import { SqliteSessionStore } from '../sessions/SqliteSessionStore/SqliteSessionStore';
import { NotReadyYet } from './checkReadiness';
import { opsRoutes, type OpsRoutesOptions } from './opsRoutes';
import { PortalMetrics } from './PortalMetrics';

const SIZE = { docSets: 2, pages: 12, sections: 40, bytes: 4096 };
const apps: FastifyInstance[] = [];

async function opsApp(options: Partial<OpsRoutesOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandler(app);
  const sessionStore = new SqliteSessionStore(':memory:');
  app.addHook('onClose', () => sessionStore.close());
  await app.register(opsRoutes, {
    config: testConfig(),
    sessionStore,
    ...options,
    prefix: '/docs',
  });
  apps.push(app);
  return app;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('operations routes', () => {
  it('answers healthz without asking any dependency', async () => {
    const app = await opsApp({
      searchEngine: { ping: () => Promise.reject(new Error('down')), stats: async () => SIZE },
    });
    const answer = await app.inject('/docs/healthz');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('is ready when the session store and the search engine answer', async () => {
    const app = await opsApp({ searchEngine: { ping: async () => {}, stats: async () => SIZE } });
    const answer = await app.inject('/docs/readyz');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ready', checks: { sessions: 'ok', search: 'ok' } });
  });

  it('answers 503 naming the search engine when it fails', async () => {
    const app = await opsApp({
      searchEngine: {
        ping: () => Promise.reject(new Error('index missing')),
        stats: async () => SIZE,
      },
    });
    const answer = await app.inject('/docs/readyz');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      status: 'not_ready',
      code: 'unavailable',
      message: 'Not ready: search failed.',
      checks: { sessions: 'ok', search: 'failed' },
    });
  });

  it('says pending, not failed, for a check still on its way to ready', async () => {
    let caughtUp = false;
    const app = await opsApp({
      searchEngine: { ping: async () => {}, stats: async () => SIZE },
      readinessChecks: [
        {
          name: 'index',
          ping: async () => {
            if (!caughtUp) throw new NotReadyYet('catching up');
          },
        },
      ],
    });
    const pending = await app.inject('/docs/readyz');
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({
      status: 'not_ready',
      code: 'unavailable',
      message: 'Not ready: index pending.',
      checks: { sessions: 'ok', search: 'ok', index: 'pending' },
    });
    caughtUp = true;
    const ready = await app.inject('/docs/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ checks: { index: 'ok' } });
  });

  it('answers 503 within its timeout when a dependency never answers', async () => {
    const app = await opsApp({
      readinessTimeoutMs: 100,
      searchEngine: { ping: () => new Promise<void>(() => {}), stats: async () => SIZE },
    });
    const started = performance.now();
    const answer = await app.inject('/docs/readyz');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ checks: { sessions: 'ok', search: 'timeout' } });
  });

  it('answers 503 naming the session store when it fails', async () => {
    const sessionStore = new SqliteSessionStore(':memory:');
    await sessionStore.close();
    const app = await opsApp({ sessionStore });
    const answer = await app.inject('/docs/readyz');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ checks: { sessions: 'failed' } });
  });

  it('serves /metrics only with the bearer token when operations.metricsToken is set', async () => {
    const token = 'metrics-secret-0123456789abcdef';
    const app = await opsApp({
      config: testConfig({ operations: { metricsToken: token } }),
      metrics: new PortalMetrics(),
    });
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdefgh',
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
    ]) {
      const refused = await app.inject({
        url: '/docs/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.json()).toMatchObject({ code: 'unauthenticated' });
      expect(refused.body).not.toContain('portal_http_requests_total');
    }
    const allowed = await app.inject({
      url: '/docs/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toMatch(/^text\/plain/);
    expect(allowed.body).toContain('# TYPE');
  });

  it('serves /metrics to anyone when no token is configured (nginx restricts it)', async () => {
    const app = await opsApp({ metrics: new PortalMetrics() });
    expect((await app.inject('/docs/metrics')).statusCode).toBe(200);
  });

  it('serves no /metrics when no metrics are given', async () => {
    const app = await opsApp();
    expect((await app.inject('/docs/metrics')).statusCode).toBe(404);
  });

  it('answers healthz and readyz of the whole portal without a session', async () => {
    const portal = await startPortal();
    try {
      await portal.app.searchIndexing.ready;
      const client = portal.client();
      for (const path of ['/docs/healthz', '/docs/readyz']) {
        const answer = await client.request(path);
        expect(answer.status).toBe(200);
      }
    } finally {
      await portal.close();
    }
  });

  it('counts the answers of the engine cache of answers in /metrics, through the portal wrappers', async () => {
    const portal = await startPortal();
    try {
      await portal.app.searchIndexing.ready;
      const client = portal.client();
      await signIn(client, 'customer');
      for (let n = 0; n < 3; n++) {
        expect((await client.request('/docs/search?q=restore')).status).toBe(200);
      }
      const text = await (await client.request('/docs/metrics')).text();
      expect(text).toMatch(/^portal_search_result_cache_hits_total 2$/m);
      expect(text).toMatch(/^portal_search_result_cache_misses_total 1$/m);
      expect(text).toMatch(/^portal_search_result_cache_entries 1$/m);
      expect(text).toMatch(/^portal_search_result_cache_bytes [1-9]\d*$/m);
    } finally {
      await portal.close();
    }
  });
});
