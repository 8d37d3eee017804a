import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SessionStore } from '../SessionStore';

/** Session store in a SQLite file of the data folder: the embedded default. */
export class SqliteSessionStore implements SessionStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly statements;

  /** Opens (creating when needed) `${dataDir}/sessions.sqlite`; `:memory:` for a throwaway store. */
  constructor(dataDir: string | ':memory:') {
    let file = ':memory:';
    if (dataDir !== ':memory:') {
      mkdirSync(dataDir, { recursive: true });
      file = path.join(dataDir, 'sessions.sqlite');
    }
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS sessions (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS sessions_expires_at ON sessions (expires_at);`);
    this.statements = {
      get: this.db.prepare<[string, number], { value: string }>(
        'SELECT value FROM sessions WHERE key = ? AND expires_at > ?',
      ),
      set: this.db.prepare<[string, string, number]>(
        'INSERT INTO sessions (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
      ),
      delete: this.db.prepare<[string]>('DELETE FROM sessions WHERE key = ?'),
      purge: this.db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?'),
    };
  }

  async get(key: string): Promise<unknown> {
    const row = this.statements.get.get(key, Date.now());
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  async set(key: string, value: unknown, expiresAt: number): Promise<void> {
    this.statements.set.run(key, JSON.stringify(value), expiresAt);
  }

  async delete(key: string): Promise<void> {
    this.statements.delete.run(key);
  }

  async take(key: string): Promise<unknown> {
    // One process owns the file's writes here, and better-sqlite3 is synchronous: the read and
    // the delete cannot interleave with another request.
    const row = this.statements.get.get(key, Date.now());
    this.statements.delete.run(key);
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  async purgeExpired(): Promise<number> {
    return this.statements.purge.run(Date.now()).changes;
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
