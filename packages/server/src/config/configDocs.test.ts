import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RANKING } from '@docs-portal/search';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  TEST_REDIS_URL,
  createTestDatabase,
  type TestDatabase,
} from '../../test/services/testServers';
import { createAnalyticsStore } from '../analytics/createAnalyticsStore';
import { PostgresAnalyticsStore } from '../analytics/PostgresAnalyticsStore/PostgresAnalyticsStore';
import { searchEngineConfig } from '../search/searchEngineConfig';
import { createSessionStore } from '../sessions/createSessionStore';
import { PostgresSessionStore } from '../sessions/PostgresSessionStore/PostgresSessionStore';
import { RedisSessionStore } from '../sessions/RedisSessionStore/RedisSessionStore';
import { parseConfig, REPO_ROOT } from './loadConfig';
import { PortalConfigSchema } from './schema';
import { RankingSchema } from './searchSchema';
import { declaredPaths } from './unknownKeys';

const EXAMPLE_FILE = path.join(REPO_ROOT, 'packages/server/test/fixtures/config/every-field.yaml');

/** Fields of the other kind of a union (the example's session store is Redis): tested below. */
const OTHER_STORE_KIND_FIELDS = ['sessions.store.poolSize'];

/** The field paths in the first column of README.md's configuration table. */
function readmeFields(): string[] {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Configuration\n');
  const end = readme.indexOf('\n#', start + 1);
  const rows = readme
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string),
  );
}

/** The text of the README row that documents `field`. */
function readmeRow(field: string): string {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  return readme.split('\n').find((line) => line.startsWith(`| \`${field}\``)) ?? '';
}

/** `identityProviders.*.issuer` matches `identityProviders.salesforce.issuer` and the like. */
function matcher(field: string): RegExp {
  const escaped = field.replace(/[.[\]]/g, (c) => `\\${c}`).replace(/\*/g, '[^.\\[]+');
  return new RegExp(`^${escaped}$`);
}

/** Every value at `field` in `value` (`[]` visits each element, `*` each key). */
function valuesAt(value: unknown, field: string): unknown[] {
  const steps = field.match(/\[\]|[^.[\]]+/g) ?? [];
  let current: unknown[] = [value];
  for (const step of steps) {
    current = current.flatMap((node): unknown[] => {
      if (step === '[]') return Array.isArray(node) ? node : [];
      if (typeof node !== 'object' || node === null) return [];
      const record = node as Record<string, unknown>;
      if (step === '*') return Object.values(record);
      return step in record ? [record[step]] : [];
    });
  }
  return current;
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The example file with its service URLs pointed at this machine's Redis and test database. */
function example(): Record<string, unknown> {
  const raw = parseYaml(readFileSync(EXAMPLE_FILE, 'utf8')) as Record<string, Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a YAML tree the test edits in place
  raw.sessions!.store.url = TEST_REDIS_URL;
  raw.search!.postgres.url = database.url;
  raw.analytics!.store.url = database.url;
  return raw;
}

describe('README configuration table', () => {
  const declared = declaredPaths(PortalConfigSchema);

  it('names only fields the schema declares', () => {
    const fields = readmeFields();
    expect(fields.length).toBeGreaterThan(40);
    const missing = fields.filter((field) => !declared.some((p) => matcher(field).test(p)));
    expect(missing).toEqual([]);
  });

  it('documents every field the schema declares', () => {
    const fields = readmeFields().map(matcher);
    const undocumented = declared.filter(
      (p) =>
        !p.startsWith('search.ranking.') &&
        !fields.some((f) => f.test(p)) &&
        !declared.some((child) => child.startsWith(`${p}.`) && fields.some((f) => f.test(child))),
    );
    expect(undocumented).toEqual([]);
    const rankingRow = readmeRow('search.ranking');
    for (const knob of Object.keys(RankingSchema.shape))
      expect(rankingRow).toContain(`\`${knob}\``);
  });

  it('offers every ranking knob of the search engine, and only those', () => {
    expect(Object.keys(RankingSchema.shape).sort()).toEqual(Object.keys(DEFAULT_RANKING).sort());
  });
});

describe('the example config holding every documented field', () => {
  it('holds every field of the README table, each kept by the parser with its value', () => {
    const raw = example();
    const config = parseConfig(raw, { env: {}, baseDir: path.dirname(EXAMPLE_FILE) });
    for (const field of readmeFields()) {
      if (OTHER_STORE_KIND_FIELDS.includes(field)) continue;
      const given = valuesAt(raw, field);
      expect(given.length, `${field} is missing from ${EXAMPLE_FILE}`).toBeGreaterThan(0);
      // Folders are resolved against the config file's folder: checked after the loop.
      if (['dataDir', 'docSets', 'docSets[].folder'].includes(field)) continue;
      expect(valuesAt(config, field), field).toEqual(given);
    }
    expect(config.dataDir).toBe(path.join(path.dirname(EXAMPLE_FILE), 'every-field-data'));
    expect(config.docSets[0]?.folder).toBe(path.join(path.dirname(EXAMPLE_FILE), 'guide-files'));
  });

  it('hands the search engine its ranking, memory ceilings, query threads and PostgreSQL settings', () => {
    const raw = example();
    const engine = searchEngineConfig(parseConfig(raw, { env: {} }));
    expect(engine.engine).toBe('postgres');
    expect(engine.ranking).toEqual(valuesAt(raw, 'search.ranking')[0]);
    expect(engine.ranking).toMatchObject({ k1: 1.4, fieldWeights: [5, 3, 1, 1] });
    expect(engine.postgres).toEqual({ url: database.url, poolSize: 4, timeoutMs: 4000 });
    expect(engine.memory).toEqual({
      postingCacheBytes: 24 * 1024 * 1024,
      sqlitePageCacheBytes: 8 * 1024 * 1024,
      sectionTokenCacheBytes: 12 * 1024 * 1024,
      sqliteRowCacheBytes: 7 * 1024 * 1024,
      postgresRowCacheBytes: 6 * 1024 * 1024,
      postgresTokenCacheBytes: 5 * 1024 * 1024,
    });
    expect(engine.resultCache).toEqual({ entries: 500, bytes: 8 * 1024 * 1024 });
    expect(engine.queryThreads).toBe(3);
  });

  it('opens the Redis session store with its key prefix and timeout', async () => {
    const open = vi.spyOn(RedisSessionStore, 'open');
    const store = await createSessionStore(parseConfig(example(), { env: {} }));
    await store.close();
    expect(open.mock.calls[0]?.[0]).toMatchObject({
      url: TEST_REDIS_URL,
      keyPrefix: 'every-field:sessions:',
      commandTimeoutMs: 1500,
    });
  });

  it('opens the PostgreSQL session store with its pool size and timeout, URL from SESSIONS_STORE_URL', async () => {
    const raw = example();
    raw.sessions = {
      ...(raw.sessions as object),
      store: {
        kind: 'postgres',
        url: 'postgres://unused@db.example.test/x',
        poolSize: 3,
        timeoutMs: 1500,
      },
    };
    const config = parseConfig(raw, { env: { SESSIONS_STORE_URL: database.url } });
    const open = vi.spyOn(PostgresSessionStore, 'open');
    const store = await createSessionStore(config);
    await store.close();
    expect(open.mock.calls[0]?.[0]).toMatchObject({
      url: database.url,
      poolSize: 3,
      queryTimeoutMs: 1500,
    });
  });

  it('opens the PostgreSQL analytics store with its pool size and timeout', async () => {
    const open = vi.spyOn(PostgresAnalyticsStore, 'open');
    const store = await createAnalyticsStore(parseConfig(example(), { env: {} }));
    await store.close();
    expect(open.mock.calls[0]?.[0]).toMatchObject({
      url: database.url,
      poolSize: 3,
      queryTimeoutMs: 2500,
    });
  });
});
