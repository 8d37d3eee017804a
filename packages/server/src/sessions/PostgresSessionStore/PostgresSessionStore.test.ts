import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { runSessionStoreContract } from '../../../test/sessionStoreContract';
import { createTestDatabase, viaPort, type TestDatabase } from '../../../test/services/testServers';
import { TcpProxy } from '../../../test/services/TcpProxy';
import { PostgresSessionStore } from './PostgresSessionStore';

let database: TestDatabase;
let admin: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await admin?.end();
  await database?.drop();
});

runSessionStoreContract('postgres', async () => {
  const store = await PostgresSessionStore.open({ url: database.url, poolSize: 4 });
  await admin.query('DELETE FROM sessions');
  return store;
});

describe('PostgresSessionStore', () => {
  it('creates its table through a migration recorded once, however often it opens', async () => {
    const stores = [
      await PostgresSessionStore.open({ url: database.url, poolSize: 2 }),
      await PostgresSessionStore.open({ url: database.url, poolSize: 2 }),
    ];
    await Promise.all(stores.map((s) => s.close()));
    const recorded = await admin.query(
      `SELECT id FROM schema_migrations WHERE component = 'sessions'`,
    );
    expect(recorded.rows).toEqual([{ id: '001-create-sessions' }]);
    const table = await admin.query(`SELECT to_regclass('sessions') AS name`);
    expect(table.rows[0].name).toBe('sessions');
  });

  it('hands a single-use record to exactly one of two replicas', async () => {
    const replicas = await Promise.all([
      PostgresSessionStore.open({ url: database.url, poolSize: 3 }),
      PostgresSessionStore.open({ url: database.url, poolSize: 3 }),
    ]);
    try {
      await replicas[0].set('p:once', { state: 's' }, Date.now() + 60_000);
      const taken = await Promise.all([
        replicas[0].take('p:once'),
        replicas[1].take('p:once'),
        replicas[0].take('p:once'),
        replicas[1].take('p:once'),
      ]);
      expect(taken.filter((t) => t !== null)).toEqual([{ state: 's' }]);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('shares sessions between replicas: one writes, the other reads and deletes', async () => {
    const [one, two] = await Promise.all([
      PostgresSessionStore.open({ url: database.url, poolSize: 2 }),
      PostgresSessionStore.open({ url: database.url, poolSize: 2 }),
    ]);
    try {
      await one.set('s:shared', { user: 'a' }, Date.now() + 60_000);
      expect(await two.get('s:shared')).toEqual({ user: 'a' });
      await two.delete('s:shared');
      expect(await one.get('s:shared')).toBeNull();
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('finishes the operations in flight when closed (graceful shutdown), then refuses new ones', async () => {
    const store = await PostgresSessionStore.open({ url: database.url, poolSize: 2 });
    await store.set('k', { v: 1 }, Date.now() + 60_000);
    const inFlight = [
      store.get('k'),
      store.set('k2', { v: 2 }, Date.now() + 60_000),
      store.take('k'),
    ];
    await store.close();
    expect(await Promise.all(inFlight)).toEqual([{ v: 1 }, undefined, { v: 1 }]);
    await expect(store.get('k2')).rejects.toThrow();
  });

  it('refuses to open, naming the store, when PostgreSQL cannot be reached', async () => {
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: 5432 });
    proxy.cut();
    try {
      await expect(
        PostgresSessionStore.open({ url: viaPort(database.url, proxy.port), poolSize: 2 }),
      ).rejects.toThrow('sessions.store (postgres): cannot prepare the session table');
    } finally {
      await proxy.close();
    }
  });

  it('ends its pool on close, and closing twice is not an error', async () => {
    const store = await PostgresSessionStore.open({ url: database.url, poolSize: 2 });
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
    await expect(store.ping()).rejects.toThrow();
  });
});
