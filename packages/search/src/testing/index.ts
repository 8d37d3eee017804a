// Test helpers of @docs-portal/search, imported as '@docs-portal/search/testing' (needs Vitest).
export { runSearchEngineContract, searchRequest } from './runSearchEngineContract';
export type { MakeContractEngine } from './runSearchEngineContract';
export { CONTRACT_CORPUS } from './contractCorpus';
export type { ContractDocSet } from './contractCorpus';
export { createTestDatabase, TEST_POSTGRES_URL } from './testDatabase';
export type { TestDatabase } from './testDatabase';
