import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrowserlikeClient,
  signIn,
  TEST_REDIS_URL,
  createTestDatabase,
  deleteRedisKeys,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@docs-portal/server/testing';
import { counterValue, startTestCluster, type TestCluster } from '../harness/cluster';

const PAGE = '/docs/6_5/Web/UserGuide/Content/Overview.htm';

/**
 * Several replicas behind nginx with shared state: sign in through one process, read and search
 * through the other, log out through one and the session is gone on both. Runs once with sessions
 * in Redis and once in PostgreSQL (analytics in PostgreSQL both times; search in PostgreSQL in the
 * second run).
 */
describe.each(['redis', 'postgres'] as const)(
  'a cluster of two replicas, sessions in %s',
  (kind) => {
    let cluster: TestCluster;
    let database: TestDatabase;
    const prefix = uniqueRedisPrefix();
    let client: BrowserlikeClient;

    beforeAll(async () => {
      database = await createTestDatabase();
      cluster = await startTestCluster({
        sessions:
          kind === 'redis'
            ? { kind: 'redis', url: TEST_REDIS_URL, keyPrefix: prefix }
            : { kind: 'postgres', url: database.url },
        analyticsUrl: database.url,
        // The PostgreSQL run shares the search index in PostgreSQL too; the Redis run keeps the
        // SQLite index in the shared data folder.
        ...(kind === 'postgres' ? { searchUrl: database.url } : {}),
      });
      client = new BrowserlikeClient(cluster.origin);
    }, 150_000);

    afterAll(async () => {
      await cluster?.stop();
      await database?.drop();
      if (kind === 'redis') await deleteRedisKeys(prefix);
    });

    /** The client's cookies sent straight to one process, bypassing nginx. */
    const direct = (replica: number, target: string, init: RequestInit = {}) => {
      const cookie = [...client.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
      const origin = cluster.portals[replica]?.origin ?? '';
      const headers = new Headers(init.headers);
      headers.set('cookie', cookie);
      return fetch(`${origin}${target}`, { ...init, headers, redirect: 'manual' });
    };

    it('signs in through nginx, the round trip handled by the first replica', async () => {
      const before = await counterValue(
        cluster.portals[0]!.origin,
        'portal_sign_ins_total',
        'success',
      );
      const { finalLocation } = await signIn(client, 'customer', { returnTo: PAGE });
      expect(finalLocation).toContain(PAGE);
      expect(
        await counterValue(cluster.portals[0]!.origin, 'portal_sign_ins_total', 'success'),
      ).toBe(before + 1);
      expect(await counterValue(cluster.portals[1]!.origin, 'portal_sign_ins_total')).toBe(0);
    });

    it('reads doc pages, the user and search through the other replica with that session', async () => {
      const page = await direct(1, PAGE);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
      const user = await direct(1, '/docs/user');
      expect(user.status).toBe(200);
      expect(((await user.json()) as { displayName: string }).displayName).toBeTruthy();
      const search = await direct(1, '/docs/search?q=protection');
      expect(search.status).toBe(200);
      expect(((await search.json()) as { total: number }).total).toBeGreaterThan(0);
    });

    it('spreads requests through nginx over both replicas, all answered for the session', async () => {
      const counted = () =>
        Promise.all(
          cluster.portals.map((p) =>
            counterValue(p.origin, 'portal_http_requests_total', 'status_code="200"'),
          ),
        );
      const before = await counted();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => client.request(PAGE).then((r) => r.status)),
      );
      expect(answers.every((status) => status === 200)).toBe(true);
      const after = await counted();
      expect(after[0]! - before[0]!).toBeGreaterThan(0);
      expect(after[1]! - before[1]!).toBeGreaterThan(0);
    });

    it('keeps /metrics off the public origin; each replica answers it on its own port', async () => {
      const publicMetrics = await fetch(`${cluster.origin}/docs/metrics`);
      expect(publicMetrics.status).toBe(403);
      expect(await publicMetrics.text()).not.toContain('portal_http_requests_total');
      for (const portal of cluster.portals) {
        expect(await counterValue(portal.origin, 'portal_http_requests_total')).toBeGreaterThan(0);
      }
    });

    it('ends the session on both replicas when the reader logs out through one', async () => {
      const logout = await direct(1, '/docs/logout', {
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(logout.status).toBe(302);
      for (const replica of [0, 1]) {
        const user = await direct(replica, '/docs/user');
        expect(user.status).toBe(401);
      }
      expect((await client.request('/docs/user')).status).toBe(401);
    });
  },
);
