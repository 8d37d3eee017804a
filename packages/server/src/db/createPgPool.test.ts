import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressOf,
  createTestDatabase,
  viaPort,
  type TestDatabase,
} from '../../test/services/testServers';
import { TcpProxy } from '../../test/services/TcpProxy';
import { createPgPool, isPgConnectionError, queryPg } from './createPgPool';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

describe('createPgPool', () => {
  it('survives the server ending its connections, logs it once, and reconnects on the next query', async () => {
    const lines: string[] = [];
    const pool = createPgPool(database.url, 2, {
      purpose: 'test pool',
      // Generous: this test is about dropped connections, not slow ones on a busy machine.
      connectTimeoutMs: 10_000,
      logger: {
        warn: (_details, message) => lines.push(`warn: ${message}`),
        info: (_details, message) => lines.push(`info: ${message}`),
      },
    });
    const admin = createPgPool(database.url, 1);
    try {
      await Promise.all([queryPg(pool, 'SELECT pg_sleep(0.05)'), queryPg(pool, 'SELECT 1')]);
      expect(pool.idleCount).toBe(2);
      // Both idle connections are ended by the server: wait until the pool has heard of each.
      const dropped = new Promise<void>((resolve) => {
        let seen = 0;
        pool.on('error', () => {
          if (++seen === 2) resolve();
        });
      });
      await queryPg(
        admin,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await dropped;
      const answer = await queryPg<{ n: number }>(pool, 'SELECT 41 + 1 AS n');
      expect(answer.rows).toEqual([{ n: 42 }]);
      expect(lines).toEqual([
        'warn: test pool: connection lost; requests that need it answer 503 until it is back',
        'info: test pool: connection restored',
      ]);
    } finally {
      await Promise.all([pool.end(), admin.end()]);
    }
  });

  it('tells a failed connection from an error in the SQL', async () => {
    const pool = createPgPool(database.url, 1);
    const proxy = await TcpProxy.start(addressOf(database.url, 5432));
    const unreachable = createPgPool(viaPort(database.url, proxy.port), 1);
    proxy.cut();
    try {
      const sqlError = await queryPg(pool, 'SELECT * FROM no_such_table').catch((e: unknown) => e);
      expect(isPgConnectionError(sqlError)).toBe(false);
      const connectionError = await queryPg(unreachable, 'SELECT 1').catch((e: unknown) => e);
      expect(connectionError).toBeInstanceOf(Error);
      expect(isPgConnectionError(connectionError)).toBe(true);
    } finally {
      await Promise.all([pool.end(), unreachable.end(), proxy.close()]);
    }
  });
});
