import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLockHolder } from '../../../test/content/lockHolderProcess';
import { runPublishLockContract } from '../../../test/content/publishLockContract';
import { createTestDatabase, type TestDatabase } from '../../../test/services/testServers';
import { DocSetError } from '../DocSetError';
import { PgPublishLock } from './PgPublishLock';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

runPublishLockContract(
  'PgPublishLock',
  (host) => new PgPublishLock({ url: database.url, configField: 'search.postgres.url', host }),
);

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => value,
    (error: unknown) => error,
  );
}

describe('the PostgreSQL publish lock', () => {
  it('is refused to this process while another process holds it, and free once it lets go', async () => {
    const holder = startLockHolder(['pg', database.url, 'web-1']);
    await holder.held;
    const here = new PgPublishLock({ url: database.url, configField: 'test', host: 'web-2' });
    const refused = await outcome(here.withLock('guide', async () => 'ran'));
    expect(refused).toMatchObject({ code: 'busy' });
    expect((refused as DocSetError).message).toContain('host web-1');
    holder.child.stdin.end();
    expect(await holder.exited).toBe(0);
    expect(await here.withLock('guide', async () => 'ran')).toBe('ran');
  });

  it('is freed by the database when its holder dies, with no waiting for staleness', async () => {
    const holder = startLockHolder(['pg', database.url, 'web-1']);
    await holder.held;
    holder.child.kill('SIGKILL');
    await holder.exited;
    const here = new PgPublishLock({ url: database.url, configField: 'test', host: 'web-2' });
    const started = Date.now();
    expect(await here.withLock('guide', async () => 'ran', { wait: true })).toBe('ran');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('tells the holder it lost the lock when its connection is cut', async () => {
    const here = new PgPublishLock({ url: database.url, configField: 'test', host: 'web-1' });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const lostSeen = await here.withLock('guide', async (lost) => {
        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE application_name = $1`,
          [`docs-portal publish web-1 ${process.pid}`],
        );
        // Under load the cut can be seen before the admin query's answer: then it has happened.
        if (!lost.aborted) {
          await new Promise((resolve) => lost.addEventListener('abort', resolve, { once: true }));
        }
        return lost.aborted;
      });
      expect(lostSeen).toBe(true);
    } finally {
      await admin.end();
    }
  });

  it('refuses with a message naming the config field when PostgreSQL cannot be reached', async () => {
    const url = new URL(database.url);
    url.port = '1';
    const lock = new PgPublishLock({
      url: url.href,
      configField: 'search.postgres.url',
      connectTimeoutMs: 1_000,
    });
    let ran = false;
    const error = await outcome(lock.withLock('guide', async () => (ran = true)));
    expect(error).toBeInstanceOf(DocSetError);
    expect(error).toMatchObject({ code: 'lock_unavailable' });
    expect((error as DocSetError).message).toContain(
      'Cannot take the publish lock in PostgreSQL (search.postgres.url)',
    );
    expect(ran).toBe(false);
  });
});
