import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { RuleVersion, SearchRule } from '@docs-portal/contracts';
import Database from 'better-sqlite3';
import { migrateSqlite } from '../db/migrateSqlite';
import { whenSqliteFree } from '../db/sqliteErrors';
import {
  NO_RULES,
  RuleVersionConflictError,
  type RuleStore,
  type RuleVersionSummary,
} from './RuleStore';

/** Schema of `relevance.sqlite` (see `migrateSqlite`). */
export const SQLITE_RULE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE rule_versions (
    version INTEGER PRIMARY KEY,
    published_at INTEGER NOT NULL,
    published_by TEXT NOT NULL,
    rules TEXT NOT NULL,
    restored_from INTEGER
  );`,
];

interface Row {
  version: number;
  published_at: number;
  published_by: string;
  rules: string;
  restored_from: number | null;
}

function toVersion(row: Row): RuleVersion {
  return {
    version: row.version,
    publishedAt: new Date(row.published_at).toISOString(),
    publishedBy: row.published_by,
    rules: JSON.parse(row.rules) as SearchRule[],
  };
}

/** Relevance rules in `${dataDir}/relevance.sqlite` (the embedded default). */
export class SqliteRuleStore implements RuleStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, 'relevance.sqlite'), { timeout: 5_000 });
    this.db.pragma('journal_mode = WAL');
    try {
      migrateSqlite(this.db, 'relevance.sqlite', SQLITE_RULE_MIGRATIONS);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.db.pragma('busy_timeout = 0');
  }

  async latestVersion(): Promise<number> {
    return whenSqliteFree(
      () =>
        (this.db.prepare('SELECT coalesce(max(version), 0) FROM rule_versions').pluck().get() as
          number | undefined) ?? 0,
    );
  }

  async get(version: number): Promise<RuleVersion | null> {
    if (version === 0) return NO_RULES;
    const row = await whenSqliteFree(
      () =>
        this.db.prepare('SELECT * FROM rule_versions WHERE version = ?').get(version) as
          Row | undefined,
    );
    return row === undefined ? null : toVersion(row);
  }

  async history(limit: number): Promise<RuleVersionSummary[]> {
    const rows = await whenSqliteFree(
      () =>
        this.db
          .prepare('SELECT * FROM rule_versions ORDER BY version DESC LIMIT ?')
          .all(limit) as Row[],
    );
    return rows.map((row) => ({
      version: row.version,
      publishedAt: new Date(row.published_at).toISOString(),
      publishedBy: row.published_by,
      rules: (JSON.parse(row.rules) as unknown[]).length,
      restoredFrom: row.restored_from,
    }));
  }

  async publish(
    rules: readonly SearchRule[],
    by: string,
    basedOn: number,
    restoredFrom?: number,
  ): Promise<RuleVersion> {
    const at = Date.now();
    const write = this.db.transaction(() => {
      const latest = this.db
        .prepare('SELECT coalesce(max(version), 0) FROM rule_versions')
        .pluck()
        .get() as number;
      if (latest !== basedOn) {
        throw new RuleVersionConflictError(`version ${latest} was published meanwhile`);
      }
      this.db
        .prepare('INSERT INTO rule_versions VALUES (?, ?, ?, ?, ?)')
        .run(basedOn + 1, at, by, JSON.stringify(rules), restoredFrom ?? null);
    });
    await whenSqliteFree(() => write.immediate());
    return {
      version: basedOn + 1,
      publishedAt: new Date(at).toISOString(),
      publishedBy: by,
      rules: [...rules],
    };
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
