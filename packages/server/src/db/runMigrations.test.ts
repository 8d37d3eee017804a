import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/services/testServers';
import { createPgPool } from './createPgPool';
import { MigrationError, runMigrations, type Migration } from './runMigrations';

// Neither statement may run twice: a second CREATE TABLE fails, a second INSERT doubles the row.
const MIGRATIONS: Migration[] = [
  { id: '001-create-things', sql: 'CREATE TABLE things (id int PRIMARY KEY, name text)' },
  { id: '002-seed-things', sql: `INSERT INTO things VALUES (1, 'first')` },
  { id: '003-add-column', sql: 'ALTER TABLE things ADD COLUMN tag text' },
];

let database: TestDatabase;
let pools: pg.Pool[];
const newPool = () => {
  const pool = createPgPool(database.url, 3);
  pools.push(pool);
  return pool;
};

beforeEach(async () => {
  database = await createTestDatabase();
  pools = [];
});

afterEach(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await database.drop();
});

describe('runMigrations', () => {
  it('applies each migration once, in order, when several replicas start at once', async () => {
    const replicas = [newPool(), newPool(), newPool()];
    const applied = await Promise.all(
      replicas.map((pool) => runMigrations(pool, 'things', MIGRATIONS)),
    );
    expect(applied.flat().sort()).toEqual(MIGRATIONS.map((m) => m.id));
    expect(applied.filter((ids) => ids.length > 0)).toHaveLength(1);
    const rows = await replicas[0]!.query('SELECT id, name, tag FROM things');
    expect(rows.rows).toEqual([{ id: 1, name: 'first', tag: null }]);
    const recorded = await replicas[0]!.query(
      `SELECT id FROM schema_migrations WHERE component = 'things' ORDER BY applied_at, id`,
    );
    expect(recorded.rows.map((r: { id: string }) => r.id)).toEqual(MIGRATIONS.map((m) => m.id));
  });

  it('is idempotent: a second run applies nothing, a longer list applies only the new ones', async () => {
    const pool = newPool();
    expect(await runMigrations(pool, 'things', MIGRATIONS.slice(0, 2))).toEqual([
      '001-create-things',
      '002-seed-things',
    ]);
    expect(await runMigrations(pool, 'things', MIGRATIONS.slice(0, 2))).toEqual([]);
    expect(await runMigrations(pool, 'things', MIGRATIONS)).toEqual(['003-add-column']);
  });

  it('keeps the migrations of different components apart', async () => {
    const pool = newPool();
    await runMigrations(pool, 'things', MIGRATIONS);
    const other = [{ id: '001-create-things', sql: 'CREATE TABLE other_things (id int)' }];
    expect(await runMigrations(pool, 'other', other)).toEqual(['001-create-things']);
  });

  it('rolls a failing migration back, names it, keeps the ones before it and releases the lock', async () => {
    const pool = newPool();
    const broken: Migration[] = [
      MIGRATIONS[0]!,
      { id: '002-broken', sql: `INSERT INTO things VALUES (2, 'x'); SELECT * FROM nowhere` },
    ];
    const failure = runMigrations(pool, 'things', broken);
    await expect(failure).rejects.toBeInstanceOf(MigrationError);
    await expect(failure).rejects.toThrow('migration things/002-broken failed');
    expect((await pool.query('SELECT count(*)::int AS n FROM things')).rows[0].n).toBe(0);
    // Another replica can take the lock at once and finish the job with the fixed list.
    const fixed = runMigrations(newPool(), 'things', MIGRATIONS);
    await expect(fixed).resolves.toEqual(['002-seed-things', '003-add-column']);
  });

  it('refuses a list with a duplicate id before touching the database', async () => {
    await expect(
      runMigrations(newPool(), 'things', [MIGRATIONS[0]!, MIGRATIONS[0]!]),
    ).rejects.toThrow('duplicate id "001-create-things"');
  });
});
