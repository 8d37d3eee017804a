// Public API of @docs-portal/search. The contract test suite is exported from
// '@docs-portal/search/testing' so that production code never loads the test runner.
export { createSearchEngine, SEARCH_ENGINE_IDS } from './createSearchEngine';
export type { SearchEngineConfig } from './createSearchEngine';
export { openSearchEngine } from './openSearchEngine';
export { QueryThreads } from './threads/QueryThreads';
export type {
  DocSetChange,
  DocSetDescriptor,
  IndexedDocSet,
  IndexedPages,
  ReaderAccess,
  SearchEngine,
  SearchIndexStats,
  SearchOptions,
  WriteOptions,
  WriteProgress,
} from './SearchEngine';
export {
  changedSynonymWords,
  compileRules,
  rulesTouch,
  ruleSignature,
  globMatches,
  normaliseRulePattern,
  normaliseRuleQuery,
} from './rules/compileRules';
export type { CompiledRules } from './rules/compileRules';
export { DEFAULT_RESULT_CACHE, NO_RESULT_CACHE } from './ResultCache';
export type { ResultCacheOptions, ResultCacheStats } from './ResultCache';
export { extractSections } from './indexer/extractSections';
export type { ExtractContext, ExtractedPage, ExtractedSection } from './indexer/extractSections';
export { extractionRulesKey, selectorProblem } from './indexer/extractionRules';
export type { ExtractionRules } from './indexer/extractionRules';
export { addHeadingIds } from './indexer/addHeadingIds';
export { readFlareTocBreadcrumbs } from './indexer/readFlareTocBreadcrumbs';
export type { TocBreadcrumbs } from './indexer/readFlareTocBreadcrumbs';
export { parseJsLiteral } from './indexer/parseJsLiteral';
export { listDocSetPages } from './sync/listDocSetPages';
export {
  defaultParseThreads,
  INDEXER_VERSION,
  removeDocSet,
  syncDocSet,
  syncDocSets,
} from './sync/syncDocSet';
// What a parse worker does to a batch of pages, for the extraction bench.
export { extractBatch } from './sync/extractTask';
export type { ExtractBatch, ExtractOutcome } from './sync/extractTask';
export { PageHierarchy } from './indexer/readPageTrails';
export type {
  PageWarning,
  SyncLogger,
  SyncOptions,
  SyncProgress,
  SyncResult,
} from './sync/syncDocSet';
export { analysePacked, analysePage } from './core/analysePage';
// The typo look-up, for its bench.
export { TermTrie } from './core/TermTrie';
export type { AnalysedPage, PageAnalysis, PageRecord } from './core/analysePage';
export { IndexAbortError, IndexConflictError, SearchUnavailableError } from './core/IndexStore';
export { DEFAULT_MEMORY_LIMITS } from './core/memoryLimits';
export type { SearchMemoryLimits } from './core/memoryLimits';
export { DEFAULT_RANKING } from './query/rankingOptions';
export type { RankingOptions } from './query/rankingOptions';
export { compareVersions, versionGroupKey } from './query/versions';
export type { PostgresSearchConfig } from './PostgresSearchEngine/PostgresIndexStore';
export { isPgUnavailable } from './PostgresSearchEngine/pgUnavailable';
export { WalIndexGuard, WalIndexLostError } from './sqlite/WalIndexGuard';
export type { WalIndexGuardEvents } from './sqlite/WalIndexGuard';
