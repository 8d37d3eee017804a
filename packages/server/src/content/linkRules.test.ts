import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docSetInput } from '../../test/content/contentHarness';
import { writeFolder } from '../../test/content/docSetFolders';
import { GUIDE_V1, GUIDE_V2 } from '../../test/content/linkSites';
import { EXIT_CODES } from '../cli/CliCommand';
import { runCli } from '../cli/runCli';
import { ConfigError, parseConfig } from '../config/loadConfig';
import { renderErrorPage } from '../errors/errorPage';
import { DocSetPublisher } from './DocSetPublisher';
import {
  anchorAliases,
  findMoves,
  insertAliases,
  planRedirects,
  type PreviousLinks,
  readPages,
} from './linkIntegrity';
import { pageFactsOf, type PageFacts } from './pageFacts';

const facts = (title: string, headings: Array<[string, string]>, extra: Partial<PageFacts> = {}) =>
  ({ title, ids: headings.map(([id]) => id), headings, links: [], ...extra }) as PageFacts;

function previous(
  pages: Record<string, PageFacts>,
  moved: Record<string, string> = {},
  removed: PreviousLinks['redirects']['removed'] = {},
): PreviousLinks {
  return { release: 1, pages, redirects: { format: 1, moved, removed }, report: null };
}

describe('page facts', () => {
  it('reads the title, every id and named anchor, the headings with ids and the links', () => {
    const read = pageFactsOf(
      `<html><head><title>A &amp; B</title><script>var s = '<a href="no.htm">';</script></head><body>
       <h1 id="top">A</h1><!-- <a href="commented.htm"> --><a name="legacy"></a>
       <h2 id='setup' class="x">Set <em>up</em></h2><p id=plain>t</p>
       <a href="x.htm#setup">x</a><a class="y" href = "mailto:a@b.c">m</a><area href="map.htm"></body></html>`,
    );
    expect(read.title).toBe('A & B');
    expect(read.ids.sort()).toEqual(['legacy', 'plain', 'setup', 'top']);
    expect(read.headings).toEqual([
      ['top', 'A'],
      ['setup', 'Set up'],
    ]);
    expect(read.links).toEqual(['x.htm#setup', 'mailto:a@b.c', 'map.htm']);
  });
});

describe('releases published before link checks', () => {
  it('reads the page facts from the pages when a release has no .pages.json', async () => {
    const dir = writeFolder({
      'a.htm': '<title>A</title><h2 id="x">X</h2><a href="b.htm">b</a>',
      'img.png': 'png',
    });
    expect(await readPages(dir)).toEqual({
      'a.htm': { title: 'A', ids: ['x'], headings: [['x', 'X']], links: ['b.htm'] },
    });
  });
});

describe('the removed-page notice on the 404 page', () => {
  it('escapes the notice and suggestions and shows only paths under the portal', () => {
    const html = renderErrorPage({
      basePath: '/docs',
      productName: 'Docs',
      companyName: 'Acme',
      status: 404,
      searchWords: 'a',
      year: 2026,
      notice: 'Removed <b>now</b>.',
      suggestions: [
        { title: '<img src=x onerror=alert(1)>', url: '/docs/Guide/a.htm?x="y"', context: 'G&H' },
        { title: 'Elsewhere', url: 'https://evil.example/docs/x', context: '' },
        { title: 'Protocol-relative', url: '//evil.example/docs/x', context: '' },
      ],
    });
    expect(html).toContain('<strong>Removed &lt;b&gt;now&lt;/b&gt;.</strong>');
    expect(html).toContain(
      '<li><a href="/docs/Guide/a.htm?x=&quot;y&quot;">&lt;img src=x onerror=alert(1)&gt;</a> <span class="where">G&amp;H</span></li>',
    );
    expect(html).not.toContain('evil.example');
  });
});

describe('a release published before link checks', () => {
  it('is checked at the next publish, so --strict only refuses links that are new', async () => {
    const config = parseConfig(
      {
        dataDir: mkdtempSync(path.join(tmpdir(), 'links-upgrade-')),
        logLevel: 'silent',
        docSets: [docSetInput('guide', 'Guide', '/nowhere', { defaultPage: 'Default.htm' })],
      },
      { env: {} },
    );
    const publisher = new DocSetPublisher(config);
    const first = await publisher.publish('guide', writeFolder(GUIDE_V1));
    for (const file of ['.link-report.json', '.pages.json', '.redirects.json']) {
      rmSync(path.join(first.releaseDir, file));
    }
    const again = await publisher.publish('guide', writeFolder(GUIDE_V1), { strict: true });
    expect(again.linkReport).toMatchObject({ compared: true, brokenCount: 2, newCount: 0 });
  });
});

describe('moved pages', () => {
  it('matches the same content first, then the same title, preferring the same file name', () => {
    const before = {
      'a/Same.htm': facts('Same content', []),
      'a/Title.htm': facts('Same title', []),
      'a/Twice.htm': facts('Twice', []),
      'a/Gone.htm': facts('Gone', []),
    };
    const after = {
      'b/Moved.htm': facts('Renamed too', []),
      'b/Title.htm': facts('Same title', []),
      'b/Other.htm': facts('Twice', []),
      'c/Twice.htm': facts('Twice', []),
    };
    const moves = findMoves(before, { 'a/Same.htm': 'd1' }, after, { 'b/Moved.htm': 'd1' });
    expect(Object.fromEntries(moves)).toEqual({
      'a/Same.htm': 'b/Moved.htm',
      'a/Title.htm': 'b/Title.htm',
      'a/Twice.htm': 'c/Twice.htm',
    });
  });
});

describe('redirect map', () => {
  it('collapses a chain, drops a path that exists again and never points at an old path', () => {
    const plan = planRedirects({
      release: 3,
      files: new Set(['C.htm', 'A2.htm', 'Back.htm']),
      previous: previous(
        { 'B.htm': facts('B', []), 'Back2.htm': facts('Back', []) },
        { 'A.htm': 'B.htm', 'Back.htm': 'Back2.htm', 'X.htm': 'Gone.htm' },
      ),
      moves: new Map([
        ['B.htm', 'C.htm'],
        ['Back2.htm', 'Back.htm'],
      ]),
    });
    expect(plan.moved).toEqual({ 'A.htm': 'C.htm', 'B.htm': 'C.htm', 'Back2.htm': 'Back.htm' });
    expect(plan.removed).toEqual({ 'X.htm': { release: 3, title: '' } });
    for (const target of Object.values(plan.moved)) expect(plan.moved[target]).toBeUndefined();
  });

  it('keeps the release a page was removed in, until the path exists again', () => {
    const earlier = previous({}, {}, { 'Old.htm': { release: 2, title: 'Old' } });
    expect(
      planRedirects({ release: 5, files: new Set(['x.htm']), previous: earlier, moves: new Map() })
        .removed,
    ).toEqual({ 'Old.htm': { release: 2, title: 'Old' } });
    expect(
      planRedirects({
        release: 5,
        files: new Set(['Old.htm']),
        previous: earlier,
        moves: new Map(),
      }).removed,
    ).toEqual({});
  });
});

describe('anchor aliases', () => {
  it('maps a renamed heading by its text, then similar words, then document order', () => {
    const before = facts('P', [
      ['intro', 'Introduction'],
      ['install', 'Install the agent'],
      ['conf', 'Configure retention policies'],
      ['faq', 'Questions'],
    ]);
    const after = facts('P', [
      ['overview', 'Overview'],
      ['setup', 'Install the agent'],
      ['questions', 'Frequently asked'],
      ['retention', 'Retention policies'],
    ]);
    expect(anchorAliases(before, after)).toEqual({
      install: 'setup',
      intro: 'overview',
      conf: 'retention',
      faq: 'questions',
    });
  });

  it('compares headings by whole words, also where their letters carry combining marks', () => {
    // Split at every vowel sign, "network setup" shared letter clusters with "some rules" as
    // much as with "setup complete", and the first of the two won.
    const before = facts('P', [['a', 'नेटवर्क सेटअप']]);
    const after = facts('P', [
      ['x', 'कुछ नियम'],
      ['y', 'सेटअप पूरा'],
    ]);
    expect(anchorAliases(before, after)).toEqual({ a: 'y' });
  });

  it('carries older aliases forward to the heading they stand for now', () => {
    const before = facts('P', [['b', 'Beta']], { aliases: { a: 'b' } });
    const after = facts('P', [['c', 'Beta']]);
    expect(anchorAliases(before, after)).toEqual({ a: 'c', b: 'c' });
  });

  it('inserts escaped empty spans before the renamed element only', () => {
    expect(
      insertAliases('<h2 id="new">N</h2><p id="x">', { 'old"<': 'new', lost: 'nowhere' }),
    ).toBe('<span id="old&quot;&lt;"></span><h2 id="new">N</h2><p id="x">');
  });
});

describe('explicit redirects in the config', () => {
  const problems = (redirects: unknown) => {
    try {
      parseConfig(
        { docSets: [docSetInput('guide', 'Guide', '/tmp', { redirects } as never)] },
        { env: {} },
      );
    } catch (error) {
      if (error instanceof ConfigError) return error.problems.join('\n');
      throw error;
    }
    return '';
  };

  it('accepts paths inside the doc set, with a fragment on the target', () => {
    expect(problems([{ from: 'Content/Old Page.htm', to: 'Content/New.htm#set-up' }])).toBe('');
  });

  it.each([
    ['https://evil.example/x', 'off-site'],
    ['//evil.example/x', 'protocol-relative'],
    ['/Guide/x.htm', 'absolute'],
    ['../Other/x.htm', 'climbing out'],
    ['a/./b.htm', 'dot segment'],
    ['x.htm?q=1', 'query'],
    ['a\\b.htm', 'backslash'],
    ['javascript:alert(1)', 'scheme'],
  ])('refuses %s (%s)', (to) => {
    expect(problems([{ from: 'a.htm', to }])).toMatch(
      /docSets\[0\]\.redirects\[0\]\.to: must be a path inside the doc set/,
    );
  });

  it('refuses a path redirected twice and a loop', () => {
    expect(
      problems([
        { from: 'a.htm', to: 'b.htm' },
        { from: 'a.htm', to: 'c.htm' },
      ]),
    ).toContain('"a.htm" is redirected twice');
    expect(
      problems([
        { from: 'a.htm', to: 'b.htm#x' },
        { from: 'b.htm', to: 'a.htm' },
      ]),
    ).toContain('loop');
    expect(problems([{ from: 'a.htm', to: 'a.htm#top' }])).toContain('loop');
  });
});

describe('publish-docs --strict', () => {
  async function run(argv: string[], env: NodeJS.ProcessEnv) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  }

  it('prints the link summary, and refuses a release that adds broken links, changing nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-strict-'));
    const file = path.join(dir, 'portal.config.json');
    writeFileSync(
      file,
      JSON.stringify({
        dataDir: path.join(dir, 'data'),
        logLevel: 'silent',
        docSets: [
          docSetInput('guide', 'Guide', writeFolder(GUIDE_V1), { defaultPage: 'Default.htm' }),
        ],
      }),
    );
    const env = { PORTAL_CONFIG: file };
    const first = await run(['publish', 'guide', writeFolder(GUIDE_V1), '--strict'], env);
    // The first release has broken links and nothing to compare with: all of them are new.
    expect(first.code).toBe(EXIT_CODES.failed);
    const plain = await run(['publish', 'guide', writeFolder(GUIDE_V1)], env);
    expect(plain.code).toBe(EXIT_CODES.ok);
    expect(plain.out[1]).toMatch(/^Links: 4 internal links on 7 pages checked, 2 broken;/);
    // No doc set is mounted at ../Api in this config.
    expect(plain.out.slice(2, 4)).toEqual([
      '  Default.htm: Content/Missing.htm (missing page) [new]',
      '  Default.htm: ../Api/Ref.htm#auth (outside doc sets) [new]',
    ]);
    const same = await run(['publish', 'guide', writeFolder(GUIDE_V1), '--strict'], env);
    expect(same.code).toBe(EXIT_CODES.ok);
    expect(same.out[1]).toContain('2 broken (0 new)');
    const worse = await run(['publish', 'guide', writeFolder(GUIDE_V2), '--strict'], env);
    expect(worse.code).toBe(EXIT_CODES.failed);
    expect(worse.err[0]).toMatch(/^Links: \d+ broken, \d+ of them new\. New broken links:$/);
    expect(worse.err).toContain('  Default.htm: Content/Nowhere.htm (missing page) [new]');
    expect(worse.err.at(-1)).toMatch(
      /adds \d+ broken link\(s\); nothing was published \(--strict\)\.$/,
    );
    const list = await run(['list', '--json'], env);
    expect(JSON.parse(list.out.join('\n'))[0].current).toBe(2);
  });
});
