import { mkdir, statfs } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { PortalConfig } from '../config/schema';
import { HostMarkers, type HostMarkersOptions, type LiveHost } from './HostMarkers';
import { networkFileSystemName } from './networkFileSystem';

/** A part of the portal configured to keep its data in SQLite in the data folder. */
export interface SqliteStore {
  /** What it is, in product words: `the search index`. */
  what: string;
  /** Its config field and value: `search.engine: sqlite`. */
  field: string;
  /** The shared alternative to configure instead. */
  instead: string;
}

/** The parts of `config` that keep SQLite files in the data folder. */
export function sqliteStoresOf(config: PortalConfig): SqliteStore[] {
  const stores: SqliteStore[] = [];
  if (config.search.engine === 'sqlite') {
    stores.push({
      what: 'the search index',
      field: 'search.engine: sqlite',
      instead: 'search.engine: postgres with search.postgres.url',
    });
  }
  if (config.sessions.store.kind === 'sqlite') {
    stores.push({
      what: 'the sessions',
      field: 'sessions.store.kind: sqlite',
      instead: 'sessions.store.kind: redis or postgres',
    });
  }
  if (config.analytics.store.kind === 'sqlite') {
    stores.push({
      what: 'the analytics',
      field: 'analytics.store.kind: sqlite',
      instead: 'analytics.store.kind: postgres',
    });
  }
  return stores;
}

/** What the start-up check saw about the data folder. */
export interface DataFolderFacts {
  /** The data folder. */
  dataDir: string;
  /** The SQLite users of the config (see sqliteStoresOf). */
  sqliteStores: SqliteStore[];
  /** The network file system the folder is on, or null for a local one. */
  networkFileSystem: string | null;
  /** Other hosts with a fresh marker in the folder. */
  otherHosts: LiveHost[];
}

/**
 * Whether the portal must refuse to start: SQLite in a data folder that is on a network file
 * system or used by portals on other hosts (SQLite's locks and write-ahead log only work between
 * processes of one host on a local disk; sharing corrupts or blocks the database). Returns the
 * message for the operator, naming what to configure instead, or null when starting is safe.
 */
export function sharedSqliteRefusal(facts: DataFolderFacts): string | null {
  const { dataDir, sqliteStores, networkFileSystem, otherHosts } = facts;
  if (sqliteStores.length === 0) return null;
  let why: string;
  if (networkFileSystem) {
    why = `the data folder ${dataDir} is on a network file system (${networkFileSystem})`;
  } else if (otherHosts.length > 0) {
    const hosts = otherHosts
      .map((h) => `${h.host} (seen ${Math.round(h.lastSeenMsAgo / 1000)} s ago)`)
      .join(', ');
    why = `the data folder ${dataDir} is shared with portals on other hosts: ${hosts}`;
  } else {
    return null;
  }
  const uses = sqliteStores.map((s) => `${s.what} (${s.field})`).join(', ');
  const fixes = sqliteStores.map((s) => `  ${s.field} -> ${s.instead}`).join('\n');
  return (
    `Refusing to start: ${why}, and SQLite keeps ${uses} there. SQLite's locking and write-ahead ` +
    `log do not work over network file systems or between hosts. For several hosts use the ` +
    `PostgreSQL engine and shared stores:\n${fixes}\n` +
    `or give each host a data folder on its own local disk. A marker of a host that is gone ` +
    `stops counting 30 s after it stopped (${dataDir}/hosts/).`
  );
}

/** Hooks for tests; the defaults are the real host. */
export interface SharedDataFolderOptions extends HostMarkersOptions {
  /** This host's name (default os.hostname()). */
  host?: string;
  /** The statfs type of a folder (default: fs.statfs). */
  fileSystemType?: (dir: string) => Promise<number | bigint>;
}

/**
 * The start-up check of the data folder: marks this host as a user of the folder (refreshed until
 * `close`), then refuses with `sharedSqliteRefusal`'s message when the config keeps SQLite files
 * in a folder on a network file system or used by another host.
 * @returns the host markers, to close with the app.
 * @throws Error with the message for the operator (this host's marker is removed first).
 */
export async function checkSharedDataFolder(
  config: PortalConfig,
  options: SharedDataFolderOptions = {},
): Promise<HostMarkers> {
  await mkdir(config.dataDir, { recursive: true });
  const markers = new HostMarkers(config.dataDir, options.host ?? hostname(), options);
  const sqliteStores = sqliteStoresOf(config);
  const type = await (options.fileSystemType ?? (async (dir) => (await statfs(dir)).type))(
    config.dataDir,
  );
  const refusal = sharedSqliteRefusal({
    dataDir: config.dataDir,
    sqliteStores,
    networkFileSystem: networkFileSystemName(type),
    otherHosts: await markers.otherLiveHosts(),
  });
  if (refusal) {
    await markers.remove();
    throw new Error(refusal);
  }
  markers.start();
  return markers;
}
