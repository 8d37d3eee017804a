import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/loadConfig';
import {
  checkLinks,
  checkStreamedLinks,
  type LinkCheckInput,
  PAGES_FILE,
  readLinksFile,
  writeLinkFiles,
} from './linkIntegrity';
import type { PageFacts } from './pageFacts';
import { prepareRelease } from './prepareRelease';
import { DEFAULT_PUBLISH_LIMITS, PublishBudget } from './PublishBudget';

const META = { docSetId: 'guide', release: 1, source: '/src/guide' };

/** The doc set `guide`, mounted at /docs/guide. */
function guide(folder: string): LinkCheckInput['self']['docSet'] {
  const docSet = { id: 'guide', title: 'Guide', product: 'P', version: '1', docType: 'Guide' };
  const config = parseConfig(
    { dataDir: folder, docSets: [{ ...docSet, mount: 'guide', folder }] },
    { env: {} },
  );
  return config.docSets[0] as LinkCheckInput['self']['docSet'];
}

describe('a publish keeps the pages’ links on disk until the link check', () => {
  let work: string;
  let root: string;
  beforeEach(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'streamed-links-'));
    root = path.join(work, 'release');
    await mkdir(path.join(root, 'Content'), { recursive: true });
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('writes each page’s links to the links file and holds none of them', async () => {
    writeFileSync(
      path.join(root, 'Content/a.htm'),
      '<title>A</title><h2 id="s">S</h2><a href="b.htm#t">b</a><a href="gone.htm">g</a>',
    );
    writeFileSync(path.join(root, 'Content/b.htm'), '<title>B</title><h2 id="t">T</h2>');
    writeFileSync(path.join(root, 'Content/c.htm'), '<title>C</title><a href="a.htm">a</a>');
    const linksFile = path.join(work, 'links.ndjson');
    const prepared = await prepareRelease(root, META, new PublishBudget(DEFAULT_PUBLISH_LIMITS), {
      linksFile,
    });

    expect(Object.values(prepared.pages).map((page) => page.links)).toEqual([[], [], []]);
    expect(prepared.pages['Content/b.htm']).toEqual({
      title: 'B',
      ids: ['t'],
      headings: [['t', 'T']],
      links: [],
    });
    const streamed: Array<[string, string[]]> = [];
    for await (const line of readLinksFile(linksFile)) streamed.push(line);
    // A page without links has no line.
    expect(streamed.sort()).toEqual([
      ['Content/a.htm', ['b.htm#t', 'gone.htm']],
      ['Content/c.htm', ['a.htm']],
    ]);
  });

  it('fails the publish, naming the links file, when that file cannot be written', async () => {
    writeFileSync(path.join(root, 'Content/a.htm'), '<title>A</title><a href="b.htm">b</a>');
    const linksFile = path.join(work, 'missing', 'links.ndjson');
    await expect(
      prepareRelease(root, META, new PublishBudget(DEFAULT_PUBLISH_LIMITS), { linksFile }),
    ).rejects.toMatchObject({
      code: 'prepare_failed',
      message: expect.stringContaining('Could not write the links of the release'),
    });
  });

  it('reports what the check of the whole pages reports', async () => {
    const page = (title: string, ids: string[], links: string[]): PageFacts => ({
      title,
      ids,
      headings: [],
      links,
    });
    const pages: Record<string, PageFacts> = {
      'a.htm': page(
        'A',
        ['top'],
        ['b.htm#there', 'b.htm#missing', 'gone.htm', '/docs/other/x.htm'],
      ),
      'b.htm': page('B', ['there'], []),
      'sub/c.htm': page('C', [], ['../a.htm#top', '../../../up.htm', 'https://example.com/']),
    };
    const docSet = guide(work);
    const input = (held: Record<string, PageFacts>): LinkCheckInput => ({
      docSetId: 'guide',
      release: 2,
      basePath: '/docs',
      self: { docSet, files: new Set(Object.keys(pages)), pages: held, moved: {} },
      others: [],
      explicit: new Map(),
      previous: null,
    });
    const whole = checkLinks(input(pages));
    const withoutLinks = Object.fromEntries(
      Object.entries(pages).map(([name, facts]) => [name, { ...facts, links: [] }]),
    );
    const lines = async function* (): AsyncIterable<[string, string[]]> {
      for (const [name, facts] of Object.entries(pages)) {
        if (facts.links.length > 0) yield [name, facts.links];
      }
    };
    const streamed = await checkStreamedLinks(input(withoutLinks), lines());

    expect({ ...streamed, checkedAt: '' }).toEqual({ ...whole, checkedAt: '' });
    expect(whole.pages).toBe(3);
    expect(whole.broken.map((b) => [b.page, b.href, b.reason])).toEqual([
      ['a.htm', 'b.htm#missing', 'missing_anchor'],
      ['a.htm', 'gone.htm', 'missing_page'],
      ['sub/c.htm', '../../../up.htm', 'outside_doc_sets'],
    ]);
  });

  it('writes the page facts file as one JSON object, without links', async () => {
    const pages: Record<string, PageFacts> = {
      'a.htm': { title: 'A', ids: ['x'], headings: [['x', 'X']], links: ['b.htm'] },
      'b "q".htm': { title: 'B', ids: [], headings: [], links: [], aliases: { old: 'x' } },
    };
    const report = checkLinks({
      docSetId: 'guide',
      release: 1,
      basePath: '/docs',
      self: {
        docSet: guide(work),
        files: new Set(),
        pages: {},
        moved: {},
      },
      others: [],
      explicit: new Map(),
      previous: null,
    });
    await writeLinkFiles(root, pages, { format: 1, moved: {}, removed: {} }, report);
    expect(readFileSync(path.join(root, PAGES_FILE), 'utf8')).toBe(
      JSON.stringify({
        'a.htm': { title: 'A', ids: ['x'], headings: [['x', 'X']], links: [] },
        'b "q".htm': { title: 'B', ids: [], headings: [], links: [], aliases: { old: 'x' } },
      }),
    );
    await writeLinkFiles(root, {}, { format: 1, moved: {}, removed: {} }, report);
    expect(readFileSync(path.join(root, PAGES_FILE), 'utf8')).toBe('{}');
  });
});
