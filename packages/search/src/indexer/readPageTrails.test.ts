import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { getOuterHTML } from 'domutils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/fixtures';
import { BROKEN_PAGE } from '../../test/fixtures/malformedPages';
import { parsePageHtml } from './pageDom';
import { PageHierarchy, parsePageAndLinks, readPageLinks } from './readPageTrails';

/** Every HTML page of the fixture doc sets, by path from the fixtures folder. */
function fixturePages(): Array<[string, string]> {
  const pages: Array<[string, string]> = [];
  for (const entry of readdirSync(FIXTURES, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.html?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    pages.push([`/${relative(FIXTURES, file)}`, readFileSync(file, 'utf8')]);
  }
  return pages;
}

describe('parsePageAndLinks', () => {
  it('gives the DOM parsePageHtml builds and the links readPageLinks reads', () => {
    const pages = [
      ...fixturePages(),
      ['/broken.htm', new TextDecoder().decode(BROKEN_PAGE)] as [string, string],
    ];
    expect(pages.length).toBeGreaterThan(20);
    const links = pages.map(([path, html]) => {
      const streamed = readPageLinks(html, path);
      const { root, links } = parsePageAndLinks(html, path);
      expect(links, path).toEqual(streamed);
      expect(getOuterHTML(root), path).toBe(getOuterHTML(parsePageHtml(html)));
      return streamed;
    });
    // The fixtures hold every kind of hierarchy the reader knows.
    expect(links.some((l) => l.up !== undefined)).toBe(true);
    expect(links.some((l) => l.trail.length > 0)).toBe(true);
    expect(links.some((l) => l.home.length > 0)).toBe(true);
    expect(links.some((l) => !l.hasHierarchy)).toBe(true);
  });

  it('reads rel values in any case and navigation classes as they are written', () => {
    const links = readPageLinks(
      '<html><head><title>Ｔｉｔｌｅ 日本</title><link rel="stylesheet" href="s.css">' +
        '<link rel="Next UP" href="../b/up.html" title="Up 𝒳"><link rel="prev" href="p.html">' +
        '<link rel="TOP" href="../index.html"></head><body><div class="Related">x</div></body></html>',
      '/a/page.html',
    );
    expect(links).toEqual({
      title: 'Ｔｉｔｌｅ 日本',
      up: { path: '/b/up.html', title: 'Up 𝒳' },
      home: ['/index.html'],
      trail: [],
      hasHierarchy: true,
    });
    const classes = (html: string) => readPageLinks(html, '/a.html').hasHierarchy;
    expect(classes('<div class="x related">n</div>')).toBe(true);
    expect(classes('<div class="navfooter\u00a0x">n</div>')).toBe(true);
    expect(classes('<div class="Related NavHeader navbar unrelated">n</div>')).toBe(false);
    expect(
      readPageLinks(
        '<ul><li class="a nav-item-1">One</li><li class="Nav-Item-2">Two</li></ul>',
        '/a.html',
      ).trail,
    ).toEqual(['One']);
  });

  it('finds a breadcrumb by class or label in any case, but not in a Flare breadcrumbs box', () => {
    const trail = (html: string) => readPageLinks(html, '/a/b/c.html').trail;
    const crumbs = '<a href="/a/">A</a> <a href="../b.html">B</a></div>';
    expect(trail(`<div class="n"><div class="x BREADCRUMBS">${crumbs}</div>`)).toEqual(['A', 'B']);
    expect(trail(`<div aria-label="Breadcrumb">${crumbs}`)).toEqual(['A', 'B']);
    expect(trail(`<div class="breadcrumbs MCBreadcrumbsBox_0">${crumbs}`)).toEqual([]);
    expect(trail(`<div class="o">${crumbs}`)).toEqual([]);
  });
});

describe('PageHierarchy', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'search-hierarchy-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const page = (title: string, up?: string) =>
    `<html><head><title>${title}</title>${up === undefined ? '' : `<link rel="up" href="${up}">`}` +
    `<link rel="home" href="index.html"></head><body><h1>${title}</h1></body></html>`;

  it('follows the up links through the pages above, read from their files', () => {
    writeFileSync(join(folder, 'index.html'), page('Guide'));
    writeFileSync(join(folder, 'part.html'), page('Part I', 'index.html'));
    writeFileSync(join(folder, 'chapter.html'), page('Chapter 2', 'part.html'));
    const child = page('Section 2.1', 'chapter.html');
    writeFileSync(join(folder, 'section.html'), child);
    const pages = new Set(['/index.html', '/part.html', '/chapter.html', '/section.html']);
    const hierarchy = new PageHierarchy(folder, pages);

    expect(hierarchy.trail('/section.html', readPageLinks(child, '/section.html'))).toEqual([
      'Part I',
      'Chapter 2',
    ]);
  });

  it('keeps the links of each page whose trail it gave, and does not read that page again', () => {
    writeFileSync(join(folder, 'index.html'), page('Guide'));
    writeFileSync(join(folder, 'part.html'), page('Part I', 'index.html'));
    const chapter = page('Chapter 2', 'part.html');
    const pages = new Set(['/index.html', '/part.html', '/chapter.html', '/section.html']);
    const hierarchy = new PageHierarchy(folder, pages);
    expect(hierarchy.trail('/chapter.html', readPageLinks(chapter, '/chapter.html'))).toEqual([
      'Part I',
    ]);
    // The chapter's file is not there to read: its links come from the trail asked before.
    const section = page('Section 2.1', 'chapter.html');
    expect(hierarchy.trail('/section.html', readPageLinks(section, '/section.html'))).toEqual([
      'Part I',
      'Chapter 2',
    ]);
  });

  it('never reads a page that is not one of the doc set pages it was given', () => {
    writeFileSync(join(folder, 'index.html'), page('Guide'));
    // In the folder, but not a page of the run (a linked file, say): its title must not show.
    writeFileSync(join(folder, 'secret.html'), page('Secret title', 'index.html'));
    const child = page('Section', 'secret.html');
    const hierarchy = new PageHierarchy(folder, new Set(['/index.html', '/child.html']));

    expect(hierarchy.trail('/child.html', readPageLinks(child, '/child.html'))).toEqual([]);
    expect(
      new PageHierarchy(folder, new Set(['/secret.html'])).trail(
        '/child.html',
        readPageLinks(child, '/child.html'),
      ),
    ).toEqual(['Secret title']);
  });

  it('gives no trail to a page without generator navigation', () => {
    const plain = '<html><head><title>Plain</title></head><body><h1>Plain</h1></body></html>';
    const hierarchy = new PageHierarchy(folder, new Set(['/plain.html']));
    expect(hierarchy.trail('/plain.html', readPageLinks(plain, '/plain.html'))).toBeUndefined();
  });
});
