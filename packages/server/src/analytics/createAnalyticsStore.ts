import { z } from 'zod';
import type { PortalConfig } from '../config/schema';
import type { DependencyLogger } from '../ops/ConnectionStateLog';
import type { AnalyticsStore } from './AnalyticsStore';
import { PostgresAnalyticsStore } from './PostgresAnalyticsStore/PostgresAnalyticsStore';
import { SqliteAnalyticsStore } from './SqliteAnalyticsStore/SqliteAnalyticsStore';

/** Backend ids this build knows. */
export const ANALYTICS_STORE_KINDS = ['sqlite', 'postgres'] as const;

/**
 * The `analytics.store` setting as this module reads it. The config schema validates it first
 * (with field paths in its errors); this parse keeps the module correct whatever the schema's
 * exact shape.
 */
const AnalyticsStoreSettingSchema = z.union([
  z.object({ kind: z.literal('sqlite') }),
  z.object({
    kind: z.literal('postgres'),
    url: z.string().min(1),
    poolSize: z.number().int().min(1).default(5),
    timeoutMs: z.number().int().positive().optional(),
  }),
]);

/** What the portal hands to a store besides its config. */
export interface CreateAnalyticsStoreOptions {
  /** Where a shared store logs its connection going down and coming back (e.g. `app.log`). */
  logger?: DependencyLogger;
}

/**
 * Opens the analytics store named by `config.analytics.store.kind` (default `sqlite`):
 * `${config.dataDir}/analytics.sqlite`, or a PostgreSQL database shared by several replicas, whose
 * schema is brought up to date here (safe when several replicas start at once).
 * @throws Error naming the known ids for an unknown kind, or naming the store when PostgreSQL
 *   cannot be reached.
 */
export async function createAnalyticsStore(
  config: PortalConfig,
  options: CreateAnalyticsStoreOptions = {},
): Promise<AnalyticsStore> {
  const raw: unknown = (config as { analytics?: { store?: unknown } }).analytics?.store ?? {
    kind: 'sqlite',
  };
  const kind = (raw as { kind?: unknown }).kind;
  if (!(ANALYTICS_STORE_KINDS as readonly unknown[]).includes(kind)) {
    throw new Error(
      `analytics.store.kind "${String(kind)}" is not available in this build; known: ${ANALYTICS_STORE_KINDS.join(', ')}`,
    );
  }
  const setting = AnalyticsStoreSettingSchema.parse(raw);
  if (setting.kind === 'sqlite') {
    return new SqliteAnalyticsStore(config.dataDir, { logger: options.logger });
  }
  return PostgresAnalyticsStore.open({
    url: setting.url,
    poolSize: setting.poolSize,
    queryTimeoutMs: setting.timeoutMs,
    logger: options.logger,
  });
}
