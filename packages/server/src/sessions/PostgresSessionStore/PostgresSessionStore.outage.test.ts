import { afterAll, beforeAll } from 'vitest';
import { runSessionStoreOutageSuite } from '../../../test/services/sessionStoreOutageSuite';
import {
  TEST_POSTGRES_URL,
  addressOf,
  createTestDatabase,
  viaPort,
  type TestDatabase,
} from '../../../test/services/testServers';
import { PostgresSessionStore } from './PostgresSessionStore';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

runSessionStoreOutageSuite('postgres', {
  target: addressOf(TEST_POSTGRES_URL, 5432),
  open: (port, logger) =>
    PostgresSessionStore.open({
      url: viaPort(database.url, port),
      poolSize: 4,
      queryTimeoutMs: 500,
      connectTimeoutMs: 2_000,
      logger,
    }),
  failFastMs: 1_500,
});
