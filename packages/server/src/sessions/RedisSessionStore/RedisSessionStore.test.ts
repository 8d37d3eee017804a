import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { runSessionStoreContract } from '../../../test/sessionStoreContract';
import {
  TEST_REDIS_URL,
  deleteRedisKeys,
  uniqueRedisPrefix,
  viaPort,
} from '../../../test/services/testServers';
import { TcpProxy } from '../../../test/services/TcpProxy';
import { RedisSessionStore } from './RedisSessionStore';

const runPrefix = uniqueRedisPrefix();
let storeCount = 0;
const nextPrefix = () => `${runPrefix}${++storeCount}:`;

afterAll(async () => {
  await deleteRedisKeys(runPrefix);
});

runSessionStoreContract(
  'redis',
  async () => RedisSessionStore.open({ url: TEST_REDIS_URL, keyPrefix: nextPrefix() }),
  { expiresByItself: true },
);

describe('RedisSessionStore', () => {
  it('keeps each record under its prefix with Redis expiring it at the given time', async () => {
    const keyPrefix = nextPrefix();
    const store = await RedisSessionStore.open({ url: TEST_REDIS_URL, keyPrefix });
    const raw = new Redis(TEST_REDIS_URL);
    try {
      const expiresAt = Date.now() + 60_000;
      await store.set('s:abc', { user: 'a' }, expiresAt);
      expect(await raw.get(`${keyPrefix}s:abc`)).toBe('{"user":"a"}');
      expect(await raw.call('PEXPIRETIME', `${keyPrefix}s:abc`)).toBe(expiresAt);
    } finally {
      raw.disconnect();
      await store.close();
    }
  });

  it('does not see the records of a store with another prefix', async () => {
    const first = await RedisSessionStore.open({ url: TEST_REDIS_URL, keyPrefix: nextPrefix() });
    const second = await RedisSessionStore.open({ url: TEST_REDIS_URL, keyPrefix: nextPrefix() });
    try {
      await first.set('k', { v: 1 }, Date.now() + 60_000);
      expect(await second.get('k')).toBeNull();
      expect(await second.take('k')).toBeNull();
      expect(await first.get('k')).toEqual({ v: 1 });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('hands a single-use record to exactly one of two replicas', async () => {
    const keyPrefix = nextPrefix();
    const replicas = await Promise.all([
      RedisSessionStore.open({ url: TEST_REDIS_URL, keyPrefix }),
      RedisSessionStore.open({ url: TEST_REDIS_URL, keyPrefix }),
    ]);
    try {
      await replicas[0].set('p:once', { state: 's' }, Date.now() + 60_000);
      const taken = await Promise.all([
        replicas[0].take('p:once'),
        replicas[1].take('p:once'),
        replicas[1].take('p:once'),
      ]);
      expect(taken.filter((t) => t !== null)).toEqual([{ state: 's' }]);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('finishes the operations in flight when closed (graceful shutdown), then refuses new ones', async () => {
    const store = await RedisSessionStore.open({ url: TEST_REDIS_URL, keyPrefix: nextPrefix() });
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

  it('refuses to open, naming Redis and its address, when Redis cannot be reached', async () => {
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: 6379 });
    proxy.cut();
    const url = viaPort(TEST_REDIS_URL, proxy.port);
    try {
      await expect(RedisSessionStore.open({ url, connectTimeoutMs: 500 })).rejects.toThrow(
        `sessions.store (redis): cannot reach Redis at 127.0.0.1:${proxy.port}`,
      );
    } finally {
      await proxy.close();
    }
  });

  it('closes twice without error, as app shutdown and a test may both do', async () => {
    const store = await RedisSessionStore.open({ url: TEST_REDIS_URL, keyPrefix: nextPrefix() });
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
    await expect(store.ping()).rejects.toThrow();
  });
});
