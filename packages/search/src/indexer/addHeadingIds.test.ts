import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures';
import { addHeadingIds } from './addHeadingIds';
import { extractSections } from './extractSections';

const ids = (html: Buffer | string) =>
  load(html.toString())('[id]')
    .toArray()
    .map((element) => element.attribs.id);

describe('addHeadingIds', () => {
  it('gives every heading an id the indexer then links to; unpublished pages link only to anchors they have', () => {
    const source = fixture('flare/Content/Overview.htm');
    const served = addHeadingIds(source);
    const anchorsOf = (page: Buffer) =>
      new Set([
        ...ids(page),
        ...load(page.toString())('a[name]')
          .toArray()
          .map((a) => a.attribs.name),
      ]);
    const before = extractSections(source, { path: '/Content/Overview.htm' });
    const after = extractSections(served, { path: '/Content/Overview.htm' });
    const inSource = anchorsOf(source);
    for (const { anchor } of before.sections) if (anchor !== '') expect(inSource).toContain(anchor);
    const inServed = anchorsOf(served);
    const headed = after.sections.filter((s) => s.heading !== '');
    expect(headed.length).toBeGreaterThan(1);
    for (const { anchor } of headed) expect(inServed).toContain(anchor);
    expect(new Set(headed.map((s) => s.anchor)).size).toBe(headed.length);
    expect(new Set(before.sections.map((s) => s.anchor)).size).toBeLessThan(headed.length + 1);
    expect(ids(source).every((id) => inServed.has(id))).toBe(true);
  });

  it('keeps existing ids and bookmarks, and never reuses an id already in the page', () => {
    const page = Buffer.from(
      '<html><body><div id="setup">x</div><h1>Guide</h1>' +
        '<h2 id="own">Own</h2><a name="mark"></a><h2>Marked</h2>' +
        '<h2>Setup</h2><h3 class="x">Setup</h3></body></html>',
    );
    const out = addHeadingIds(page).toString();
    expect(out).toContain('<h1>Guide</h1>');
    expect(out).toContain('<h2 id="own">Own</h2>');
    expect(out).toContain('<a name="mark"></a><h2>Marked</h2>');
    expect(out).toContain('<h2 id="setup-2">Setup</h2><h3 id="setup-3" class="x">Setup</h3>');
  });

  it('gives the first <h1> under a Doxygen title an id: it heads a section there', () => {
    const page = Buffer.from(
      '<html><body><div class="header"><div class="headertitle">' +
        '<div class="title">Ring Walkthrough</div></div></div>' +
        '<div class="contents"><h1>Introduction</h1><p>A ring.</p><h1>Draining</h1><p>Pop.</p>' +
        '</div></body></html>',
    );
    const served = addHeadingIds(page);
    const extracted = extractSections(served, { path: '/walkthrough.html' });
    expect(extracted.title).toBe('Ring Walkthrough');
    expect(extracted.sections.map((s) => s.heading)).toEqual(['Introduction', 'Draining']);
    const anchors = extracted.sections.map((s) => s.anchor);
    expect(anchors.every((a) => a !== '')).toBe(true);
    expect(ids(served)).toEqual(expect.arrayContaining(anchors));
  });

  it('changes no other byte, in UTF-8 and in Latin-1 pages', () => {
    const utf8 = Buffer.from('<p>Überblick – €</p><h2>Über uns</h2><p>ß</p>', 'utf8');
    expect(addHeadingIds(utf8).toString('utf8')).toBe(
      '<p>Überblick – €</p><h2 id="uber-uns">Über uns</h2><p>ß</p>',
    );
    const latin1 = Buffer.from('<p>caf\xe9</p><h2>R\xe9sum\xe9</h2>', 'latin1');
    expect(addHeadingIds(latin1)).toEqual(
      Buffer.from('<p>caf\xe9</p><h2 id="resume">R\xe9sum\xe9</h2>', 'latin1'),
    );
  });

  it('returns the same Buffer when there is nothing to add', () => {
    const page = Buffer.from('<html><body><h2 id="a">A</h2><p>text</p></body></html>');
    expect(addHeadingIds(page)).toBe(page);
    const noHeadings = Buffer.from('<p>plain</p>');
    expect(addHeadingIds(noHeadings)).toBe(noHeadings);
  });
});
