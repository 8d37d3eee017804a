import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../src/errors/errorHandler';
import type { DependencyLogger } from '../../src/ops/ConnectionStateLog';
import { opsRoutes } from '../../src/ops/opsRoutes';
import { SessionService } from '../../src/sessions/SessionService';
import type { SessionStore } from '../../src/sessions/SessionStore';
import { testConfig } from '../portalHarness';
import { eventually, timed } from './eventually';
import { TcpProxy } from './TcpProxy';

/** How the outage suite reaches a store through a proxy. */
export interface OutageSuiteSetup {
  /** The real server the proxy forwards to. */
  target: { host: string; port: number };
  /**
   * Opens a fresh store connecting to 127.0.0.1:`port` (the proxy), with short timeouts, logging
   * its connection state to `logger`.
   */
  open(port: number, logger: DependencyLogger): Promise<SessionStore>;
  /** Longest an operation may take to fail during an outage (ms). */
  failFastMs: number;
}

const READER = {
  sub: 'reader-1',
  provider: 'salesforce' as const,
  displayName: 'Ada Reader',
  email: 'ada@example.com',
  kind: 'customer' as const,
};

/** Answers of a load of requests, with a way to wait until one matching a condition arrives. */
class AnswerLog {
  /** Status → how many answers had it. */
  readonly counts = new Map<number, number>();
  /** Status → the body of the last answer with it. */
  readonly lastBody = new Map<number, unknown>();
  private waiters: { test: (status: number) => boolean; resolve: () => void }[] = [];

  record(status: number, body: unknown): void {
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
    this.lastBody.set(status, body);
    this.waiters = this.waiters.filter((w) => (w.test(status) ? (w.resolve(), false) : true));
  }

  /** Resolves at the next answer with a status `test` accepts. */
  next(test: (status: number) => boolean): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }
}

/** A portal-like app: the real error handler and ops routes, and one route that needs a session. */
async function sessionApp(store: SessionStore): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandler(app);
  const sessions = new SessionService(store, { idleMs: 3_600_000, absoluteMs: 7_200_000 });
  await app.register(
    async (portal) => {
      await portal.register(opsRoutes, {
        config: testConfig(),
        sessionStore: store,
        readinessTimeoutMs: 1_000,
      });
      portal.get<{ Params: { id: string } }>('/session/:id', async (request) => {
        const record = await sessions.resume(request.params.id);
        return { displayName: record?.user.displayName ?? null };
      });
      portal.post('/session', async () => ({ id: await sessions.create(READER) }));
    },
    { prefix: '/docs' },
  );
  return app;
}

/**
 * The failure behaviour every shared session store shows when its server goes away and comes
 * back, run through a TcpProxy between the store and the real server: operations fail fast
 * (requests answer 503, never 500, and the process keeps running), and everything works again,
 * with the data written before the outage, as soon as the server is reachable, without a restart.
 */
export function runSessionStoreOutageSuite(name: string, setup: OutageSuiteSetup): void {
  describe(`SessionStore outage: ${name}`, () => {
    let proxy: TcpProxy;
    let store: SessionStore;
    let logged: string[];

    beforeEach(async () => {
      proxy = await TcpProxy.start(setup.target);
      logged = [];
      store = await setup.open(proxy.port, {
        warn: (_details, message) => logged.push(`warn: ${message}`),
        info: (_details, message) => logged.push(`info: ${message}`),
      });
    });
    afterEach(async () => {
      proxy.restore();
      await store.close();
      await proxy.close();
    });

    it('fails every operation fast while the server is gone, then recovers with its data', async () => {
      await store.set('before', { kept: true }, Date.now() + 60_000);
      proxy.cut();
      for (const operation of [
        () => store.get('before'),
        () => store.set('during', { v: 1 }, Date.now() + 60_000),
        () => store.take('before'),
        () => store.delete('before'),
        () => store.ping(),
      ]) {
        const outcome = await timed(operation);
        expect(outcome.rejected).toBe(true);
        expect(outcome.ms).toBeLessThan(setup.failFastMs);
      }
      proxy.restore();
      await eventually(() => store.ping());
      expect(await store.get('before')).toEqual({ kept: true });
      await store.set('after', { v: 2 }, Date.now() + 60_000);
      expect(await store.take('after')).toEqual({ v: 2 });
      // One line when the connection went, one when it came back: retries do not flood the log.
      expect(logged).toEqual([
        expect.stringMatching(/^warn: .*connection lost/),
        expect.stringMatching(/^info: .*connection restored/),
      ]);
    });

    it('fails within its timeout while the network hangs, then recovers with its data', async () => {
      await store.set('before', { kept: true }, Date.now() + 60_000);
      proxy.stall();
      const read = await timed(() => store.get('before'));
      expect(read.rejected).toBe(true);
      expect(read.ms).toBeLessThan(setup.failFastMs);
      expect((await timed(() => store.ping())).rejected).toBe(true);
      proxy.restore();
      await eventually(() => store.ping());
      expect(await store.get('before')).toEqual({ kept: true });
    });

    it('answers 503 JSON, never 500, under load while cut; readyz follows; all back after', async () => {
      const app = await sessionApp(store);
      try {
        const created = await app.inject({ method: 'POST', url: '/docs/session' });
        const { id } = created.json<{ id: string }>();
        const log = new AnswerLog();
        let running = true;
        const worker = async () => {
          while (running) {
            const answer = await app.inject({ method: 'GET', url: `/docs/session/${id}` });
            log.record(answer.statusCode, answer.json());
            // A store failing at once answers without I/O: yield, or the loop starves the timers
            // and sockets the recovery depends on.
            await new Promise((resolve) => setImmediate(resolve));
          }
        };
        const workers = Array.from({ length: 4 }, worker);

        await log.next((status) => status === 200);
        const unavailable = log.next((status) => status === 503);
        proxy.cut();
        await unavailable;
        const notReady = await app.inject({ method: 'GET', url: '/docs/readyz' });
        expect(notReady.statusCode).toBe(503);
        expect(notReady.json()).toMatchObject({
          status: 'not_ready',
          code: 'unavailable',
          checks: { sessions: 'failed' },
        });

        const recovered = log.next((status) => status === 200);
        proxy.restore();
        await recovered;
        running = false;
        await Promise.all(workers);

        expect([...log.counts.keys()].sort()).toEqual([200, 503]);
        expect(log.lastBody.get(503)).toMatchObject({
          code: 'unavailable',
          message: expect.stringContaining('Sign-in sessions are unavailable'),
        });
        expect(log.lastBody.get(200)).toEqual({ displayName: 'Ada Reader' });
        const ready = await eventually(async () => {
          const answer = await app.inject({ method: 'GET', url: '/docs/readyz' });
          if (answer.statusCode !== 200) throw new Error(`readyz ${answer.statusCode}`);
          return answer.json();
        });
        expect(ready).toEqual({ status: 'ready', checks: { sessions: 'ok' } });
      } finally {
        await app.close();
      }
    });
  });
}
