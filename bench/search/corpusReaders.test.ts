import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseDocBookIndex, parseGenindex, readGenindexEntries } from './genindexQueries';
import { listSphinxPages, readSphinxCorpus, type SphinxCorpus } from './sphinxCorpus';
import { cutLastWord, titleQueries } from './titleQueries';

/** A general index in the newer Sphinx layout: `td > ul > li`, sub-entries in a nested `<ul>`. */
const LIST_LAYOUT = `<html><body><div role="main"><h1>Index</h1>
<table class="indextable genindextable"><tr><td><ul>
  <li><a href="lib/alpha.html#alpha.spin"><code>spin()</code> (in module alpha)</a>
    <ul>
      <li><a href="lib/beta.html#beta.spin">(in module beta)</a></li>
      <li><a href="lib/gamma.html#gamma.spin">(in module gamma)</a>, <a href="lib/delta.html#x">[1]</a></li>
    </ul></li>
  <li>colour model
    <ul><li><a href="guide/paint.html#rgb">red green blue</a></li></ul></li>
  <li><a href="guide/paint.html#mix">mixing</a>, <a href="guide/tips.html#mix">[1]</a>, <a href="https://example.org/x">[2]</a></li>
  <li><a href="missing/page.html">orphan entry</a></li>
  <li><a href="#top">self link</a></li>
</ul></td></tr></table></div></body></html>`;

/** The same kinds of entries in the older layout: `td > dl > dt`, sub-entries in the next `<dd>`. */
const DEFINITION_LAYOUT = `<html><body><div role="main"><h1>Index</h1>
<table class="indextable genindextable"><tr><td><dl>
<dt><a href="core/engine.html#engine.connect.params.timeout">timeout (engine.connect parameter)</a></dt>
<dd><dl>
  <dt><a href="core/pool.html#pool.Pool.params.timeout">(pool.Pool parameter)</a></dt>
  <dt><a href="core/engine.html#engine.Engine.params.timeout">(engine.Engine parameter)</a></dt>
</dl></dd>
<dt><a href="orm/session.html#flush">flush() (Session method)</a>, <a href="orm/unit.html#flush">[0]</a></dt>
<dt><a href="glossary.html#term-identity-map"><strong>identity map</strong></a></dt>
</dl></td></tr></table></div></body></html>`;

const pages = (...paths: string[]) => new Set(paths);

describe('parseGenindex on the list layout', () => {
  const known = pages(
    '/lib/alpha.html',
    '/lib/beta.html',
    '/lib/gamma.html',
    '/lib/delta.html',
    '/guide/paint.html',
    '/guide/tips.html',
  );
  const entries = parseGenindex(LIST_LAYOUT, known);

  it('reads each entry as a query with the pages it links to', () => {
    expect(entries).toContainEqual({
      text: 'spin in module alpha',
      relevant: ['/lib/alpha.html'],
      targets: ['/lib/alpha.html#alpha.spin'],
    });
    expect(entries).toContainEqual({
      text: 'mixing',
      relevant: ['/guide/paint.html', '/guide/tips.html'],
      targets: ['/guide/paint.html#mix', '/guide/tips.html#mix'],
    });
  });

  it('asks a qualifier-only sub-entry with the bare term, and keeps its numbered links', () => {
    expect(entries).toContainEqual({
      text: 'spin in module beta',
      relevant: ['/lib/beta.html'],
      targets: ['/lib/beta.html#beta.spin'],
    });
    expect(entries).toContainEqual({
      text: 'spin in module gamma',
      relevant: ['/lib/gamma.html', '/lib/delta.html'],
      targets: ['/lib/gamma.html#gamma.spin', '/lib/delta.html#x'],
    });
  });

  it('asks a sub-entry under a heading term as "term subterm"', () => {
    expect(entries).toContainEqual({
      text: 'colour model red green blue',
      relevant: ['/guide/paint.html'],
      targets: ['/guide/paint.html#rgb'],
    });
  });

  it('leaves out off-site and same-page links and entries leading to no known page', () => {
    const texts = entries.map((e) => e.text);
    expect(texts).not.toContain('orphan entry');
    expect(texts).not.toContain('self link');
    expect(texts).not.toContain('colour model');
    expect(entries).toHaveLength(5);
  });
});

describe('parseGenindex on the definition-list layout', () => {
  const known = pages(
    '/core/engine.html',
    '/core/pool.html',
    '/orm/session.html',
    '/orm/unit.html',
    '/glossary.html',
  );
  const entries = parseGenindex(DEFINITION_LAYOUT, known);

  it('reads terms, their numbered links and their sub-entries from the next dd', () => {
    expect(entries).toEqual([
      {
        text: 'timeout engine.connect parameter',
        relevant: ['/core/engine.html'],
        targets: ['/core/engine.html#engine.connect.params.timeout'],
      },
      {
        text: 'timeout pool.Pool parameter',
        relevant: ['/core/pool.html'],
        targets: ['/core/pool.html#pool.Pool.params.timeout'],
      },
      {
        text: 'timeout engine.Engine parameter',
        relevant: ['/core/engine.html'],
        targets: ['/core/engine.html#engine.Engine.params.timeout'],
      },
      {
        text: 'flush Session method',
        relevant: ['/orm/session.html', '/orm/unit.html'],
        targets: ['/orm/session.html#flush', '/orm/unit.html#flush'],
      },
      {
        text: 'identity map',
        relevant: ['/glossary.html'],
        targets: ['/glossary.html#term-identity-map'],
      },
    ]);
  });
});

/** A back-of-book index as DocBook's stylesheets write one: `div.indexdiv > dl > dt`. */
const DOCBOOK_INDEX = `<html><body><div class="index"><h1 class="title">Index</h1>
<div class="indexdiv"><h3>B</h3><dl>
<dt id="ientry-1">Blur, <a class="indexterm" href="filter-blur.html#intro">Blur Filters</a>,
  <a class="indexterm" href="filter-gauss.html">Gaussian Blur</a></dt>
<dt id="ientry-2">Brushes</dt>
<dd><dl>
  <dt>Adding new, <a class="indexterm" href="brush-add.html">Adding Brushes</a></dt>
  <dt>Spacing, <a class="indexterm" href="brush-dialog.html#spacing">Brushes Dialog</a></dt>
</dl></dd>
<dt id="ientry-3">Bucket Fill (command), <a class="indexterm" href="missing.html">Fill</a></dt>
<dt id="ientry-4">Bézier curve, <a class="indexterm" href="https://example.org/bezier">Elsewhere</a></dt>
</dl></div></div></body></html>`;

describe('parseDocBookIndex', () => {
  const known = pages(
    '/en/filter-blur.html',
    '/en/filter-gauss.html',
    '/en/brush-add.html',
    '/en/brush-dialog.html',
  );
  const entries = parseDocBookIndex(DOCBOOK_INDEX, known, '/en/');

  it("reads an entry's own words, not the titles of the pages it links to", () => {
    expect(entries).toContainEqual({
      text: 'Blur',
      relevant: ['/en/filter-blur.html', '/en/filter-gauss.html'],
    });
  });

  it('asks a sub-entry with its heading term, and an entry without links gives none itself', () => {
    expect(entries).toContainEqual({
      text: 'Brushes Adding new',
      relevant: ['/en/brush-add.html'],
    });
    expect(entries).toContainEqual({
      text: 'Brushes Spacing',
      relevant: ['/en/brush-dialog.html'],
    });
    expect(entries.map((e) => e.text)).not.toContain('Brushes');
  });

  it('leaves out entries that lead to no page of the corpus', () => {
    expect(entries).toHaveLength(3);
  });
});

describe('a Sphinx corpus folder', () => {
  const page = (title: string, body: string) =>
    `<html><head><title>${title} — Docs</title></head><body>` +
    `<div class="sphinxsidebar">Navigation words</div>` +
    `<div role="main"><h1>${title}</h1><p>${body}</p></div></body></html>`;
  const root = mkdtempSync(join(tmpdir(), 'sphinx-corpus-'));
  const folder = join(root, 'html');
  mkdirSync(join(folder, 'lib'), { recursive: true });
  mkdirSync(join(folder, '_modules'), { recursive: true });
  mkdirSync(join(folder, '_static'), { recursive: true });
  mkdirSync(join(root, 'shared'), { recursive: true });
  writeFileSync(join(folder, 'index.html'), page('Welcome', 'Start here.'));
  writeFileSync(join(folder, 'lib', 'alpha.html'), page('Alpha', 'The spin function turns.'));
  // A gzipped copy beside the page: the same page, listed once.
  writeFileSync(join(folder, 'lib', 'alpha.html.gz'), gzipSync(page('Alpha', 'Old copy.')));
  writeFileSync(join(folder, 'lib', 'notes.html.gz'), gzipSync(page('Notes', 'Changes.')));
  writeFileSync(join(folder, '_modules', 'alpha.html'), page('Source', 'def spin(): pass'));
  writeFileSync(join(folder, 'search.html'), page('Search', ''));
  writeFileSync(join(folder, 'genindex.html'), LIST_LAYOUT);
  writeFileSync(join(root, 'shared', 'jquery.js'), '/* shared script */');
  symlinkSync(join(root, 'shared', 'jquery.js'), join(folder, '_static', 'jquery.js'));
  symlinkSync(join(root, 'shared', 'jquery.js'), join(folder, 'lib', 'linked.js'));
  symlinkSync(join(root, 'nowhere.html'), join(folder, 'dangling.html'));
  const corpus: SphinxCorpus = {
    name: 'fixture',
    label: 'fixture',
    aptPackage: 'none',
    folder,
    genindex: 'genindex.html',
    skipFolders: new Set(['_modules', '_static']),
    skipPages: /^(?:genindex.*|search)\.html$/,
  };

  it('lists its pages, gzipped ones too (once), without index, search, source or non-HTML files', () => {
    expect(listSphinxPages(corpus)).toEqual(['index.html', 'lib/alpha.html', 'lib/notes.html.gz']);
  });

  it('extracts each page under its path, without the sidebar', () => {
    const { records, files } = readSphinxCorpus(corpus);
    expect(files).toBe(3);
    expect(records.map((r) => [r.path, r.title])).toEqual([
      ['/index.html', 'Welcome'],
      ['/lib/alpha.html', 'Alpha'],
      ['/lib/notes.html', 'Notes'],
    ]);
    const text = records.flatMap((r) => r.sections.map((s) => s.text)).join(' ');
    expect(text).toContain('The spin function turns.');
    expect(text).not.toContain('Navigation words');
  });

  it('reads its general index against the pages it has', () => {
    const known = new Set(readSphinxCorpus(corpus).records.map((r) => r.path));
    expect(readGenindexEntries(corpus, known)).toEqual([
      {
        text: 'spin in module alpha',
        relevant: ['/lib/alpha.html'],
        targets: ['/lib/alpha.html#alpha.spin'],
      },
    ]);
  });
});

describe('known-item title queries', () => {
  const record = (path: string, title: string) => ({
    path,
    title,
    breadcrumb: [],
    hash: path,
    sections: [],
  });

  it('asks every page by its own title and leaves out titles two pages share', () => {
    const result = titleQueries([
      record('/a.html', 'Creating a New Account'),
      record('/b.html', 'Overview'),
      record('/c.html', 'overview '),
      record('/d.html', '—'),
    ]);
    expect(result.queries).toEqual([{ text: 'Creating a New Account', relevant: ['/a.html'] }]);
    expect(result.shared).toBe(2);
  });

  it('cuts the last word to at least three letters, and leaves short last words alone', () => {
    const always = (value: number) => () => value;
    expect(cutLastWord('Creating a New Account', always(0))).toBe('Creating a New Acc');
    expect(cutLastWord('Creating a New Account.', always(0.99))).toBe('Creating a New Accoun');
    expect(cutLastWord('Version 2.', always(0))).toBeUndefined();
    expect(cutLastWord('Tax', always(0))).toBeUndefined();
  });
});
