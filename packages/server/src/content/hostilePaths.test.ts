import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  docSetInput,
  rawRequest,
  startContentApp,
  type ContentApp,
} from '../../test/content/contentHarness';
import { topicPage, writeFolder } from '../../test/content/docSetFolders';
import { testConfig } from '../../test/portalHarness';
import { DocSetPublisher } from './DocSetPublisher';

/** Markers of every file a reader must never get through the guide's mount. */
const SECRETS = [
  'TOP-SECRET-OUTSIDE',
  'TOP-SECRET-DOTFILE',
  'TOP-SECRET-GIT',
  'TOP-SECRET-RUNBOOK',
  'root:x:0:0',
  '"digests"',
];

const MOUNT = '/docs/6_5/Web/UserGuide';

/** Hostile request targets, relative to the guide's mount unless they start with `/`. */
const HOSTILE = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%2E%2E/%2E%2E/secret.txt',
  '%252e%252e%252f%252e%252e%252fetc%252fpasswd',
  '..%252f..%252f..%252fetc/passwd',
  '%25%32%65%25%32%65/secret.txt',
  '%%32%65%%32%65/secret.txt',
  '%u002e%u002e/%u002e%u002e/secret.txt',
  '..\\..\\..\\etc\\passwd',
  '..%5c..%5c..%5cetc%5cpasswd',
  '%5c..%5c..%5csecret.txt',
  'Content\\Jobs\\Page.htm',
  'Content%5cJobs%5cPage.htm',
  'C:\\Windows\\win.ini',
  'C:%5cWindows%5cwin.ini',
  'Content/..%2f..%2f..%2f..%2fsecret.txt',
  'Content/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt',
  'Content/%c0%ae%c0%ae/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.txt',
  '%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd',
  '..%c0%af..%c0%af..%c0%afsecret.txt',
  '%e0%80%ae%e0%80%ae/secret.txt',
  '%f0%80%80%ae%f0%80%80%ae/secret.txt',
  '%c1%9c..%c1%9c..%c1%9csecret.txt',
  '..%ef%bc%8f..%ef%bc%8fsecret.txt',
  '%ff%fe/secret.txt',
  'Content/Jobs/Page.htm%00.png',
  'Content/Jobs/Page.htm%00',
  '%00/../../etc/passwd',
  'Content/%0a/../../secret.txt',
  '%0d%0aSet-Cookie:%20x=1',
  '.htpasswd',
  '.release.json',
  '%2ehtpasswd',
  '%2erelease.json',
  'Content/.git/config',
  'Content/%2egit/config',
  './Content/Jobs/Page.htm',
  'Content/./Jobs/Page.htm',
  'Content/Jobs/../Jobs/Page.htm',
  'Content//Jobs/Page.htm',
  '/etc/passwd',
  '//etc/passwd',
  '.',
  '..',
  '...',
  '....//....//secret.txt',
  'Content/..',
  'Content/Jobs/Page.htm/..',
  'Content/Jobs/Page.htm/../../../../secret.txt',
  'Content/Jobs/Page.htm%23/../../../secret.txt',
  'Content/Jobs/Page.htm%3f/../../../secret.txt',
  'Content/leak.htm',
  'Content/leakdir/secret.txt',
  'Content/passwd-link',
  'Content/inside-dir-link/Page.htm',
  'file:///etc/passwd',
  '..%2f..%2f..%2fInternal%2fRunbooks%2fContent%2fRunbook.htm',
  '../../../Internal/Runbooks/Content/Runbook.htm',
  `${'a/'.repeat(1500)}x.htm`,
  '/docs/6_5/Web/UserGuide%2f..%2f..%2f..%2fInternal/Runbooks/Content/Runbook.htm',
  '/docs/6_5/Web/%2e%2e/%2e%2e/Internal/Runbooks/Content/Runbook.htm',
  '/docs/6_5/Web/UserGuide/../../../Internal/Runbooks/Content/Runbook.htm',
  '/docs/Internal/Runbooks/Content/Runbook.htm',
  '/docs/Internal/Runbooks/.release.json',
];

let portal: ContentApp;
let cookie: string;

beforeAll(async () => {
  const outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'TOP-SECRET-OUTSIDE');
  const guide = writeFolder({
    'Content/Jobs/Page.htm': topicPage('Page', 'guide page'),
    'Default.htm': '<h1>home</h1>',
    '.env': 'TOP-SECRET-DOTFILE',
  });
  const runbooks = writeFolder({ 'Content/Runbook.htm': 'TOP-SECRET-RUNBOOK' });
  const input = {
    dataDir: mkdtempSync(path.join(tmpdir(), 'hostile-data-')),
    docSets: [
      docSetInput('guide', '6_5/Web/UserGuide', guide, { defaultPage: 'Default.htm' }),
      docSetInput('runbooks', 'Internal/Runbooks', runbooks, { audience: ['employee'] }),
    ],
  };
  writeFileSync(path.join(input.dataDir, 'secret.txt'), 'TOP-SECRET-OUTSIDE');
  // Publish first, then plant what a careless operator or an attacker with file access could put
  // into the release folder: dotfiles, a .git folder, links leading out, a link to a folder inside.
  const { releaseDir } = await new DocSetPublisher(testConfig(input)).publish('guide', guide);
  writeFileSync(path.join(releaseDir, '.htpasswd'), 'TOP-SECRET-DOTFILE');
  mkdirSync(path.join(releaseDir, 'Content/.git'));
  writeFileSync(path.join(releaseDir, 'Content/.git/config'), 'TOP-SECRET-GIT');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(releaseDir, 'Content/leak.htm'));
  symlinkSync(outside, path.join(releaseDir, 'Content/leakdir'));
  symlinkSync('/etc/passwd', path.join(releaseDir, 'Content/passwd-link'));
  symlinkSync(
    path.join(releaseDir, 'Content/Jobs'),
    path.join(releaseDir, 'Content/inside-dir-link'),
  );
  portal = await startContentApp(input);
  cookie = await portal.cookieFor('customer');
});

afterAll(async () => {
  await portal?.close();
});

describe('hostile request paths', () => {
  it('has a corpus of at least 50 hostile paths', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(50);
  });

  it('serves the legitimate page the corpus aims around', async () => {
    const response = await rawRequest(portal.origin, `${MOUNT}/Content/Jobs/Page.htm`, { cookie });
    expect(response.status).toBe(200);
  });

  it.each(HOSTILE)('refuses %s without leaking a file or failing', async (target) => {
    const url =
      target.startsWith('/') && target.startsWith('/docs/') ? target : `${MOUNT}/${target}`;
    const response = await rawRequest(portal.origin, url, { cookie });
    expect([400, 404]).toContain(response.status);
    const body = response.body.toString('latin1');
    for (const secret of SECRETS) expect(body).not.toContain(secret);
    expect(body).not.toContain('guide page');
  });
});
