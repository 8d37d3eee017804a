import type { RuleVersion, SearchRule } from '@docs-portal/contracts';
import type pg from 'pg';
import { openStorePool, PgStoreConnection, type PgStoreOptions } from '../db/PgStoreConnection';
import type { Migration } from '../db/runMigrations';
import {
  NO_RULES,
  RuleVersionConflictError,
  type RuleStore,
  type RuleVersionSummary,
} from './RuleStore';

/** Schema of the PostgreSQL rule store. */
export const RULE_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-relevance-rule-versions',
    sql: `CREATE TABLE relevance_rule_versions (
      version integer PRIMARY KEY,
      published_at timestamptz NOT NULL,
      published_by text NOT NULL,
      rules jsonb NOT NULL,
      restored_from integer
    );`,
  },
];

const PURPOSE = 'postgres relevance rule store';

interface Row {
  version: number;
  published_at: Date;
  published_by: string;
  rules: SearchRule[];
  restored_from: number | null;
}

/** Relevance rules in PostgreSQL, shared by every replica (cluster mode). */
export class PostgresRuleStore implements RuleStore {
  readonly kind = 'postgres';
  private readonly connection: PgStoreConnection;

  constructor(pool: pg.Pool) {
    this.connection = new PgStoreConnection(pool, PURPOSE, true);
  }

  /** Opens a pool and brings the schema up to date (safe when replicas start at once). */
  static async open(options: PgStoreOptions): Promise<PostgresRuleStore> {
    const pool = await openStorePool(options, {
      purpose: PURPOSE,
      configField: 'search.postgres',
      prepares: 'the relevance rule tables',
      component: 'relevance',
      migrations: RULE_MIGRATIONS,
      defaultQueryTimeoutMs: 5_000,
    });
    return new PostgresRuleStore(pool);
  }

  async latestVersion(): Promise<number> {
    const result = await this.connection.query<{ v: number }>(
      'SELECT coalesce(max(version), 0)::int AS v FROM relevance_rule_versions',
    );
    return result.rows[0]?.v ?? 0;
  }

  async get(version: number): Promise<RuleVersion | null> {
    if (version === 0) return NO_RULES;
    const result = await this.connection.query<Row>(
      'SELECT * FROM relevance_rule_versions WHERE version = $1',
      [version],
    );
    const row = result.rows[0];
    if (row === undefined) return null;
    return {
      version: row.version,
      publishedAt: row.published_at.toISOString(),
      publishedBy: row.published_by,
      rules: row.rules,
    };
  }

  async history(limit: number): Promise<RuleVersionSummary[]> {
    const result = await this.connection.query<Row & { count: number }>(
      `SELECT version, published_at, published_by, restored_from,
              jsonb_array_length(rules)::int AS count
       FROM relevance_rule_versions ORDER BY version DESC LIMIT $1`,
      [limit],
    );
    return result.rows.map((row) => ({
      version: row.version,
      publishedAt: row.published_at.toISOString(),
      publishedBy: row.published_by,
      rules: row.count,
      restoredFrom: row.restored_from,
    }));
  }

  async publish(
    rules: readonly SearchRule[],
    by: string,
    basedOn: number,
    restoredFrom?: number,
  ): Promise<RuleVersion> {
    // One statement: inserts only while `basedOn` is the newest; two replicas publishing the same
    // next version at once collide on the primary key, and the loser gets the conflict.
    let inserted: pg.QueryResult<{ published_at: Date }>;
    try {
      inserted = await this.connection.query<{ published_at: Date }>(
        `INSERT INTO relevance_rule_versions (version, published_at, published_by, rules, restored_from)
         SELECT $1::int + 1, now(), $2, $3::jsonb, $4
         WHERE (SELECT coalesce(max(version), 0) FROM relevance_rule_versions) = $1::int
         RETURNING published_at`,
        [basedOn, by, JSON.stringify(rules), restoredFrom ?? null],
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new RuleVersionConflictError('another version was published meanwhile');
      }
      throw error;
    }
    const row = inserted.rows[0];
    if (row === undefined)
      throw new RuleVersionConflictError('another version was published meanwhile');
    return {
      version: basedOn + 1,
      publishedAt: row.published_at.toISOString(),
      publishedBy: by,
      rules: [...rules],
    };
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
