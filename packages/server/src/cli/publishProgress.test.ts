import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docSetInput } from '../../test/content/contentHarness';
import { versionedSite, writeFolder } from '../../test/content/docSetFolders';
import { EXIT_CODES } from './CliCommand';
import { publishStatus } from './docSetCommands';
import { ProgressLine, rateAndEta } from './ProgressLine';
import { runCli } from './runCli';

function tempPortal() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-progress-'));
  const folder = writeFolder(versionedSite('v1'));
  const file = path.join(dir, 'portal.config.json');
  writeFileSync(
    file,
    JSON.stringify({
      dataDir: path.join(dir, 'data'),
      logLevel: 'silent',
      docSets: [docSetInput('guide', 'Guide', folder)],
    }),
  );
  return { env: { PORTAL_CONFIG: file }, folder };
}

async function run(argv: string[], env: NodeJS.ProcessEnv, terminal = false) {
  const out: string[] = [];
  const err: string[] = [];
  const status: string[] = [];
  const code = await runCli(argv, {
    env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    ...(terminal ? { status: (l: string) => status.push(l) } : {}),
  });
  return { code, out, err, status };
}

const SUMMARY =
  /^Published guide release 1: 11 files, [\d.]+ KB, \d+ precompressed \(gzip, brotli\), 0 unchanged \(linked\) in \d+\.\d s \(\d+ files\/s, [\d.]+ (B|KB|MB)\/s\)\.$/;

describe('publish-docs progress', () => {
  it('prints one summary line and no progress when not on a terminal', async () => {
    const { env, folder } = tempPortal();
    const result = await run(['publish', 'guide', folder], env);
    expect(result.code).toBe(EXIT_CODES.ok);
    expect(result.err).toEqual([]);
    expect(result.out[0]).toMatch(SUMMARY);
    expect(result.out[1]).toMatch(
      /^Links: 0 internal links on 4 pages checked, 0 broken; 0 old paths redirect, 0 removed pages answer "removed"\. Report: \/.*\/releases\/1\/\.link-report\.json$/,
    );
    expect(result.out[2]).toMatch(/^Now serving \//);
    expect(result.out).toHaveLength(3);
  });

  it('rewrites a status line with files, rate and ETA on a terminal, and clears it', async () => {
    const { env, folder } = tempPortal();
    const result = await run(['publish', 'guide', folder], env, true);
    expect(result.code).toBe(EXIT_CODES.ok);
    expect(result.status[0]).toMatch(/^Copying: 1 files, [\d.]+ K?B, \d+ files\/s$/);
    expect(result.status).toContainEqual(
      expect.stringMatching(/^Preparing: 11\/11 files, \d+ files\/s, ETA 0 s$/),
    );
    expect(result.status.at(-1)).toBe('');
    expect(result.out[0]).toMatch(SUMMARY);
  });

  it('says how to publish the targets of links pointing outside, and does so with --dereference', async () => {
    const { env, folder } = tempPortal();
    const outside = writeFolder({ 'notes.txt': 'shared notes' }, 'outside-');
    symlinkSync(path.join(outside, 'notes.txt'), path.join(folder, 'shared.txt'));
    const refused = await run(['publish', 'guide', folder], env);
    expect(refused.code).toBe(EXIT_CODES.failed);
    expect(refused.err.join('\n')).toMatch(
      /shared\.txt is a symbolic link pointing outside the folder \(to .*notes\.txt\); nothing was published\. To publish what such links point at, pass --dereference\.$/,
    );
    const published = await run(['publish', '--dereference', 'guide', folder], env);
    expect(published.code).toBe(EXIT_CODES.ok);
    expect(published.out[0]).toMatch(/^Published guide release 1: 12 files/);
  });

  it('refuses an unknown option as a usage error', async () => {
    const { env, folder } = tempPortal();
    const result = await run(['publish', 'guide', folder, '--derefrence'], env);
    expect(result.code).toBe(EXIT_CODES.usage);
  });
});

describe('the progress line', () => {
  it('formats rate and ETA', () => {
    expect(rateAndEta(100, 400, 500, 'files')).toBe('200 files/s, ETA 2 s');
    expect(rateAndEta(0, 400, 0, 'pages')).toBe('0 pages/s, ETA ?');
    expect(rateAndEta(30, null, 1000, 'files')).toBe('30 files/s');
    expect(
      publishStatus({ phase: 'preparing', file: 'a.htm', files: 5, total: 10, bytes: 2048 }, 1000),
    ).toBe('Preparing: 5/10 files, 5 files/s, ETA 1 s');
  });

  it('redraws at most every interval, always on a new phase or the last count', () => {
    let now = 0;
    const lines: string[] = [];
    const line = new ProgressLine(
      (l) => lines.push(l),
      200,
      () => now,
    );
    const render = (label: string) => (elapsed: number) => `${label} ${elapsed}`;
    line.update('copying', render('a'));
    now = 100;
    line.update('copying', render('b'));
    now = 250;
    line.update('copying', render('c'));
    now = 260;
    line.update('preparing', render('d'));
    now = 270;
    line.update('preparing', render('e'), true);
    line.clear();
    expect(lines).toEqual(['a 0', 'c 250', 'd 0', 'e 10', '']);
  });
});
