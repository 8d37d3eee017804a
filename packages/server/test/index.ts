// Test helpers of @docs-portal/server for the browser tests and the benchmarks, imported as
// '@docs-portal/server/testing': a running portal, a signed-in client, the throwaway services.
export { BrowserlikeClient } from './BrowserlikeClient';
export {
  freePort,
  sampleDocSets,
  signIn,
  startPortal,
  testConfig,
  type RunningPortal,
} from './portalHarness';
export {
  addressOf,
  createTestDatabase,
  deleteRedisKeys,
  TEST_POSTGRES_URL,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  viaPort,
  type TestDatabase,
} from './services/testServers';
export { writeFolder } from './content/docSetFolders';
export { API_V1, GUIDE_V1, GUIDE_V2, GUIDE_V3 } from './content/linkSites';
