import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG_FILE, loadConfig, parseConfig, REPO_ROOT } from './loadConfig';

function problems(raw: unknown, env: NodeJS.ProcessEnv = {}): string[] {
  try {
    parseConfig(raw, { env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('config', () => {
  it('fills the documented defaults', () => {
    const config = parseConfig({}, { env: {} });
    expect(config).toMatchObject({
      basePath: '/docs',
      port: 8080,
      mode: 'development',
      environment: { useMamba20SearchClient: true, isProd: true },
      sessions: { idleMinutes: 60, absoluteHours: 12, store: { kind: 'sqlite' } },
      search: { engine: 'sqlite', queryThreads: 1, resultCache: { entries: 2000, megabytes: 32 } },
    });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
  });

  it('reads the repository default config file, sample doc sets included', () => {
    const { config, file } = loadConfig({});
    expect(file).toBe(DEFAULT_CONFIG_FILE);
    expect(config.docSets.map((d) => d.mount)).toContain('6_5/Web/UserGuide');
    expect(config.linkPanel.map((t) => t.label)).toEqual([
      'Data Platform',
      'Helios',
      'Cloud Services',
      'Insights',
    ]);
  });

  it('applies environment overrides, DATA_DIR and PORT included', () => {
    const config = parseConfig(
      { port: 1 },
      { env: { PORT: '9090', DATA_DIR: '/tmp/portal-b', PUBLIC_URL: 'http://localhost:9090/' } },
    );
    expect(config.port).toBe(9090);
    expect(config.dataDir).toBe('/tmp/portal-b');
    expect(config.publicUrl).toBe('http://localhost:9090');
  });

  it('takes the metrics token from METRICS_TOKEN and refuses a short one', () => {
    const token = 'k3y-0123456789abcdefghijklmn';
    expect(parseConfig({}, { env: { METRICS_TOKEN: token } }).operations.metricsToken).toBe(token);
    expect(parseConfig({}, { env: {} }).operations.metricsToken).toBeUndefined();
    expect(() => parseConfig({}, { env: { METRICS_TOKEN: 'short' } })).toThrow(
      /operations\.metricsToken \(from METRICS_TOKEN\): must be at least 24 characters/,
    );
  });

  it('names the path of every bad field', () => {
    const found = problems({
      basePath: 'docs/',
      port: 'eighty',
      brand: { companyName: '' },
      environment: { isProd: 'yes' },
      sessions: { store: { kind: 'mongo' } },
      colour: 'blue',
    });
    const text = found.join('\n');
    expect(text).toMatch(/^basePath: /m);
    expect(text).toMatch(/^port: /m);
    expect(text).toMatch(/^brand\.companyName: /m);
    expect(text).toMatch(/^environment\.isProd: /m);
    expect(text).toMatch(/^sessions\.store\.kind: /m);
    expect(text).toMatch(/colour/);
  });

  it('says which environment variable carried a bad value', () => {
    expect(problems({}, { PORT: 'http' }).join()).toMatch(/^port \(from PORT\): /);
  });

  it('refuses doc set mounts on portal routes and overlapping mounts', () => {
    const docSet = (id: string, mount: string) => ({
      id,
      mount,
      folder: '/tmp',
      title: 't',
      product: 'p',
      version: '1',
      docType: 'd',
    });
    const found = problems({
      docSets: [
        docSet('a', 'search/x'),
        docSet('b', 'WebHelios'),
        docSet('c', 'WebHelios/Sub'),
        docSet('d', '../etc'),
      ],
    });
    expect(found.some((p) => p.startsWith('docSets[0].mount') && p.includes('/search'))).toBe(true);
    expect(found.some((p) => p.startsWith('docSets[2].mount') && p.includes('overlaps'))).toBe(
      true,
    );
    expect(found.some((p) => p.startsWith('docSets[3].mount'))).toBe(true);
  });

  it('refuses production mode without real identity providers or with an http public URL', () => {
    const found = problems({ mode: 'production' });
    expect(
      found.some(
        (p) => p.startsWith('identityProviders') && p.includes('development identity provider'),
      ),
    ).toBe(true);
    expect(found.some((p) => p.startsWith('publicUrl'))).toBe(true);
    expect(problems({}, { NODE_ENV: 'production' }).length).toBeGreaterThan(0);
  });

  it('makes the server exit non-zero and print the bad fields', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const file = path.join(dir, 'portal.yaml');
    writeFileSync(file, 'port: -5\nsessions:\n  idleMinutes: zero\n');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts')],
      {
        env: { ...process.env, PORTAL_CONFIG: file },
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('port: ');
    expect(run.stderr).toContain('sessions.idleMinutes: ');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
