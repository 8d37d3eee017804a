import { afterAll } from 'vitest';
import { runSessionStoreOutageSuite } from '../../../test/services/sessionStoreOutageSuite';
import {
  TEST_REDIS_URL,
  addressOf,
  deleteRedisKeys,
  uniqueRedisPrefix,
  viaPort,
} from '../../../test/services/testServers';
import { RedisSessionStore } from './RedisSessionStore';

const keyPrefix = uniqueRedisPrefix();

afterAll(async () => {
  await deleteRedisKeys(keyPrefix);
});

runSessionStoreOutageSuite('redis', {
  target: addressOf(TEST_REDIS_URL, 6379),
  open: (port, logger) =>
    RedisSessionStore.open({
      url: viaPort(TEST_REDIS_URL, port),
      keyPrefix,
      commandTimeoutMs: 500,
      connectTimeoutMs: 2_000,
      logger,
      maxReconnectDelayMs: 200,
    }),
  failFastMs: 1_500,
});
