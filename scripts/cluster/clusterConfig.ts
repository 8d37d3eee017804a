import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { PortalConfigSchema } from '@docs-portal/server';
import { REPO_ROOT } from './nginx';

/** Where the processes of a cluster keep shared state. */
export interface ClusterStores {
  /** Session store: Redis (`url`, optional `keyPrefix`) or PostgreSQL (`url`). */
  sessions: { kind: 'redis'; url: string; keyPrefix?: string } | { kind: 'postgres'; url: string };
  /** PostgreSQL URL of the analytics store (default: SQLite in the shared data folder). */
  analyticsUrl?: string;
  /** PostgreSQL URL of the search engine (default: the SQLite index in the shared data folder). */
  searchUrl?: string;
  /** X-Accel-Redirect prefix: nginx sends the doc files after the portal authorises each request. */
  accelRedirectPrefix?: string;
}

/**
 * Writes a cluster config to `file`: the base config (default: the repository's
 * portal.config.yaml) with doc set folders made absolute and the shared stores set, checked
 * against the portal's config schema first.
 * @throws Error naming the bad fields when the result would not validate.
 */
export function writeClusterConfig(
  file: string,
  stores: ClusterStores,
  baseFile = path.join(REPO_ROOT, 'portal.config.yaml'),
): void {
  const config = (parse(readFileSync(baseFile, 'utf8')) ?? {}) as Record<string, unknown>;
  const baseDir = path.dirname(baseFile);
  const docSets = (config.docSets ?? []) as { folder: string }[];
  for (const docSet of docSets) docSet.folder = path.resolve(baseDir, docSet.folder);
  const sessions = (config.sessions ?? {}) as Record<string, unknown>;
  config.sessions = { ...sessions, store: { ...stores.sessions } };
  if (stores.analyticsUrl) {
    config.analytics = { store: { kind: 'postgres', url: stores.analyticsUrl, poolSize: 5 } };
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
    config.serving = { accelRedirectPrefix: stores.accelRedirectPrefix };
  }
  const checked = PortalConfigSchema.safeParse(config);
  if (!checked.success) {
    const problems = checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`cluster config would not validate:\n  ${problems.join('\n  ')}`);
  }
  writeFileSync(file, `# Written by scripts/cluster: a cluster config.\n${stringify(config)}`);
}
