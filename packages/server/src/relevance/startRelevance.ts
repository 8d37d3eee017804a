import type { PortalConfig } from '../config/schema';
import type { DependencyLogger } from '../ops/ConnectionStateLog';
import { LiveRules } from './LiveRules';
import { PostgresRuleStore } from './PostgresRuleStore';
import type { RuleStore } from './RuleStore';
import { SqliteRuleStore } from './SqliteRuleStore';

/** The rule store and the rules in force of one replica. */
export interface Relevance {
  store: RuleStore;
  live: LiveRules;
  /** Stops polling and closes the store. */
  close(): Promise<void>;
}

/**
 * Opens the deployment's rule store (PostgreSQL when the search index is in PostgreSQL, the
 * cluster mode; `${dataDir}/relevance.sqlite` otherwise), loads the newest version and starts
 * polling for new ones.
 */
export async function startRelevance(
  config: PortalConfig,
  options: {
    logger?: DependencyLogger & { warn(o: unknown, m: string): void };
    pollMs?: number;
  } = {},
): Promise<Relevance> {
  const pg = config.search.engine === 'postgres' ? config.search.postgres : undefined;
  const store: RuleStore = pg
    ? await PostgresRuleStore.open({
        url: pg.url,
        poolSize: 2,
        queryTimeoutMs: pg.timeoutMs,
        logger: options.logger,
      })
    : new SqliteRuleStore(config.dataDir);
  const live = new LiveRules(store, { pollMs: options.pollMs, logger: options.logger });
  await live.start();
  return {
    store,
    live,
    close: async () => {
      live.stop();
      await store.close();
    },
  };
}
