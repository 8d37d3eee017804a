import { select } from 'cheerio-select';
import { type AnyNode, type Document, isTag } from 'domhandler';
import { removeElement } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import {
  extractionRulesKey,
  removeAll,
  removeThenSelect,
  selectAll,
  selectorProblem,
} from './extractionRules';
import { extractSections } from './extractSections';

/** A Docusaurus-like page whose chrome the built-in rules do not all recognise. */
const PAGE = `<!doctype html>
<html><head><title>Install | Example Docs</title></head>
<body>
  <main class="theme-layout">
    <div class="sidebar-shell">Sidebarword <a href="/docs/intro">Intro</a></div>
    <div class="main-wrapper">
      <div class="trail-bar">
        <a href="/docs/">Home</a> <span>›</span> <a href="/docs/setup/">Setup guides</a>
        <span>Install</span>
      </div>
      <div class="doc-title">Installing the agent</div>
      <article>
        <h1>Install</h1>
        <p>Run the installer with quillword as administrator.</p>
        <div class="theme-doc-toc-desktop">On this page tocword</div>
        <h2 id="verify">Verify</h2>
        <p>Check the service status.</p>
      </article>
      <div class="feedback-box">Was this page helpful? Feedbackword</div>
    </div>
  </main>
</body></html>`;

const PATH = '/docs/setup/install.html';
const text = (page: ReturnType<typeof extractSections>) =>
  page.sections.map((s) => `${s.heading} ${s.text}`).join(' ');

describe('selectorProblem', () => {
  it('accepts selectors the indexer can run', () => {
    for (const selector of [
      'article',
      '.theme-doc-toc-desktop',
      'main > .content, #topic',
      'nav[aria-label="Breadcrumbs"] li',
      'div:has(> h1)',
    ]) {
      expect(selectorProblem(selector), selector).toBeUndefined();
    }
  });

  it("applies jQuery's extensions to CSS as cheerio did", () => {
    const page = extractSections(PAGE, {
      path: PATH,
      rules: {
        main: 'article:first',
        exclude: ['p:contains("quillword")'],
        title: '.main-wrapper > div:eq(1)',
      },
    });
    expect(page.title).toBe('Installing the agent');
    expect(text(page)).not.toContain('quillword');
    expect(text(page)).toContain('Check the service status.');
    expect(page.warnings).toEqual([]);
  });

  it('names what is wrong with a selector it cannot run', () => {
    expect(selectorProblem('a[')).toMatch(/expected/i);
    expect(selectorProblem(':nosuchpseudo')).toMatch(/nosuchpseudo/);
    expect(selectorProblem('!!')).toBeDefined();
    expect(selectorProblem('   ')).toBe('empty');
  });
});

describe('extractionRulesKey', () => {
  it('is empty without rules and changes with every rule', () => {
    expect(extractionRulesKey(undefined)).toBe('');
    expect(extractionRulesKey({})).toBe('');
    expect(extractionRulesKey({ exclude: [] })).toBe('');
    const keys = [
      { main: 'article' },
      { main: 'main' },
      { exclude: ['.a'] },
      { exclude: ['.a', '.b'] },
      { title: 'h1' },
      { breadcrumb: '.trail' },
    ].map(extractionRulesKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('extractSections with a doc set’s rules', () => {
  const builtIn = extractSections(PAGE, { path: PATH, breadcrumb: ['From TOC'] });

  it('main: indexes only the matched element instead of the detected region', () => {
    expect(text(builtIn)).toContain('Sidebarword');
    expect(text(builtIn)).toContain('Feedbackword');
    const page = extractSections(PAGE, { path: PATH, rules: { main: 'article' } });
    expect(text(page)).toContain('quillword');
    expect(text(page)).not.toContain('Sidebarword');
    expect(text(page)).not.toContain('Feedbackword');
    expect(page.title).toBe('Install');
    expect(page.sections.map((s) => s.heading)).toEqual(['', 'Verify']);
  });

  it('main: joins several matched regions in document order, each once', () => {
    const page = extractSections(PAGE, {
      path: PATH,
      rules: { main: 'article, article p, .feedback-box' },
    });
    expect(text(page)).toContain('Feedbackword');
    expect(text(page).match(/quillword/g)).toHaveLength(1);
    expect(text(page)).not.toContain('Sidebarword');
  });

  it('main: falls back to the built-in detection with a warning when nothing matches', () => {
    const page = extractSections(PAGE, { path: PATH, rules: { main: '.no-such-region' } });
    expect(text(page)).toBe(text(builtIn));
    expect(page.warnings).toContain('extract.main matched nothing: built-in main content used');
  });

  it('exclude: removes every matched element before extraction', () => {
    expect(text(builtIn)).toContain('tocword');
    const page = extractSections(PAGE, {
      path: PATH,
      rules: { exclude: ['.theme-doc-toc-desktop', '.feedback-box'] },
    });
    expect(text(page)).not.toContain('tocword');
    expect(text(page)).not.toContain('Feedbackword');
    expect(text(page)).toContain('quillword');
  });

  it('title: takes the title from the matched element and leaves it out of the text', () => {
    expect(builtIn.title).toBe('Install');
    const page = extractSections(PAGE, { path: PATH, rules: { title: '.doc-title' } });
    expect(page.title).toBe('Installing the agent');
    expect(text(page)).not.toContain('Installing the agent');
    const missing = extractSections(PAGE, { path: PATH, rules: { title: '.nothing' } });
    expect(missing.title).toBe('Install');
  });

  it('breadcrumb: takes the trail from the matched links over the TOC trail', () => {
    expect(builtIn.breadcrumb).toEqual(['From TOC']);
    const page = extractSections(PAGE, {
      path: PATH,
      breadcrumb: ['From TOC'],
      rules: { breadcrumb: '.trail-bar' },
    });
    expect(page.breadcrumb).toEqual(['Home', 'Setup guides']);
    expect(text(page)).not.toContain('Setup guides');
    const links = extractSections(PAGE, { path: PATH, rules: { breadcrumb: '.trail-bar a' } });
    expect(links.breadcrumb).toEqual(['Home', 'Setup guides']);
  });

  it('breadcrumb: keeps the given trail when the rule finds no links', () => {
    const page = extractSections(PAGE, {
      path: PATH,
      breadcrumb: ['From TOC'],
      rules: { breadcrumb: '.doc-title' },
    });
    expect(page.breadcrumb).toEqual(['From TOC']);
    expect(page.warnings).toContain('extract.breadcrumb found no links: built-in breadcrumb used');
  });
});

/** Chrome in every shape the fast path for tag, id and class selectors must read as cheerio does. */
const CHROME = `<html><head><style class="nav">p {}</style></head><body>
<div id="hd" class="Nav top">Haut <div class="nav">inner <b class="nav">b</b></div></div>
<DIV CLASS="nav\u00a0wide">nbsp-separated</DIV>
<div class="nav\tside" id="sidebar"><p class="nav-item">日本語 <span class="é nav">é</span></p></div>
<section class="navigation"><div class="navs">not it</div><div class=" nav ">spaced</div></section>
<div id="ft" class="nav"><!-- c --><script class="nav">x</script><![CDATA[<div class="nav">]]></div>
<p id="HD">other case</p><p id="hd2">𝒳 surrogate pair</p><div class="">empty</div>
<main id="yui-main"><div class="nav foot">in main</div></main></body></html>`;

/** The elements of a DOM in document order, each as `name#id.class`, to compare two DOMs. */
function shape(nodes: readonly AnyNode[]): string[] {
  return nodes.flatMap((node) =>
    isTag(node)
      ? [
          `${node.name}#${node.attribs.id ?? ''}.${node.attribs.class ?? ''}`,
          ...shape(node.children),
        ]
      : 'children' in node
        ? shape(node.children)
        : [],
  );
}

describe('selectors of tag names, ids and classes', () => {
  const SELECTORS = [
    '#hd',
    '#HD',
    'div.nav',
    'DIV.nav',
    '.nav',
    '.Nav',
    'div.nav.top',
    '#hd.nav',
    'div#hd.Nav',
    'p',
    'script.nav',
    'style',
    '.nav-item',
    ' #sidebar , div.nav,#ft ',
    '.nav, div.nav',
    'main',
    '#yui-main',
    '.navs',
    '#nothing',
    // Not simple: these take cheerio-select's general path.
    'div .nav',
    '.é',
    'div:first',
    '[class~=nav]',
    '*',
  ];

  it('selects what cheerio-select selects, in the same order', () => {
    const root = parseDocument(CHROME);
    for (const selector of SELECTORS) {
      const general = select(selector, root.children, { context: [root], root });
      expect(selectAll(root, selector), selector).toEqual(general);
    }
  });

  it('removes in one walk what selector after selector removes', () => {
    const lists = [
      ['#sidebar', '#hd', '#ft', 'div.nav'],
      ['.nav', '#yui-main'],
      ['div.nav', 'div:first'],
      ['.é', 'p'],
    ];
    for (const selectors of lists) {
      const reference: Document = parseDocument(CHROME);
      for (const selector of selectors) {
        const matched = select(selector, reference.children, {
          context: [reference],
          root: reference,
        });
        for (const element of matched) removeElement(element);
      }
      const root = parseDocument(CHROME);
      removeAll(root, selectors);
      expect(shape(root.children), selectors.join(' ')).toEqual(shape(reference.children));
    }
  });

  it('selects in one walk, among what is left, what removing and then selecting gives', () => {
    const cases: Array<[string[], string]> = [
      [['#sidebar', '#hd', '#ft', 'div.nav'], '#yui-main'],
      [['#hd'], 'div.nav'],
      [['.nav'], 'div.nav'],
      [[], 'p'],
      [['div.nav', 'div:first'], 'p'],
      [['#sidebar'], 'div .nav'],
    ];
    for (const [exclude, selector] of cases) {
      const reference: Document = parseDocument(CHROME);
      removeAll(reference, exclude);
      const expected = selectAll(reference, selector);
      const root = parseDocument(CHROME);
      const found = removeThenSelect(root, exclude, selector);
      const label = `${exclude.join(' ')} | ${selector}`;
      expect(shape(root.children), label).toEqual(shape(reference.children));
      expect(shape(found), label).toEqual(shape(expected));
    }
  });
});
