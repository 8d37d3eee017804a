import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { freePort } from '../../test/portalHarness';
import { ConfigError, parseConfig, REPO_ROOT } from './loadConfig';
import type { PortalConfigInput } from './schema';

function problems(raw: unknown, env: NodeJS.ProcessEnv = {}): string[] {
  try {
    parseConfig(raw, { env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const docSet = (id: string, mount: string, extra: Record<string, unknown> = {}) => ({
  id,
  mount,
  folder: '/tmp',
  title: 't',
  product: 'p',
  version: '1',
  docType: 'd',
  ...extra,
});

const link = { title: 'Guide', path: '/Guide/Default.htm' };
const TOKEN = 'metrics-token-0123456789abcdef';

describe('config strictness', () => {
  it('names an audience typo in the sixth doc set with the key it meant', () => {
    const docSets = ['a', 'b', 'c', 'd', 'e'].map((id) => docSet(id, id.toUpperCase()));
    docSets.push(docSet('f', 'F', { audiance: ['employee'] }));
    expect(problems({ docSets })).toEqual([
      'docSets[5].audiance: unknown key (did you mean "audience"?)',
    ]);
  });

  it.each<[string, PortalConfigInput | Record<string, unknown>, string]>([
    ['the root', { colour: 'blue' }, 'colour: unknown key'],
    [
      'brand',
      { brand: { compnyName: 'X' } },
      'brand.compnyName: unknown key (did you mean "companyName"?)',
    ],
    [
      'environment',
      { environment: { isprod: true } },
      'environment.isprod: unknown key (did you mean "isProd"?)',
    ],
    [
      'sessions',
      { sessions: { idleMinuts: 5 } },
      'sessions.idleMinuts: unknown key (did you mean "idleMinutes"?)',
    ],
    [
      'a session store',
      { sessions: { store: { kind: 'redis', url: 'redis://127.0.0.1:6379', keyPrefx: 'a:' } } },
      'sessions.store.keyPrefx: unknown key (did you mean "keyPrefix"?)',
    ],
    [
      'search',
      { search: { engien: 'sqlite' } },
      'search.engien: unknown key (did you mean "engine"?)',
    ],
    [
      'search ranking',
      { search: { ranking: { stemWieght: 1 } } },
      'search.ranking.stemWieght: unknown key (did you mean "stemWeight"?)',
    ],
    [
      'search postgres',
      { search: { engine: 'postgres', postgres: { url: 'postgres://h/db', poolsize: 2 } } },
      'search.postgres.poolsize: unknown key (did you mean "poolSize"?)',
    ],
    [
      'analytics',
      { analytics: { store: { kind: 'sqlite', url: 'x' } } },
      'analytics.store.url: unknown key',
    ],
    [
      'operations',
      { operations: { metricToken: TOKEN } },
      'operations.metricToken: unknown key (did you mean "metricsToken"?)',
    ],
    [
      'serving',
      { serving: { accelRedirectPrefx: '/p' } },
      'serving.accelRedirectPrefx: unknown key (did you mean "accelRedirectPrefix"?)',
    ],
    [
      'an identity provider claim',
      {
        identityProviders: {
          salesforce: {
            issuer: 'https://a.example',
            clientId: 'c',
            clientSecret: 's',
            allowedKinds: ['customer'],
            defaultKind: 'customer',
            claims: { kynd: 'k' },
          },
          employee: {
            issuer: 'https://b.example',
            clientId: 'c',
            clientSecret: 's',
            allowedKinds: ['employee'],
            defaultKind: 'employee',
          },
        },
      },
      'identityProviders.salesforce.claims.kynd: unknown key (did you mean "kind"?)',
    ],
    [
      'a techdocs group (contracts schema)',
      { techdocs: [{ resourceType: 'guide', title: 'T', lnks: [link], links: [link] }] },
      'techdocs[0].lnks: unknown key (did you mean "links"?)',
    ],
    [
      'a link panel link (contracts schema)',
      {
        linkPanel: [
          { id: 'p', label: 'P', columns: [{ heading: 'H', links: [{ ...link, titel: 'x' }] }] },
        ],
      },
      'linkPanel[0].columns[0].links[0].titel: unknown key (did you mean "title"?)',
    ],
  ])('refuses an unknown key in %s, naming it', (_where, raw, expected) => {
    expect(problems(raw)).toContain(expected);
  });

  it('says which environment variable put a key where it does not belong', () => {
    expect(
      problems(
        { sessions: { store: { kind: 'sqlite' } } },
        { SESSIONS_STORE_URL: 'redis://127.0.0.1:6379' },
      ),
    ).toEqual(['sessions.store.url (from SESSIONS_STORE_URL): unknown key']);
  });
});

describe('config values', () => {
  it('names a public URL that is not an http(s) origin', () => {
    expect(problems({ publicUrl: 'ftp://docs.example.com' })).toEqual([
      'publicUrl: must be an http(s) origin without a path, e.g. https://docs.example.com',
    ]);
    expect(problems({ publicUrl: 'https://docs.example.com/portal' })[0]).toMatch(/^publicUrl: /);
  });

  it('names a session store URL that is not a URL', () => {
    const found = problems({ sessions: { store: { kind: 'redis', url: 'not a url' } } });
    expect(found).toEqual([
      'sessions.store.url: must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379',
    ]);
    expect(
      problems({ sessions: { store: { kind: 'postgres', url: 'redis://127.0.0.1' } } })[0],
    ).toMatch(/^sessions\.store\.url: must be a postgres:\/\//);
  });

  it('knows the search engines, and needs the connection of the postgres one', () => {
    expect(problems({ search: { engine: 'elastic' } })[0]).toMatch(
      /^search\.engine: .*"sqlite".*"postgres"/,
    );
    expect(problems({ search: { engine: 'postgres' } })).toEqual([
      'search.postgres: required when search.engine is "postgres": { url, poolSize, timeoutMs }',
    ]);
  });

  it('validates the ranking knobs', () => {
    const found = problems({ search: { ranking: { fieldWeights: [1, 2], typoWeight: -1 } } });
    expect(found.some((p) => p.startsWith('search.ranking.fieldWeights: '))).toBe(true);
    expect(found.some((p) => p.startsWith('search.ranking.typoWeight: '))).toBe(true);
  });

  it('bounds how long a session may be reused without reading the store', () => {
    expect(problems({ sessions: { reuseMs: -1 } })[0]).toMatch(/^sessions\.reuseMs: /);
    expect(problems({ sessions: { reuseMs: 60_001 } })[0]).toMatch(/^sessions\.reuseMs: /);
    expect(problems({ sessions: { reuseMs: 1000 } })).toEqual([]);
  });

  it('validates the result cache bounds, 0 entries turning it off', () => {
    const found = problems({ search: { resultCache: { entries: 1.5, megabytes: -1 } } });
    expect(found.some((p) => p.startsWith('search.resultCache.entries: '))).toBe(true);
    expect(found.some((p) => p.startsWith('search.resultCache.megabytes: '))).toBe(true);
    expect(problems({ search: { resultCache: { entries: 0 } } })).toEqual([]);
  });

  it('takes 0 to 16 query threads, whole', () => {
    for (const queryThreads of [-1, 1.5, 17, '2']) {
      const found = problems({ search: { queryThreads } });
      expect(found.length, String(queryThreads)).toBe(1);
      expect(found[0]).toMatch(/^search\.queryThreads: /);
    }
    expect(problems({ search: { queryThreads: 0 } })).toEqual([]);
    expect(problems({ search: { queryThreads: 16 } })).toEqual([]);
  });

  it('refuses an idle expiry under one minute, which activity could never extend', () => {
    expect(problems({ sessions: { idleMinutes: 0.5 } })).toEqual([
      'sessions.idleMinutes: must be at least 1 (activity is recorded at most once a minute)',
    ]);
    expect(problems({ sessions: { idleMinutes: 1 } })).toEqual([]);
  });

  it('refuses production mode without a metrics token or a public URL', () => {
    const found = problems({ mode: 'production' });
    expect(found).toContain(
      'operations.metricsToken: production mode needs a metrics token (or METRICS_TOKEN): /metrics stays closed',
    );
    expect(found).toContain('publicUrl: production mode needs an https public URL');
    expect(
      problems({ mode: 'production' }, { METRICS_TOKEN: TOKEN }).some((p) =>
        p.startsWith('operations.metricsToken'),
      ),
    ).toBe(false);
  });

  it('derives the development public URL from the port, PORT included', () => {
    expect(parseConfig({}, { env: {} })).toMatchObject({
      publicUrl: 'http://localhost:8080',
      publicUrlFrom: 'port',
    });
    expect(parseConfig({ port: 8080 }, { env: { PORT: '3000' } }).publicUrl).toBe(
      'http://localhost:3000',
    );
    expect(parseConfig({ publicUrl: 'http://docs.test:81/' }, { env: {} })).toMatchObject({
      publicUrl: 'http://docs.test:81',
      publicUrlFrom: 'config',
    });
  });
});

/** Runs the real server entry point with `configYaml` and the given environment. */
async function startServer(
  configYaml: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; stderr: string; port: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
  const file = path.join(dir, 'portal.yaml');
  writeFileSync(file, configYaml);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts')],
    {
      env: {
        ...process.env,
        PORTAL_CONFIG: file,
        PORT: String(port),
        DATA_DIR: path.join(dir, 'data'),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { status, stderr, port };
}

async function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('the server with a bad config', () => {
  it.each<[string, unknown, string]>([
    ['an unknown key', { sessions: { idleMinuts: 5 } }, 'sessions.idleMinuts: unknown key'],
    ['a wrong type', { environment: { isProd: 'yes' } }, 'environment.isProd: '],
    ['a bad URL', { publicUrl: 'ftp://docs.example.com' }, 'publicUrl: must be an http(s) origin'],
    [
      'overlapping mounts',
      { docSets: [docSet('a', 'Guide'), docSet('b', 'Guide/Sub')] },
      'docSets[1].mount: "Guide/Sub" overlaps the mount "Guide"',
    ],
    [
      'an audience typo',
      { docSets: [docSet('a', 'Guide', { audiance: ['employee'] })] },
      'docSets[0].audiance: unknown key (did you mean "audience"?)',
    ],
    [
      'an invalid extraction selector',
      { docSets: [docSet('a', 'Guide', { extract: { main: 'article[' } })] },
      'docSets[0].extract.main: not a valid CSS selector (',
    ],
  ])('exits 1 on %s, naming the field, and serves nothing', async (_kind, raw, expected) => {
    const run = await startServer(stringify(raw));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(expected);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await refusesConnections(run.port)).toBe(true);
  });

  it('names dataDir and the folder when the data folder cannot be written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-file-'));
    const notAFolder = path.join(dir, 'a-file');
    writeFileSync(notAFolder, '');
    const dataDir = path.join(notAFolder, 'data');
    const run = await startServer('{}', { DATA_DIR: dataDir });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `dataDir (from DATA_DIR): the data folder ${dataDir} cannot be written`,
    );
    expect(run.stderr).not.toContain('unable to open database file');
  });
});
