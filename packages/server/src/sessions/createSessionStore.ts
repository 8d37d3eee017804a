import type { PortalConfig } from '../config/schema';
import type { DependencyLogger } from '../ops/ConnectionStateLog';
import { PostgresSessionStore } from './PostgresSessionStore/PostgresSessionStore';
import { DEFAULT_REDIS_KEY_PREFIX, RedisSessionStore } from './RedisSessionStore/RedisSessionStore';
import type { SessionStore } from './SessionStore';
import { SqliteSessionStore } from './SqliteSessionStore/SqliteSessionStore';

/** Backend ids this build knows. */
export const SESSION_STORE_KINDS = ['sqlite', 'redis', 'postgres'] as const;

/** What the portal hands to a store besides its config. */
export interface CreateSessionStoreOptions {
  /** Where a shared store logs its connection going down and coming back (e.g. `app.log`). */
  logger?: DependencyLogger;
}

/**
 * Opens the session store named by `config.sessions.store.kind`: SQLite in the data folder, or a
 * shared Redis / PostgreSQL. Shared stores are reachable when this resolves, and PostgreSQL's
 * schema is current (migrations run here, safe when several replicas start at once).
 * @throws Error naming the known ids when the kind has no implementation here, or naming the store
 *   when its server cannot be reached.
 */
export async function createSessionStore(
  config: PortalConfig,
  options: CreateSessionStoreOptions = {},
): Promise<SessionStore> {
  const store = config.sessions.store;
  switch (store.kind) {
    case 'sqlite':
      return new SqliteSessionStore(config.dataDir, { logger: options.logger });
    case 'redis':
      return RedisSessionStore.open({
        url: store.url,
        keyPrefix: store.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX,
        commandTimeoutMs: store.timeoutMs,
        logger: options.logger,
      });
    case 'postgres':
      return PostgresSessionStore.open({
        url: store.url,
        poolSize: store.poolSize,
        queryTimeoutMs: store.timeoutMs,
        logger: options.logger,
      });
    default:
      throw new Error(
        `sessions.store.kind "${(store as { kind: string }).kind}" is not available in this build; known: ${SESSION_STORE_KINDS.join(', ')}`,
      );
  }
}
