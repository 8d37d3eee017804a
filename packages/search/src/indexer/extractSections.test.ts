import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures';
import { BROKEN_PAGE } from '../../test/fixtures/malformedPages';
import { addHeadingIds } from './addHeadingIds';
import { extractSections } from './extractSections';

const allText = (page: ReturnType<typeof extractSections>) =>
  [page.title, ...page.sections.flatMap((s) => [s.heading, s.text])].join(' ');

describe('extractSections on a Flare topic', () => {
  const page = extractSections(fixture('flare/Content/Overview.htm'), {
    path: '/Content/Overview.htm',
    breadcrumb: ['Platform'],
  });

  it('takes the title from the main heading and keeps the given breadcrumb', () => {
    expect(page.title).toBe('Platform Overview');
    expect(page.breadcrumb).toEqual(['Platform']);
    expect(page.indexable).toBe(true);
  });

  it('indexes only the main content region', () => {
    const text = allText(page);
    expect(text).toContain('protects workloads across clusters');
    for (const word of [
      'Topmenuword',
      'Sidenavword',
      'searchboxword',
      'Crumbshellword',
      'Footerword',
      'scriptword',
      'stylesheetword',
      'Ignoredword',
      'Unsearchableword',
      'Noscriptword',
    ]) {
      expect(text).not.toContain(word);
    }
  });

  it('starts a section at every heading, with anchors from ids, bookmarks or the ids publishing adds', () => {
    const published = extractSections(addHeadingIds(fixture('flare/Content/Overview.htm')), {
      path: '/Content/Overview.htm',
    });
    expect(published.sections.map((s) => [s.heading, s.anchor])).toEqual([
      ['', ''],
      ['Protection jobs', 'ProtectionJobs'],
      ['Snapshots', 'Snapshots'],
      ['Retention rules', 'retention-rules'],
      ['Retention rules', 'retention-rules-2'],
    ]);
    expect(page.sections[1]?.text).toBe('A protection job runs a backup policy on a schedule.');
  });

  it('links a heading without an anchor to the nearest anchor above it on a page not yet published', () => {
    expect(page.sections.map((s) => [s.heading, s.anchor])).toEqual([
      ['', ''],
      ['Protection jobs', 'ProtectionJobs'],
      ['Snapshots', 'Snapshots'],
      ['Retention rules', 'Snapshots'],
      ['Retention rules', 'Snapshots'],
    ]);
  });

  it('gives the same anchors every time', () => {
    const again = extractSections(fixture('flare/Content/Overview.htm'), {
      path: '/Content/Overview.htm',
    });
    expect(again.sections.map((s) => s.anchor)).toEqual(page.sections.map((s) => s.anchor));
  });

  it('builds the breadcrumb from the folder path when no TOC trail is given', () => {
    const loose = extractSections(fixture('flare/Content/Guides/Not_In_Toc.htm'), {
      path: '/Content/Guides/Not_In_Toc.htm',
    });
    expect(loose.breadcrumb).toEqual(['Guides']);
    // Slug hyphens become spaces also after a word's combining mark (the ा of स्थापना).
    const hindi = extractSections('<h1>x</h1>', {
      path: `/${encodeURIComponent('स्थापना-गाइड')}/Set_up-steps/page.htm`,
    });
    expect(hindi.breadcrumb).toEqual(['स्थापना गाइड', 'Set up steps']);
  });

  it('marks a page flagged data-mc-searchable="False" as not indexable', () => {
    const hidden = extractSections(fixture('flare/Content/Admin/Private.htm'), {
      path: '/Content/Admin/Private.htm',
    });
    expect(hidden.indexable).toBe(false);
    expect(hidden.sections).toEqual([]);
  });
});

describe('extractSections on Sphinx output', () => {
  const page = extractSections(fixture('sphinx/library/textwrap.html'), {
    path: '/library/textwrap.html',
  });

  it('reads div[role=main], drops the related bar, sidebar, footer and pilcrows', () => {
    expect(page.title).toBe('textwrap — Text wrapping and filling');
    const text = allText(page);
    expect(text).not.toMatch(/Relatedbarword|Sidebarword|Footerdivword|¶/);
  });

  it('makes API entries (definition terms with ids) sections of their own', () => {
    const byAnchor = new Map(page.sections.map((s) => [s.anchor, s]));
    expect(byAnchor.get('textwrap.wrap')?.heading).toBe('textwrap.wrap(text)');
    expect(byAnchor.get('textwrap.wrap')?.text).toContain('Wraps the single paragraph');
    expect(byAnchor.get('textwrap.A')?.heading).toBe('textwrap.A / textwrap.ALIGN');
    // What Sphinx calls the entry, where the page does not show it, starts its text.
    expect(byAnchor.get('textwrap.TextWrapper.width')?.text).toBe(
      'attribute Maximum length of wrapped lines.',
    );
    expect(byAnchor.get('textwrap.TextWrapper')?.text).toContain('More about the class itself.');
  });

  it('takes heading anchors from the enclosing section element', () => {
    const headings = page.sections.filter((s) => s.heading === 'TextWrapper objects');
    expect(headings.map((s) => s.anchor)).toEqual(['textwrapper-objects']);
  });

  it('keeps text after an entry list in the enclosing section and plain glossaries inline', () => {
    expect(page.sections[0]?.text).toContain(
      'Text after the entries belongs to the page top again.',
    );
    const glossary = page.sections.find((s) => s.anchor === 'glossary-terms');
    expect(glossary?.text).toContain('line A run of characters ending in a newline.');
  });
});

describe('extractSections on DocBook and generic HTML', () => {
  it('reads DocBook chunks: title element, bookmark anchors, no navigation shells', () => {
    const page = extractSections(fixture('docbook/ch02.html'), { path: '/ch02.html' });
    expect(page.title).toBe('Chapter 2. Installing the Agent');
    expect(page.sections.map((s) => s.anchor)).toEqual([
      'install',
      'install-linux',
      'install-windows',
    ]);
    expect(allText(page)).not.toMatch(/Prevnavword|Nextnavword/);
  });

  it('reads the topic around a chapter title that title-page shells wrap alone', () => {
    // DocBook wraps a glossary's or chapter's <h1> in div.titlepage > div > div, with nothing
    // else in them: the topic is the element around those shells, not the heading's parent.
    const page = extractSections(
      '<html><head><title>Glossary</title></head><body>' +
        '<div class="navheader"><a href="prev.html">Prev</a></div>' +
        '<div class="glossary"><div class="titlepage"><div><div>' +
        '<h1 class="title"><a id="glossary"></a>Glossary</h1></div></div></div>' +
        '<a id="idx1" class="indexterm"></a><dl>' +
        '<dt><a id="glossary-dither"></a><span class="glossterm">Dither</span></dt>' +
        '<dd class="glossdef"><p>Mixing two inks to fake a third.</p></dd>' +
        '<dt><a id="glossary-gamut"></a><span class="glossterm">Gamut</span></dt>' +
        '<dd class="glossdef"><p>The colours a device can show.</p></dd>' +
        '</dl></div></body></html>',
      { path: '/glossary.html' },
    );
    expect(page.title).toBe('Glossary');
    expect(page.sections.map((s) => [s.heading, s.anchor, s.text])).toEqual([
      ['Dither', 'glossary-dither', 'Mixing two inks to fake a third.'],
      ['Gamut', 'glossary-gamut', 'The colours a device can show.'],
    ]);
    const themed = extractSections(
      '<html><body><header><h1>Install</h1></header>' +
        '<article><p>Unpack the archive.</p><h2 id="next">Next steps</h2><p>Sign in.</p></article>' +
        '</body></html>',
      { path: '/install.html' },
    );
    expect(themed.sections.map((s) => s.text)).toEqual(['Unpack the archive.', 'Sign in.']);
  });

  it("leaves out a back-of-book index's entries and keeps its title", () => {
    const docBook = extractSections(
      '<html><body><div class="index"><div class="titlepage"><h1 class="title">Index</h1></div>' +
        '<div class="index"><div class="indexdiv"><h3>B</h3><dl>' +
        '<dt>Blur, <a class="indexterm" href="blur.html">Blur Filters</a></dt>' +
        '</dl></div></div></div></body></html>',
      { path: '/ix01.html' },
    );
    expect(docBook.title).toBe('Index');
    expect(allText(docBook).trim()).toBe('Index');
    const sphinx = extractSections(
      '<html><body><div role="main"><h1 id="index">Index</h1>' +
        '<table class="indextable genindextable"><tr><td><ul>' +
        '<li><a href="lib/blur.html#blur">blur() (in module paint)</a></li></ul></td></tr></table>' +
        '<table class="indextable modindextable"><tr><td><a href="lib/paint.html">paint</a></td>' +
        '<td><em>Painting helpers</em></td></tr></table></div></body></html>',
      { path: '/genindex.html' },
    );
    expect(sphinx.title).toBe('Index');
    expect(allText(sphinx).trim()).toBe('Index');
  });

  it('reads <main> of a generic page and leaves out its header and footer', () => {
    const page = extractSections(addHeadingIds(fixture('generic/page.html')), {
      path: '/page.html',
    });
    expect(page.title).toBe('Release Notes');
    expect(page.sections.map((s) => s.anchor)).toEqual(['release-notes', 'fixed', 'known-issues']);
    expect(allText(page)).not.toMatch(/Headernavword|Pagefooterword/);
  });
});

describe('extractSections on malformed HTML', () => {
  it('indexes what a browser would show and reports the damage', () => {
    const page = extractSections(BROKEN_PAGE, { path: '/broken.html' });
    expect(page.indexable).toBe(true);
    const text = allText(page);
    expect(text).toContain('brokenword');
    expect(text).toContain('survivorword');
    expect(text).toContain('laterword');
    expect(page.sections.some((s) => s.anchor === 'later')).toBe(true);
    expect(page.warnings.join(' ')).toMatch(
      /malformed HTML: \d+ nesting problem\(s\), first unclosed <b> at line 1/,
    );
  });

  it('survives empty and binary input', () => {
    expect(extractSections('', { path: '/empty.html' }).sections).toEqual([]);
    const junk = extractSections(new Uint8Array([0, 255, 1, 60, 62, 0]), { path: '/junk.html' });
    expect(junk.indexable).toBe(true);
  });
});

describe('extractSections on a theme with the site name in an <h1> link', () => {
  it('takes the topic heading, not the header link, as title and main region', () => {
    const page = extractSections(
      '<html><body><div id="hd"><h1><a href="../index.html">Sitename docs</a></h1>' +
        '<div class="nav"><a href="../index.html" accesskey="U">up</a></div></div>' +
        '<div id="bd"><div class="section" id="s-routing"><h1>Routing</h1><p>Paths map to views.</p>' +
        '<div class="section" id="s-converters"><h2>Converters</h2><p>Converters parse segments.</p>' +
        '</div></div></div></body></html>',
      { path: '/topics/routing.html' },
    );
    expect(page.title).toBe('Routing');
    expect(page.sections.map((s) => [s.heading, s.anchor])).toEqual([
      ['', ''],
      ['Converters', 's-converters'],
    ]);
    expect(allText(page)).not.toContain('Sitename');
  });

  it('drops zero-width characters instead of splitting words at them', () => {
    const page = extractSections('<h1>Roles</h1><p>administrable_role_\u200bauthorizations</p>', {
      path: '/roles.html',
    });
    expect(page.sections[0]?.text).toBe('administrable_role_authorizations');
  });
});

describe('extractSections on a search-results template', () => {
  const indexable = (attributes: string) =>
    extractSections(`<html><body><h1>Topic</h1><div ${attributes}>Words</div></body></html>`, {
      path: '/search.htm',
    }).indexable;

  it('leaves out a page with a results id or class in any case, among other classes', () => {
    for (const attributes of [
      'id="search-results"',
      'class="SearchResults"',
      'class="box\u00a0results-heading"',
      'class="a MCSearchResultsList b"',
      'class="日本語 search-RESULTS"',
    ]) {
      expect(indexable(attributes), attributes).toBe(false);
    }
  });

  it('keeps a page whose results list belongs to the search box of its navigation', () => {
    const page = extractSections(
      '<html><body><nav><div role="search"><input><ul id="search-results"></ul></div></nav>' +
        '<main><h1>Box</h1><p>Short.</p></main></body></html>',
      { path: '/Box.html' },
    );
    expect(page.indexable).toBe(true);
    expect(page.sections[0]?.text).toBe('Short.');
  });

  it('keeps a page whose content says much more than a results list', () => {
    const words = 'A paragraph of the topic itself. '.repeat(20);
    const page = extractSections(
      `<html><body><div id="search-results"></div><h1>Topic</h1><p>${words}</p></body></html>`,
      { path: '/topic.html' },
    );
    expect(page.indexable).toBe(true);
  });

  it("keeps a page whose frame holds a hidden results list outside its <main> (mdBook's)", () => {
    const frame =
      '<div id="search-wrapper" class="hidden"><div id="searchresults-outer" class="searchresults-outer hidden">' +
      '<ul id="searchresults"></ul></div></div>';
    const read = (main: string) =>
      extractSections(`<html><body>${frame}<main>${main}</main></body></html>`, {
        path: '/x.html',
      });
    expect(read('<h1 id="firing">Firing</h1><p>Candle overnight.</p>').indexable).toBe(true);
    // A results list inside the landmark is the page's own: a template.
    expect(read('<h1>Search</h1><ul id="search-results"></ul>').indexable).toBe(false);
  });

  it('keeps a page whose classes only hold the word', () => {
    for (const attributes of ['class="results"', 'class="search-results-box"', 'class="x y"']) {
      expect(indexable(attributes), attributes).toBe(true);
    }
  });
});

describe('extractSections on a page header around the title', () => {
  const page = (html: string) => extractSections(html, { path: '/page.html' });

  it('reads what follows a header that holds less than it', () => {
    const read = page(
      '<body><div id="header"><h1>Tool Manual</h1><p>by A. Writer</p></div>' +
        '<div id="content"><h2 id="use">Usage</h2><p>Run the tool with a config file and a target folder.</p></div>' +
        '<div id="footer">Last updated yesterday</div></body>',
    );
    expect(read.title).toBe('Tool Manual');
    expect(read.sections.map((s) => s.heading)).toEqual(['', 'Usage']);
    expect(allText(read)).toContain('config file');
    expect(allText(read)).not.toContain('yesterday');
  });

  it('keeps a header that holds the topic as the region, without the elements after it', () => {
    const read = page(
      '<body><header class="page-header"><h1>Topic</h1><p>The whole topic is written inside the header of this page, at length.</p></header>' +
        '<div class="links">Elsewhere</div></body>',
    );
    expect(allText(read)).toContain('at length');
    expect(allText(read)).not.toContain('Elsewhere');
  });

  it('keeps the region of a title in an element that is no header', () => {
    const read = page(
      '<body><div class="article"><h1>Topic</h1><p>Short.</p></div>' +
        '<div class="rail">A long list of other pages that this theme shows beside every topic.</div></body>',
    );
    expect(allText(read)).toContain('Short');
    expect(allText(read)).not.toContain('other pages');
  });
});

describe('extractSections on a title with the manual name after it', () => {
  it('names the page by its first heading when the document title adds the manual', () => {
    const read = extractSections(
      '<html><head><title>Opening a handle (The Quill Manual)</title></head><body>' +
        '<h3>2.1 Opening a handle</h3><p>Handles hold state.</p></body></html>',
      { path: '/Opening.html' },
    );
    expect(read.title).toBe('Opening a handle');
  });

  it('keeps the document title when it is the heading, or names something else', () => {
    for (const [title, heading] of [
      ['1.2. Reconciling accounts', '1.2. Reconciling accounts'],
      ['Project: file.h File Reference', 'Function Documentation'],
    ]) {
      const read = extractSections(
        `<html><head><title>${title}</title></head><body><h2>${heading}</h2><p>Words.</p></body></html>`,
        { path: '/page.html' },
      );
      expect(read.title).toBe(title);
    }
  });
});

describe('extractSections on a title with the site or book name after it', () => {
  const titled = (title: string, frame: string) =>
    extractSections(
      `<html><head><title>${title}</title></head><body>${frame}` +
        '<main><h2>Appendix A: Cone Chart</h2><p>Cones bend at a set heat-work.</p></main></body></html>',
      { path: '/appendix-a.html' },
    ).title;

  it('leaves out the name the page shows outside its content', () => {
    expect(
      titled('A - Cone Chart - The Kiln Book', '<h1 class="menu-title">The Kiln Book</h1>'),
    ).toBe('A - Cone Chart');
    expect(titled('Cone Chart | Kiln', '<div class="top"><a href="."> Kiln </a></div>')).toBe(
      'Cone Chart',
    );
  });

  it('reads a long title from its end, and no name of over 200 characters', () => {
    const head = `Cone Chart${' - part'.repeat(20000)}`;
    const frame = '<h1 class="menu-title">The Kiln Book</h1>';
    expect(titled(`${head} - The Kiln Book`, frame)).toBe(head);
    const long = 'K'.repeat(201);
    expect(titled(`Cone Chart - ${long}`, `<h1>${long}</h1>`)).toBe(`Cone Chart - ${long}`);
  });

  it('keeps a title whose last part is shown only in the content, or nowhere', () => {
    expect(titled('Reference - Cone Chart', '')).toBe('Reference - Cone Chart');
    expect(
      extractSections(
        '<html><head><title>Charts - Cones</title></head><body><main><h2>Heat</h2><p>Cones</p></main></body></html>',
        { path: '/c.html' },
      ).title,
    ).toBe('Charts - Cones');
  });
});

describe('extractSections on rustdoc entries', () => {
  const page = extractSections(
    '<main><h1 class="fqn"><span class="in-band">Struct <a class="struct" href="#">Kiln</a>' +
      '<button id="copy-path">copy</button></span></h1>' +
      '<span class="out-of-band"><a class="srclink" href="s.html">source</a></span>' +
      '<p>A kiln.</p><h2 id="fields">Fields</h2>' +
      '<span id="structfield.shelves" class="structfield"><a class="anchor field" href="#structfield.shelves"></a>' +
      '<code>shelves: u8</code></span><div class="docblock"><p>Shelf count.</p></div>' +
      '<span id="structfield.ohms" class="structfield"><code>ohms: f32</code></span>' +
      '<section id="method.fire" class="method"><span class="rightside">1.0 · <a class="srclink" href="s.html">source</a></span>' +
      '<a href="#method.fire" class="anchor"></a><h4 class="code-header">pub fn <a href="#method.fire" class="fnname">fire</a>(&amp;self) -&gt; Firing' +
      '<span class="notable-traits">ⓘ Notable traits for Firing</span></h4></section>' +
      '<div class="docblock"><p>Fires.</p></div>' +
      '<section id="method.clone" class="method trait-impl"><h4 class="code-header">fn ' +
      '<a href="../std/clone/trait.Clone.html#tymethod.clone" class="fnname">clone</a>(&amp;self) -&gt; Kiln</h4></section>' +
      '<div class="docblock">Copies.</div></main>',
    { path: '/struct.Kiln.html' },
  );

  it('makes each field a section defining its name, and links methods to their entries, defining their own', () => {
    expect(page.title).toBe('Struct Kiln');
    expect(page.sections.map((s) => [s.anchor, s.heading, s.definitions ?? [], s.text])).toEqual([
      ['', '', [], 'A kiln.'],
      ['fields', 'Fields', [], ''],
      ['structfield.shelves', 'shelves: u8', ['shelves'], 'Shelf count.'],
      ['structfield.ohms', 'ohms: f32', ['ohms'], ''],
      ['method.fire', 'fire(&self)', ['fire'], 'pub fn -> Firing Fires.'],
      ['method.clone', 'clone(&self)', [], 'fn -> Kiln Copies.'],
    ]);
  });

  it('heads a method by its name, generics and parameters, its qualifiers and return type in text', () => {
    const method = extractSections(
      '<main><h1>Struct Shelf</h1><details class="rustdoc-toggle method-toggle" open><summary>' +
        '<section id="method.get_unchecked" class="method"><h4 class="code-header">pub const unsafe fn ' +
        '<a href="#method.get_unchecked" class="fn">get_unchecked</a>&lt;I: Index&gt;(&amp;self, at: (I, u8)) ' +
        '-&gt; &amp;I::Output <span class="where">where I: Copy</span></h4></section></summary>' +
        '<div class="docblock"><p>Reads a slot.</p></div></details></main>',
      { path: '/struct.Shelf.html' },
    ).sections.find((s) => s.anchor === 'method.get_unchecked');
    expect(method?.heading).toBe('get_unchecked<I: Index>(&self, at: (I, u8))');
    expect(method?.definitions).toEqual(['get_unchecked']);
    expect(method?.text).toBe('pub const unsafe fn -> &I::Output where I: Copy Reads a slot.');
  });
});

describe('extractSections on API entries', () => {
  it('counts the name an anchored entry defines as a definition of its section', () => {
    const page = extractSections(
      '<main><h1>Handles</h1><dl class="def"><dt id="index-quill_005fopen"><span class="category">Function: </span>' +
        '<em>int</em> <strong>quill_open</strong> <em>(quill_t *q)</em></dt><dd><p>Opens.</p></dd></dl>' +
        '<dl class="py function"><dt class="sig" id="ink.blot"><span class="sig-prename">ink.</span>' +
        '<span class="sig-name">blot</span>(<em>pad</em>)</dt><dd><p>Blots.</p></dd></dl>' +
        '<dl><dt>Not an entry(x)</dt><dd><p>No anchor.</p></dd></dl></main>',
      { path: '/handles.html' },
    );
    expect(page.sections.map((s) => [s.heading, s.definitions ?? []])).toEqual([
      ['', []],
      ['Function: int quill_open (quill_t *q)', ['quill_open']],
      ['ink.blot(pad)', ['ink.blot']],
    ]);
  });

  it('counts the module a Sphinx module target names as a definition of its section', () => {
    const page = extractSections(
      '<div role="main"><section id="module-harbor.agents"><h1>Installing agents</h1>' +
        '<p>Agents run on every node.</p><section id="tls"><h2>TLS</h2>' +
        '<span id="module-harbor.agents.tls"></span><p>Certificates.</p></section>' +
        '<section id="module-harbor.pipes"><h2>Pipes</h2><p>Pipelines.</p></section>' +
        '<section id="module-federation"><h2 id="module-bundling">Module bundling</h2>' +
        '<span id="module-x"><b>not empty</b></span><p>Bundles.</p></section></section></div>',
      { path: '/guide/agents.html' },
    );
    // Each starts with what Sphinx calls it, which the page does not say.
    expect(page.sections.map((s) => [s.heading, s.definitions ?? [], s.text])).toEqual([
      ['', ['harbor.agents'], 'module Agents run on every node.'],
      ['TLS', ['harbor.agents.tls'], 'module Certificates.'],
      ['Pipes', ['harbor.pipes'], 'module Pipelines.'],
      // A heading's own id and a target holding content are no module targets; a section's is.
      ['Module bundling', ['federation'], 'module not empty Bundles.'],
    ]);
  });

  it('makes each anchored row of a one-cell function table an entry of its own', () => {
    const row = (signature: string, description: string) =>
      `<tr><td class="func_table_entry"><p class="func_signature">${signature}</p><p>${description}</p></td></tr>`;
    const page = extractSections(
      '<main><h1>Kiln functions</h1><div class="sect1"><h2 id="kiln-fn">1. Kiln functions</h2>' +
        '<p>Functions of the kiln.</p><table><thead><tr><th>Function</th></tr></thead><tbody>' +
        row(
          '<a id="ix-heat" class="indexterm"></a><code class="function">kiln_heat</code> ( <code>cone</code> integer ) → <code>numeric</code>',
          'Temperature of a cone.',
        ) +
        row(
          '<a id="ix-kiln" class="indexterm"></a><code class="function">current_kiln</code> → <code>name</code>',
          'The kiln in use.',
        ) +
        row('<code class="function">kiln_cool</code> ( )', 'Cools the kiln (no anchor).') +
        '</tbody></table><p>Every function reads the kiln log.</p></div></main>',
      { path: '/kiln-functions.html' },
    );
    expect(page.sections.map((s) => [s.anchor, s.heading, s.text, s.definitions ?? []])).toEqual([
      ['kiln-fn', '1. Kiln functions', 'Functions of the kiln. Function', []],
      ['ix-heat', 'kiln_heat', '( cone integer ) → numeric Temperature of a cone.', ['kiln_heat']],
      // A row without an anchor is read in the entry above it; after the table, the section the
      // table is in goes on.
      [
        'ix-kiln',
        'current_kiln',
        '→ name The kiln in use. kiln_cool ( ) Cools the kiln (no anchor).',
        ['current_kiln', 'kiln_cool'],
      ],
      ['kiln-fn', '1. Kiln functions', 'Every function reads the kiln log.', []],
    ]);
  });

  it('makes an anchored function row an entry beside short values, not beside prose', () => {
    // PostgreSQL's aggregate functions add a "Partial Mode" column of `Yes` and `No`.
    const row = (id: string, name: string, aside: string) =>
      `<tr><td class="func_table_entry"><p class="func_signature"><a id="${id}" class="indexterm"></a>` +
      `<code class="function">${name}</code> ( <code>numeric</code> ) → <code>numeric</code></p>` +
      `<p>Averages the firings.</p></td><td>${aside}</td></tr>`;
    const page = extractSections(
      '<main><h1>Kiln aggregates</h1><div class="sect1"><h2 id="kiln-agg">2. Kiln aggregates</h2>' +
        '<table><thead><tr><th>Function</th><th>Partial Mode</th></tr></thead><tbody>' +
        row('ix-avg', 'kiln_avg', 'Yes') +
        row('ix-notes', 'kiln_notes', 'A cell of prose is a column of its own, not a value.') +
        '</tbody></table></div></main>',
      { path: '/kiln-aggregates.html' },
    );
    // A row beside prose is no entry: it is read in the entry above, as a row without an anchor.
    expect(page.sections.map((s) => [s.anchor, s.heading])).toEqual([
      ['kiln-agg', '2. Kiln aggregates'],
      ['ix-avg', 'kiln_avg'],
    ]);
    expect(page.sections[1]?.text).toMatch(
      /^\( numeric \) → numeric Averages the firings\. Yes kiln_notes/,
    );
  });

  it('goes on with the section an admonition box sits in after the box', () => {
    const page = extractSections(
      '<main><h1>Firing</h1><div class="sect1"><h2 id="glazing">2. Glazing</h2>' +
        '<p>Glaze after the bisque firing.</p>' +
        '<div class="note"><h3 class="title">Note</h3><p>Wet glaze runs in the kiln.</p></div>' +
        '<p>Let the glaze dry for a day.</p>' +
        // A box titled by a paragraph (Sphinx) heads no section: nothing to resume.
        '<div class="admonition tip"><p class="admonition-title">Tip</p><p>Wax the foot.</p></div>' +
        '<p>Then fire again.</p></div></main>',
      { path: '/firing.html' },
    );
    expect(page.sections.map((s) => [s.anchor, s.heading, s.text])).toEqual([
      ['glazing', '2. Glazing', 'Glaze after the bisque firing.'],
      // The box without an anchor of its own links to the section's.
      ['glazing', 'Note', 'Wet glaze runs in the kiln.'],
      ['glazing', '2. Glazing', 'Let the glaze dry for a day. Tip Wax the foot. Then fire again.'],
    ]);
  });

  it("heads a DocBook parameter's entry by its name, its data type in the text", () => {
    const entry = (id: string, term: string) =>
      `<dt id="${id}"><span class="term">${term} <a id="ix-${id}" class="indexterm"></a></span></dt>` +
      `<dd><p>Sets ${id}.</p></dd>`;
    const page = extractSections(
      '<main><h1>Kiln settings</h1><div class="variablelist"><dl class="variablelist">' +
        entry(
          'GUC-KILN-HEAT',
          '<code class="varname">kiln_heat</code> (<code class="type">integer</code>)',
        ) +
        entry(
          'RELOPTION-SOAK',
          '<code class="literal">soak_time</code>, <code class="literal">glaze.soak_time</code> (<code class="type">floating point</code>)',
        ) +
        entry('GUC-TYPE-NOT-LAST', '<code class="type">text</code> values (x)') +
        entry('GUC-PLAIN', '<code class="varname">cone_rating</code> (enum)') +
        '</dl></div></main>',
      { path: '/kiln-settings.html' },
    );
    expect(page.sections.map((s) => [s.heading, s.text, s.definitions ?? []])).toEqual([
      ['kiln_heat', 'integer Sets GUC-KILN-HEAT.', ['kiln_heat']],
      [
        'soak_time, glaze.soak_time',
        'floating point Sets RELOPTION-SOAK.',
        ['soak_time, glaze.soak_time'],
      ],
      ['text values (x)', 'Sets GUC-TYPE-NOT-LAST.', ['values']],
      ['cone_rating (enum)', 'Sets GUC-PLAIN.', ['cone_rating']],
    ]);
  });

  it('leaves out the highlighted sources rustdoc writes beside the documentation', () => {
    const indexable = (bodyClass: string) =>
      extractSections(
        `<html><body class="${bodyClass}"><main><h1>lib.rs</h1>` +
          '<pre>pub struct Pad; impl Pad { pub fn blot(&self) {} }</pre></main></body></html>',
        { path: 'src/ink/lib.rs.html' },
      ).indexable;
    expect(indexable('rustdoc src')).toBe(false);
    expect(indexable('rustdoc source')).toBe(false);
    expect(indexable('rustdoc struct')).toBe(true);
    expect(indexable('source')).toBe(true);
  });

  it("leaves out the site's not-found page at its top, not a page deeper or named otherwise", () => {
    const indexable = (path: string) =>
      extractSections('<html><body><main><h1>404</h1><p>Page not found.</p></main></body></html>', {
        path,
      }).indexable;
    expect(indexable('/404.html')).toBe(false);
    expect(indexable('404.htm')).toBe(false);
    expect(indexable('/errors/404.html')).toBe(true);
    expect(indexable('/http-404.html')).toBe(true);
  });

  it("qualifies a method's or option's name as its anchor does, the class or program named only there", () => {
    const page = extractSections(
      '<main><h1>ink</h1><dl class="py class"><dt class="sig" id="ink.Pad"><em>class</em> ' +
        '<span class="sig-prename">ink.</span><span class="sig-name">Pad</span></dt><dd><p>A pad.</p>' +
        '<dl class="py method"><dt class="sig" id="ink.Pad.blot"><span class="sig-name">blot</span>(<em>x</em>)</dt>' +
        '<dd><p>Blots.</p></dd></dl>' +
        '<dl class="py method"><dt class="sig" id="index-0"><span class="sig-name">dab</span>()</dt>' +
        '<dd><p>Dabs.</p></dd></dl></dd></dl>' +
        '<dl class="std cmdoption"><dt class="sig" id="cmdoption-ink-tool-dry-run">' +
        '<span class="sig-name">--dry-run</span></dt><dd><p>Tries.</p></dd></dl>' +
        '<dl class="std cmdoption"><dt class="sig" id="cmdoption-ink-tool-n">' +
        '<span class="sig-name">-n</span></dt><dd><p>Counts.</p></dd></dl>' +
        '<dl class="std inkcommand"><dt class="sig" id="inkcommand-soak">' +
        '<span class="sig-name">soak</span></dt><dd><p>Soaks.</p></dd></dl>' +
        '<dl class="ink-tool-option"><dt id="cmdoption-soak-wet">' +
        '<code>--wet</code></dt><dd><p>Wets.</p></dd></dl></main>',
      { path: '/ink.html' },
    );
    expect(page.sections.map((s) => [s.anchor, s.definitions ?? [], s.text])).toEqual([
      ['ink.Pad', ['ink.Pad'], 'class A pad.'],
      ['ink.Pad.blot', ['ink.Pad.blot'], 'method Blots.'],
      ['index-0', ['dab'], 'method Dabs.'],
      ['cmdoption-ink-tool-dry-run', ['ink-tool --dry-run'], 'command line option Tries.'],
      // A one-letter flag is the option's name too.
      ['cmdoption-ink-tool-n', ['ink-tool -n'], 'command line option Counts.'],
      // A kind of entry the project defines is not named.
      ['inkcommand-soak', ['soak'], 'Soaks.'],
      // Unless it is an option of Sphinx's by its id (Django's `django-admin-option`).
      ['cmdoption-soak-wet', ['soak --wet'], 'command line option Wets.'],
    ]);
  });

  it('heads a signature by its name and parameters, what it is and returns said in its text', () => {
    const page = extractSections(
      '<main><h1>ink</h1><dl class="py class"><dt class="sig sig-object py" id="ink.Pad">' +
        '<em class="property"><span class="pre">class</span><span class="w"> </span></em>' +
        '<span class="sig-prename descclassname">ink.</span><span class="sig-name descname">Pad</span>' +
        '(<em class="sig-param">size=0</em>)<a class="reference internal" href="_modules/ink.html#Pad">' +
        '<span class="viewcode-link">[source]</span></a><a class="headerlink" href="#ink.Pad">¶</a></dt>' +
        '<dd><p>A pad.</p></dd></dl>' +
        '<dl class="py method"><dt class="sig sig-object py" id="ink.Pad.dry">' +
        '<em class="property">coroutine </em><span class="sig-name descname">dry</span>()' +
        '<span class="sig-return"><span class="sig-return-icon">→</span> ' +
        '<span class="sig-return-typehint">bool</span></span></dt><dd><p>Dries.</p></dd></dl>' +
        '<dl class="c function"><dt class="sig sig-object c" id="c.Ink_New">' +
        '<a class="reference internal" href="#c.Ink"><span class="n">Ink</span></a> *' +
        '<span class="sig-name descname">Ink_New</span>(<em>int</em> size)</dt><dd><p>Makes.</p></dd></dl>' +
        '<dl class="c type"><dt class="sig sig-object c" id="c.inkfunc">' +
        '<span class="k">typedef</span> int (*<span class="sig-name descname">inkfunc</span>)(Ink*)</dt>' +
        '<dd><p>Calls.</p></dd></dl></main>',
      { path: '/ink.html' },
    );
    expect(page.sections.map((s) => [s.heading, s.text, s.definitions ?? []])).toEqual([
      ['ink.Pad(size=0)', 'class A pad.', ['ink.Pad']],
      ['dry()', 'method coroutine → bool Dries.', ['ink.Pad.dry']],
      ['Ink_New(int size)', 'Ink * Makes.', ['Ink_New']],
      ['typedef int (*inkfunc)(Ink*)', 'Calls.', ['inkfunc']],
    ]);
  });

  it('reads a minor heading that is a label ("Returns:") as text of its section, a major one not', () => {
    const page = extractSections(
      '<main><h1>ink</h1><h4 class="name" id="blot">blot(pad)</h4><p>Blots.</p>' +
        '<h5>Returns:</h5><p>The pad.</p><h5 id="x">Type of pad:</h5><p>Felt.</p>' +
        '<h5>Returns the pad</h5><p>Dry.</p><h2>Options:</h2><p>None.</p></main>',
      { path: '/ink.html' },
    );
    expect(page.sections.map((s) => [s.heading, s.text])).toEqual([
      ['blot(pad)', 'Blots. Returns: The pad. Type of pad: Felt.'],
      ['Returns the pad', 'Dry.'],
      ['Options:', 'None.'],
    ]);
    expect(page.sections[0]?.definitions).toEqual(['blot']);
  });

  it('reads an anchor of over 200 characters as no qualified name', () => {
    const id = `${'ink.'.repeat(60)}blot`;
    const page = extractSections(
      `<main><h1>ink</h1><dl><dt id="${id}"><span class="sig-name">blot</span>()</dt><dd>Blots.</dd></dl></main>`,
      { path: '/ink.html' },
    );
    expect(page.sections.map((s) => s.definitions)).toEqual([['blot']]);
  });

  it('leaves out a page that only sends the reader elsewhere', () => {
    const page = extractSections(
      '<html><head><title>Moved</title><meta http-equiv="Refresh" content="0; url=new.html#here"></head>' +
        '<body><p>The page is now at <a href="new.html#here">its new place</a>.</p></body></html>',
      { path: '/old.html' },
    );
    expect(page.indexable).toBe(false);
  });
});

describe('extractSections on a Javadoc source or uses page', () => {
  const sourcePage = (description: string) =>
    '<html><head><title>Source code</title>' +
    `<meta name="description" content="${description}">` +
    '<meta name="generator" content="javadoc/SourceToHTMLConverter"></head>' +
    '<body class="source-page"><main role="main"><div class="source-container"><pre>' +
    '<span class="source-line-no">001</span><span id="line-1">package org.kiln;</span>\n' +
    '<span class="source-line-no">002</span><span id="line-2">public class Glaze {}</span>' +
    '</pre></div></main></body></html>';

  it("leaves out a page of the source view, as rustdoc's, or of uses: it repeats what the API pages say", () => {
    for (const description of [
      'source: package: org.kiln, class: Glaze',
      // A nested type's page, and a type in the unnamed package.
      'source: package: org.kiln, class: Glaze, enum: Finish',
      'source: interface: Kiln',
      // The pages of a type's uses (`class-use/`) and of a package's (`package-use.html`).
      'use: package: org.kiln, class: Glaze',
      'use: module: kiln.core, package: org.kiln, interface: Firing',
      'use: module: kiln.core, package: org.kiln',
    ]) {
      const page = extractSections(sourcePage(description), {
        path: '/src-html/org/kiln/Glaze.html',
      });
      expect(page.indexable, description).toBe(false);
      expect(page.sections, description).toEqual([]);
    }
  });

  it('keeps other pages whose description looks alike', () => {
    for (const description of [
      'declaration: package: org.kiln, class: Glaze',
      'source: kilns',
      'use: kilns and glazes',
    ]) {
      const page = extractSections(sourcePage(description), { path: '/Glaze.html' });
      expect(page.indexable, description).toBe(true);
      expect(page.title, description).toBe('Source code');
      expect(allText(page), description).toContain('public class Glaze');
    }
  });
});

describe('extractSections on a Javadoc type page', () => {
  const detail = (id: string, name: string, signature: string, text: string) =>
    `<section class="detail" id="${id}"><h3>${name}</h3>` +
    `<div class="member-signature">${signature}</div><div class="block">${text}</div></section>`;
  const typePage = (title: string) =>
    '<html><head><title>Door</title></head><body class="class-declaration-page">' +
    `<main role="main"><div class="header"><h1 title="${title}" class="title">${title}</h1></div>` +
    '<section class="details"><h2>Constructor Details</h2>' +
    detail('&lt;init&gt;()', 'Door', 'public Door()', 'Makes a door that opens to the kiln.') +
    '<h2>Method Details</h2>' +
    detail('open()', 'open', 'public void open()', 'Opens it.') +
    detail('close(int)', 'close', 'public void close(int latch)', 'Closes it.') +
    '</section></main></body></html>';

  it("defines each member's name qualified by its type, the constructor nothing more", () => {
    const page = extractSections(typePage('Class Kiln.Door'), { path: '/Kiln.Door.html' });
    expect(page.sections.map((s) => [s.heading, s.anchor, s.definitions ?? []])).toEqual([
      ['Constructor Details', '', []],
      ['Door', '<init>()', []],
      ['Method Details', '<init>()', []],
      ['open', 'open()', ['Kiln.Door.open']],
      ['close', 'close(int)', ['Kiln.Door.close']],
    ]);
  });

  it('qualifies nothing on a page that names no Java type', () => {
    const page = extractSections(typePage('Doors and latches'), { path: '/doors.html' });
    expect(page.sections.flatMap((s) => s.definitions ?? [])).toEqual([]);
  });
});
