import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { DocSetError } from '../DocSetError';
import {
  LOCK_RETRY_MS,
  LOCK_WAIT_MS,
  type PublishLock,
  type PublishLockOptions,
} from './PublishLock';

/** First key of every publish lock: keeps them apart from other advisory locks of the database. */
const NAMESPACE_KEY = positiveKey('docs-portal publish');

/** A stable non-negative int4 from `text` (pg_locks shows the keys as unsigned oids). */
function positiveKey(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) & 0x7fffffff;
}

/** Where the advisory locks are taken. */
export interface PgPublishLockOptions {
  /** `postgres://...` of a database every host of the portal reaches. */
  url: string;
  /** The config field `url` comes from, named in messages (`search.postgres.url`). */
  configField: string;
  /** Opening the connection fails after this long (ms, default 5000). */
  connectTimeoutMs?: number;
  /** Name of this host, shown to a process that finds the lock busy (default: os.hostname()). */
  host?: string;
}

/**
 * The publish lock as a PostgreSQL session advisory lock on a connection of its own, keyed by the
 * doc set id. The database releases it when the holder's connection ends, so a holder that dies or
 * loses its network never leaves it behind, and hosts need not share a file system for it. Portals
 * sharing one database and a doc set id also share its lock (their publishes merely take turns).
 */
export class PgPublishLock implements PublishLock {
  readonly description: string;
  private readonly host: string;

  constructor(private readonly options: PgPublishLockOptions) {
    this.description = `PostgreSQL advisory lock (${options.configField})`;
    this.host = options.host ?? hostname();
  }

  async withLock<T>(
    docSetId: string,
    task: (lost: AbortSignal) => Promise<T>,
    options: PublishLockOptions = {},
  ): Promise<T> {
    const key = positiveKey(docSetId);
    const lost = new AbortController();
    const client = new pg.Client({
      connectionString: this.options.url,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 5_000,
      // Shown in pg_stat_activity, and to a process that finds the lock busy.
      application_name: `docs-portal publish ${this.host} ${process.pid}`.slice(0, 63),
    });
    client.on('error', (error) => lost.abort(error));
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw this.unavailable(error);
    }
    try {
      const deadline = Date.now() + (options.wait ? LOCK_WAIT_MS : 0);
      for (;;) {
        const { rows } = await client
          .query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
            NAMESPACE_KEY,
            key,
          ])
          .catch((error: unknown) => {
            throw this.unavailable(error);
          });
        if (rows[0]?.locked) break;
        if (Date.now() >= deadline) throw await this.busy(client, docSetId, key);
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
      return await task(lost.signal);
    } finally {
      // Ending the session releases the lock; an explicit unlock would only cost a round trip.
      await client.end().catch(() => undefined);
    }
  }

  private async busy(client: pg.Client, docSetId: string, key: number): Promise<DocSetError> {
    const holder = await client
      .query<{ application_name: string }>(
        `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
            AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid`,
        [NAMESPACE_KEY, key],
      )
      .then((r) => r.rows[0]?.application_name.replace(/^docs-portal publish /, '') ?? '')
      .catch(() => '');
    const [host, pid] = holder.split(' ');
    const who = host && pid ? ` (host ${host}, process ${pid})` : '';
    return new DocSetError(
      'busy',
      `Another publish or rollback of doc set "${docSetId}" is running${who}; try again when it has finished.`,
    );
  }

  private unavailable(error: unknown): DocSetError {
    const detail = error instanceof Error ? error.message : String(error);
    return new DocSetError(
      'lock_unavailable',
      `Cannot take the publish lock in PostgreSQL (${this.options.configField}): ${detail}. Nothing was changed.`,
    );
  }
}
