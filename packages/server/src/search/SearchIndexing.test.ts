import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '@docs-portal/contracts';
import { REPO_ROOT } from '../config/loadConfig';
import type { BrowserlikeClient } from '../../test/BrowserlikeClient';
import { guideDocSet, topicPage, writeFolder } from '../../test/content/docSetFolders';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';

let portal: RunningPortal;
let reader: BrowserlikeClient;

async function total(query: string): Promise<number> {
  const res = await reader.request(`/docs/search?q=${encodeURIComponent(query)}`);
  return SearchResponseSchema.parse(await res.json()).total;
}

beforeAll(async () => {
  const first = writeFolder({
    'Content/Jobs.htm': topicPage('Protection jobs', 'quokkaword', 2000),
  });
  portal = await startPortal({ docSets: [guideDocSet(first)] });
  await portal.app.searchIndexing.ready;
  reader = portal.client();
  await signIn(reader, 'partner');
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

describe('search index life cycle', () => {
  it('indexes the published doc sets at start-up', async () => {
    expect(await total('quokkaword')).toBeGreaterThan(0);
  });

  it('re-indexes a doc set when a new release is published, and again on rollback', async () => {
    const second = writeFolder({
      'Content/Jobs.htm': topicPage('Protection jobs', 'wombatword', 2000),
    });
    const { DocSetPublisher } = await import('../content/DocSetPublisher');
    const library = new DocSetPublisher(portal.config);
    await library.publish('guide', second);
    await expect.poll(() => total('wombatword'), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => total('quokkaword'), { timeout: 15_000 }).toBe(0);
    await library.rollback('guide');
    await expect.poll(() => total('quokkaword'), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await total('wombatword')).toBe(0);
  });

  it('reindexes from the command line with a summary line off a terminal, and refuses an unknown doc set', async () => {
    const configFile = path.join(portal.config.dataDir, 'cli-config.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        dataDir: portal.config.dataDir,
        logLevel: 'silent',
        docSets: portal.config.docSets,
      }),
    );
    const cli = path.join(REPO_ROOT, 'packages/server/src/cli/main.ts');
    const env = { ...process.env, PORTAL_CONFIG: configFile };
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'reindex'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    // Not a terminal: no progress lines, one summary line per doc set.
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /^guide: 1 pages, \d+ re-indexed, 0 removed, \d+ ms \(\d+ pages\/s\)$/m,
    );
    const bad = spawnSync(process.execPath, ['--import', 'tsx', cli, 'reindex', 'nope'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr + bad.stdout).toContain('known: guide');
  });
});
