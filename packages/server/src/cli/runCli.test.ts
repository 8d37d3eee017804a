import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSearchEngine } from '@docs-portal/search';
import { describe, expect, it } from 'vitest';
import { docSetInput } from '../../test/content/contentHarness';
import { versionedSite, writeFolder } from '../../test/content/docSetFolders';
import { REPO_ROOT, loadConfig } from '../config/loadConfig';
import { DocSetPublisher } from '../content/DocSetPublisher';
import { searchEngineConfig } from '../search/searchEngineConfig';
import { type ReleaseActivated, ServedReleases } from '../content/ServedReleases';
import { EXIT_CODES } from './CliCommand';
import { runCli } from './runCli';

/** A config file in a temporary folder with two doc sets; returns its environment. */
function tempPortal(): { env: NodeJS.ProcessEnv; folder: string; dataDir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-'));
  const folder = writeFolder(versionedSite('v1'));
  const config = {
    dataDir: path.join(dir, 'data'),
    logLevel: 'silent',
    docSets: [
      docSetInput('guide', '6_5/Web/UserGuide', folder, { defaultPage: 'Default.htm' }),
      docSetInput('runbooks', 'Internal/Runbooks', path.join(dir, 'missing'), {
        audience: ['employee'],
      }),
    ],
  };
  const file = path.join(dir, 'portal.config.json');
  writeFileSync(file, JSON.stringify(config));
  return { env: { PORTAL_CONFIG: file }, folder, dataDir: config.dataDir };
}

async function run(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the portal CLI', () => {
  it('prints the usage with every command, exiting 2 without a command and 0 for help', async () => {
    const { env } = tempPortal();
    const none = await run([], env);
    expect(none.code).toBe(EXIT_CODES.usage);
    expect(none.err).toMatch(/publish <docSetId>[\s\S]*rollback <docSetId>[\s\S]*list/);
    expect((await run(['help'], env)).code).toBe(EXIT_CODES.ok);
    const unknown = await run(['deploy'], env);
    expect(unknown.code).toBe(EXIT_CODES.usage);
    expect(unknown.err).toContain('Commands: publish, rollback, list');
  });

  it('publishes, lists and rolls back', async () => {
    const { env, folder } = tempPortal();
    const first = await run(['publish', 'guide', folder], env);
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toContain('Published guide release 1: 11 files');
    await run(['publish', 'guide', writeFolder(versionedSite('v2'))], env);
    const listed = await run(['list'], env);
    expect(listed.out).toMatch(/guide {2}\/docs\/6_5\/Web\/UserGuide\//);
    expect(listed.out).toMatch(/\* {4}2 /);
    expect(listed.out).toContain('runbooks');
    expect(listed.out).toContain('(nothing published)');
    const rolled = await run(['rollback', 'guide'], env);
    expect(rolled.out).toContain('from release 2 to release 1');
    const json = JSON.parse((await run(['list', '--json'], env)).out) as Array<{
      id: string;
      current: number | null;
    }>;
    expect(json.map((d) => [d.id, d.current])).toEqual([
      ['guide', 1],
      ['runbooks', null],
    ]);
  });

  it.each([
    [
      'an unknown doc set',
      ['publish', 'nope', '/tmp'],
      EXIT_CODES.usage,
      'Unknown doc set "nope". Known doc sets: guide, runbooks.',
    ],
    [
      'a missing folder',
      ['publish', 'guide', '/no/such/folder'],
      EXIT_CODES.failed,
      '/no/such/folder does not exist',
    ],
    ['missing arguments', ['publish', 'guide'], EXIT_CODES.usage, 'Usage: publish <docSetId>'],
    [
      'a rollback with nothing published',
      ['rollback', 'guide'],
      EXIT_CODES.failed,
      'has no published release yet',
    ],
  ])('explains %s and exits with its code', async (_what, argv, code, message) => {
    const { env } = tempPortal();
    const result = await run(argv, env);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
  });

  it('explains a bad archive', async () => {
    const { env } = tempPortal();
    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'cli-')), 'site.tgz');
    writeFileSync(archive, 'not gzip');
    const result = await run(['publish', 'guide', archive], env);
    expect(result.code).toBe(EXIT_CODES.failed);
    expect(result.err).toContain('is not a readable .tar.gz archive');
  });

  it('exits 3 naming the problem when the config file is missing', async () => {
    const result = await run(['list'], { PORTAL_CONFIG: '/no/such/portal.yaml' });
    expect(result.code).toBe(EXIT_CODES.config);
    expect(result.err).toContain('/no/such/portal.yaml');
  });

  it('publishes from its own process, and a running server notices without restarting', async () => {
    const { env, folder } = tempPortal();
    const config = loadConfig(env).config;
    await new DocSetPublisher(config).publishFirstReleases();
    const server = new ServedReleases(config, { pollIntervalMs: 0 });
    await server.start();
    expect(server.current('guide')?.release).toBe(1);
    const noticed = new Promise<ReleaseActivated>((resolve) => server.onPublished(resolve));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'publish', 'guide', folder],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('Published guide release 2');
    expect(await noticed).toMatchObject({ docSetId: 'guide', release: 2 });
    expect(server.current('guide')?.release).toBe(2);
    await server.close();
  });

  it('reindexes nothing on a fresh data folder: publishes nothing and says what to do', async () => {
    const { env, dataDir } = tempPortal();
    const started = performance.now();
    const result = await run(['reindex'], env);
    expect(result.code).toBe(EXIT_CODES.failed);
    expect(result.err).toContain(
      'guide: nothing published yet, so nothing to index. Publish it first: npm run publish-docs -- guide <folder|archive>',
    );
    expect(result.err).toContain('runbooks: nothing published yet');
    expect(result.err).toContain('Nothing was indexed.');
    expect(existsSync(path.join(dataDir, 'docsets/guide/releases'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'search'))).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('reindexes the published doc sets only, naming the unpublished ones', async () => {
    const { env, folder, dataDir } = tempPortal();
    expect((await run(['publish', 'guide', folder], env)).code).toBe(EXIT_CODES.ok);
    const result = await run(['reindex'], env);
    expect(result.code).toBe(EXIT_CODES.ok);
    expect(result.out).toMatch(/^guide: \d+ pages/m);
    expect(result.err).toContain('runbooks: nothing published yet');
    expect(existsSync(path.join(dataDir, 'docsets/runbooks/releases'))).toBe(false);
  });

  it('re-extracts every page of a doc set whose extraction rules changed, and only then', async () => {
    const { env, folder } = tempPortal();
    const configFile = env.PORTAL_CONFIG as string;
    expect((await run(['publish', 'guide', folder], env)).code).toBe(EXIT_CODES.ok);
    const hitsFor = async (q: string) => {
      const engine = await createSearchEngine(searchEngineConfig(loadConfig(env).config));
      try {
        const request = { q, product: [], version: [], docType: [], page: 1, pageSize: 10 };
        const response = await engine.search(
          { ...request, explain: false },
          { docSetIds: ['guide'] },
        );
        return response.total;
      } finally {
        await engine.close();
      }
    };
    const first = await run(['reindex'], env);
    const pages = Number(/^guide: (\d+) pages/m.exec(first.out)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(await hitsFor('retention')).toBeGreaterThan(0);
    expect((await run(['reindex'], env)).out).toMatch(/^guide: \d+ pages, 0 re-indexed/m);

    const raw = JSON.parse(readFileSync(configFile, 'utf8')) as { docSets: Array<object> };
    raw.docSets[0] = { ...raw.docSets[0], extract: { exclude: 'main p' } };
    writeFileSync(configFile, JSON.stringify(raw));
    const changed = await run(['reindex'], env);
    expect(changed.code).toBe(EXIT_CODES.ok);
    expect(changed.out).toMatch(new RegExp(`^guide: ${pages} pages, ${pages} re-indexed`, 'm'));
    expect(await hitsFor('retention')).toBe(0);
    expect((await run(['reindex'], env)).out).toMatch(/^guide: \d+ pages, 0 re-indexed/m);
  });
});
