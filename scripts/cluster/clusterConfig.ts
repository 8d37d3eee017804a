import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { PortalConfigSchema } from '../../packages/server/src/config/schema';
import { REPO_ROOT } from './nginx';

/** Where the processes of a cluster keep shared state. */
export interface ClusterStores {
  /** Session store: Redis (`url`, optional `keyPrefix`) or PostgreSQL (`url`). */
  sessions: { kind: 'redis'; url: string; keyPrefix?: string } | { kind: 'postgres'; url: string };
  /** PostgreSQL URL of the analytics store (used when the config schema has `analytics`). */
  analyticsUrl?: string;
  /** PostgreSQL URL of the search engine (default: the SQLite index in the shared data folder). */
  searchUrl?: string;
  /** X-Accel-Redirect prefix (used when the config schema has `serving.accelRedirectPrefix`). */
  accelRedirectPrefix?: string;
}

/** Whether the portal's config schema has a top-level field (new fields arrive in stages). */
export function schemaHasField(field: string): boolean {
  return Object.prototype.hasOwnProperty.call(PortalConfigSchema.shape, field);
}

/**
 * Writes a cluster config to `file`: the base config (default: the repository's
 * portal.config.yaml) with doc set folders made absolute and the shared stores set. Fields the
 * schema does not know yet are left out, so the config always validates.
 * @returns the names of the settings left out because the schema does not have them yet.
 */
export function writeClusterConfig(
  file: string,
  stores: ClusterStores,
  baseFile = path.join(REPO_ROOT, 'portal.config.yaml'),
): string[] {
  const config = (parse(readFileSync(baseFile, 'utf8')) ?? {}) as Record<string, unknown>;
  const baseDir = path.dirname(baseFile);
  const docSets = (config.docSets ?? []) as { folder: string }[];
  for (const docSet of docSets) docSet.folder = path.resolve(baseDir, docSet.folder);
  const sessions = (config.sessions ?? {}) as Record<string, unknown>;
  const sessionStore: Record<string, unknown> = { ...stores.sessions };
  if (stores.sessions.kind === 'redis' && stores.sessions.keyPrefix !== undefined) {
    // Only when the schema knows it (it is strict about unknown fields).
    const known = PortalConfigSchema.shape.sessions.safeParse({
      store: { kind: 'redis', url: 'redis://x', keyPrefix: 'p:' },
    });
    const kept = known.success && 'keyPrefix' in (known.data.store as object);
    if (!kept) delete sessionStore.keyPrefix;
  }
  config.sessions = { ...sessions, store: sessionStore };
  const skipped: string[] = [];
  if (stores.analyticsUrl) {
    if (schemaHasField('analytics')) {
      config.analytics = { store: { kind: 'postgres', url: stores.analyticsUrl, poolSize: 5 } };
    } else skipped.push('analytics.store (postgres)');
  }
  if (stores.searchUrl) {
    const search = (config.search ?? {}) as Record<string, unknown>;
    config.search = {
      ...search,
      engine: 'postgres',
      postgres: { url: stores.searchUrl, poolSize: 5 },
    };
  }
  if (stores.accelRedirectPrefix) {
    if (schemaHasField('serving')) {
      config.serving = { accelRedirectPrefix: stores.accelRedirectPrefix };
    } else skipped.push('serving.accelRedirectPrefix');
  }
  writeFileSync(file, `# Written by scripts/cluster: a cluster config.\n${stringify(config)}`);
  return skipped;
}
