import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startPortal } from '../../test/portalHarness';
import { eventually } from '../../test/services/eventually';
import { TcpProxy } from '../../test/services/TcpProxy';
import {
  TEST_POSTGRES_URL,
  TEST_REDIS_URL,
  addressOf,
  createTestDatabase,
  deleteRedisKeys,
  uniqueRedisPrefix,
  viaPort,
  type TestDatabase,
} from '../../test/services/testServers';
import { PostgresSessionStore } from '../sessions/PostgresSessionStore/PostgresSessionStore';
import { RedisSessionStore } from '../sessions/RedisSessionStore/RedisSessionStore';
import type { SessionStore } from '../sessions/SessionStore';

let database: TestDatabase;
const keyPrefix = uniqueRedisPrefix();

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
  await deleteRedisKeys(keyPrefix);
});

const backends: {
  name: string;
  target: () => { host: string; port: number };
  open: (port: number) => Promise<SessionStore>;
}[] = [
  {
    name: 'redis',
    target: () => addressOf(TEST_REDIS_URL, 6379),
    open: (port) =>
      RedisSessionStore.open({
        url: viaPort(TEST_REDIS_URL, port),
        keyPrefix,
        commandTimeoutMs: 500,
        maxReconnectDelayMs: 200,
      }),
  },
  {
    name: 'postgres',
    target: () => addressOf(TEST_POSTGRES_URL, 5432),
    open: (port) =>
      PostgresSessionStore.open({
        url: viaPort(database.url, port),
        poolSize: 4,
        queryTimeoutMs: 500,
      }),
  },
];

describe.each(backends)('the portal on a $name session store', ({ target, open }) => {
  it('answers 503 while the store is gone and keeps the reader signed in once it is back', async () => {
    const proxy = await TcpProxy.start(target());
    const portal = await startPortal({}, { sessionStore: await open(proxy.port) });
    try {
      const reader = portal.client();
      await signIn(reader, 'customer');
      expect((await reader.request('/docs/user')).status).toBe(200);

      proxy.cut();
      const during = await reader.request('/docs/user');
      expect(during.status).toBe(503);
      const body = await during.text();
      expect(JSON.parse(body)).toEqual({
        code: 'unavailable',
        message: 'Sign-in sessions are unavailable right now. Please try again shortly.',
      });
      // Nothing of the driver's message reaches the browser: no host, port or socket error.
      expect(body).not.toMatch(/127\.0\.0\.1|ECONN|connect|stream|closed/i);
      expect(body).not.toContain(String(proxy.port));
      // Probes come from a load balancer, without the reader's cookie.
      const probe = portal.client();
      const notReady = await probe.request('/docs/readyz');
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({ checks: { sessions: 'failed' } });
      expect((await probe.request('/docs/healthz')).status).toBe(200);

      proxy.restore();
      const user = await eventually(async () => {
        const answer = await reader.request('/docs/user');
        if (answer.status !== 200) throw new Error(`GET /docs/user answered ${answer.status}`);
        return answer.json();
      });
      expect(user).toMatchObject({ displayName: 'Casey Customer', kind: 'customer' });
      // Ready also needs the start-up sync of the search index, which this test does not time.
      await portal.app.searchIndexing.ready;
      expect((await probe.request('/docs/readyz')).status).toBe(200);
    } finally {
      await portal.close();
      await proxy.close();
    }
  });
});
