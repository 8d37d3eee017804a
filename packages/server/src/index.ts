export { buildApp, type BuildAppOptions } from './app';
export { ConfigError, loadConfig, parseConfig, REPO_ROOT } from './config/loadConfig';
export { PortalConfigSchema, type PortalConfig, type PortalConfigInput } from './config/schema';
export { DEMO_USERS } from './devIdp/demoUsers';
export {
  DocSetPublisher,
  type PublishOptions,
  type PublishResult,
} from './content/DocSetPublisher';
export type { PublishProgress } from './content/PublishBudget';
export { pageFactsOf } from './content/pageFacts';
export { replayDraft, type ReplayInput } from './relevance/replayDraft';
export { SqliteAnalyticsStore } from './analytics/SqliteAnalyticsStore/SqliteAnalyticsStore';
