import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { WalIndexGuard, WalIndexLostError } from '@docs-portal/search';
import Database from 'better-sqlite3';
import {
  isSqliteBusy,
  isSqliteFileError,
  walIndexUsable,
  whenSqliteFree,
} from '../../db/sqliteErrors';
import {
  ConnectionStateLog,
  SQLITE_FILE_WORDS,
  type DependencyLogger,
} from '../../ops/ConnectionStateLog';
import type { SessionStore } from '../SessionStore';

/** Options of a {@link SqliteSessionStore}. */
export interface SqliteSessionStoreOptions {
  /** Where a locked or failing file is logged, once per outage (e.g. `app.log`). */
  logger?: DependencyLogger;
  /**
   * Longest wait for a write lock another connection holds, before the request answers 503 (ms,
   * default 1000). Waiting never blocks the process: other requests are answered meanwhile.
   */
  lockPatienceMs?: number;
}

/**
 * Session store in a SQLite file of the data folder: the embedded default. SQLite itself never
 * waits for a lock (busy timeout 0, which would freeze the whole process): a write that meets a
 * lock is retried after short pauses, and fails after `lockPatienceMs`.
 */
export class SqliteSessionStore implements SessionStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly statements;
  private readonly state: ConnectionStateLog;
  private readonly patienceMs: number | undefined;
  private readonly guard: WalIndexGuard;
  /** Writes through this connection, each counted once it is over (see {@link version}). */
  private writes = 0;

  /** Opens (creating when needed) `${dataDir}/sessions.sqlite`; `:memory:` for a throwaway store. */
  constructor(dataDir: string | ':memory:', options: SqliteSessionStoreOptions = {}) {
    let file = ':memory:';
    if (dataDir !== ':memory:') {
      mkdirSync(dataDir, { recursive: true });
      file = path.join(dataDir, 'sessions.sqlite');
    }
    this.state = new ConnectionStateLog(options.logger, 'sqlite session store', SQLITE_FILE_WORDS);
    this.patienceMs = options.lockPatienceMs;
    // Start-up may wait for a lock: nothing is being served yet.
    this.db = new Database(file, { timeout: 5_000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS sessions (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS sessions_expires_at ON sessions (expires_at);`);
    this.db.pragma('busy_timeout = 0');
    this.guard = new WalIndexGuard(file, {
      repaired: ({ file: shm }) => {
        throw new WalIndexLostError(`${shm} shrank under the open store and was restored`);
      },
    });
    this.guard.check();
    this.statements = {
      get: this.db.prepare<[string, number], { value: string }>(
        'SELECT value FROM sessions WHERE key = ? AND expires_at > ?',
      ),
      set: this.db.prepare<[string, string, number]>(
        'INSERT INTO sessions (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
      ),
      delete: this.db.prepare<[string]>('DELETE FROM sessions WHERE key = ?'),
      purge: this.db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?'),
      dataVersion: this.db.prepare<[], number>('PRAGMA data_version').pluck(),
    };
  }

  /** Runs `work`, retrying while the file is locked, and records the outcome in the outage log. */
  private async run<T>(work: () => T): Promise<T> {
    try {
      // Touching a damaged WAL index would kill the process: see WalIndexGuard.
      this.guard.check();
      const result = await whenSqliteFree(work, this.patienceMs);
      this.state.connected();
      return result;
    } catch (error) {
      const fileFailed =
        error instanceof WalIndexLostError || isSqliteBusy(error) || isSqliteFileError(error);
      if (this.db.open && fileFailed) {
        this.state.failed(error);
      }
      throw error;
    }
  }

  /** Runs a `work` that writes, counting it once it is over, whether or not it took effect. */
  private async write<T>(work: () => T): Promise<T> {
    try {
      return await this.run(work);
    } finally {
      this.writes += 1;
    }
  }

  /**
   * SQLite's `data_version` tells commits by other connections (other processes included); this
   * connection's own writes are counted here. A write is counted after it is over, so a record
   * read before it lands is never kept under the version that follows it.
   */
  async version(): Promise<string> {
    const dataVersion = await this.run(() => this.statements.dataVersion.get());
    return `${dataVersion}:${this.writes}`;
  }

  async get(key: string): Promise<unknown> {
    const row = await this.run(() => this.statements.get.get(key, Date.now()));
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  async set(key: string, value: unknown, expiresAt: number): Promise<void> {
    const json = JSON.stringify(value);
    await this.write(() => this.statements.set.run(key, json, expiresAt));
  }

  async delete(key: string): Promise<void> {
    await this.write(() => this.statements.delete.run(key));
  }

  async take(key: string): Promise<unknown> {
    // One immediate transaction: the read and the delete cannot interleave with another
    // connection, and a retry repeats both.
    const row = await this.write(() =>
      this.db
        .transaction(() => {
          const found = this.statements.get.get(key, Date.now());
          this.statements.delete.run(key);
          return found;
        })
        .immediate(),
    );
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  async purgeExpired(): Promise<number> {
    return this.write(() => this.statements.purge.run(Date.now()).changes);
  }

  async ping(): Promise<void> {
    await this.run(() => this.db.prepare('SELECT 1').get());
  }

  /** Closes the file; with a WAL index that cannot be repaired it is left open (closing would crash). */
  async close(): Promise<void> {
    if (this.db.open && walIndexUsable(this.guard)) this.db.close();
  }
}
