import type { PortalConfig } from '../../config/schema';
import { FilePublishLock, type FilePublishLockOptions } from './FilePublishLock';
import { PgPublishLock } from './PgPublishLock';
import type { PublishLock } from './PublishLock';

/**
 * The PostgreSQL database of the config that every host reaches, if any: the search engine's, else
 * the analytics store's, else the session store's. Null when the portal uses no PostgreSQL.
 */
export function lockDatabaseOf(config: PortalConfig): { url: string; configField: string } | null {
  if (config.search.engine === 'postgres' && config.search.postgres) {
    return { url: config.search.postgres.url, configField: 'search.postgres.url' };
  }
  const analytics = config.analytics.store;
  if (analytics.kind === 'postgres') {
    return { url: analytics.url, configField: 'analytics.store.url' };
  }
  const sessions = config.sessions.store;
  if (sessions.kind === 'postgres') return { url: sessions.url, configField: 'sessions.store.url' };
  return null;
}

/**
 * The publish lock the config calls for: a PostgreSQL advisory lock when the portal uses
 * PostgreSQL (see {@link lockDatabaseOf}), otherwise a lock file in each doc set's store under
 * `root`, stale by age.
 */
export function createPublishLock(
  config: PortalConfig,
  root: string,
  fileOptions: FilePublishLockOptions = {},
): PublishLock {
  const database = lockDatabaseOf(config);
  return database ? new PgPublishLock(database) : new FilePublishLock(root, fileOptions);
}
