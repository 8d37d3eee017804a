import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/fixtures';
import { createSearchEngine } from '../createSearchEngine';
import { addHeadingIds } from '../indexer/addHeadingIds';
import type { DocSetDescriptor, SearchEngine } from '../SearchEngine';
import { syncDocSet } from './syncDocSet';

/**
 * The fixture doc sets written like real Flare 12, Sphinx, DocBook, AsciiDoc and Asciidoctor,
 * Texinfo (makeinfo 6 and 7, texi2html 1.78), RDoc, Doxygen, mdBook, rustdoc, Haddock,
 * Docusaurus, TypeDoc and JSDoc output.
 */
const SETS = [
  'flare12',
  'sphinx-site',
  'docbook-site',
  'asciidoc-site',
  'texinfo-site',
  'texi2html-site',
  'rdoc-site',
  'doxygen-site',
  'mdbook-site',
  'rustdoc-site',
  'haddock-site',
  'docusaurus-site',
  'typedoc-site',
  'jsdoc-site',
] as const;

/** Words that appear only in the skin, chrome or parts marked not searchable of each fixture. */
const NOT_SEARCHABLE: Record<(typeof SETS)[number], string[]> = {
  flare12: [
    'Wayfinder',
    'Porcupine',
    'Lanternfish',
    'Quokka',
    'Kestrel',
    'Tangerine',
    'Plumtree',
    'Searchlantern',
    'Collapsed',
    'Expanded',
    'Icon',
    'Sasquatch',
    'Ocelot',
    'Narwhal',
    'Wolverine',
    'Yonder',
    'returned',
    'Abstract',
  ],
  // Sphinx's navigation, and the highlighted sources of its modules (`_modules/`, not listed).
  'sphinx-site': [
    'Flamingo',
    'Gondola',
    'Quicksilver',
    'Marzipan',
    'modules',
    'Navigation',
    'Zeppelinhub',
  ],
  'docbook-site': ['Prev', 'Home', 'Contents'],
  // AsciiDoc's footer, Asciidoctor's side table of contents.
  'asciidoc-site': ['updated', 'toctitle'],
  // makeinfo's Next/Previous/Up panels above every node.
  'texinfo-site': ['Next', 'Previous', 'Contents'],
  // texi2html's button bars above every node and section, and its credit line.
  'texi2html-site': ['Top', 'Contents', 'Index', 'generated', 'Wren', 'texi2html'],
  // RDoc's navigation (with the empty results list of its search box) and footer.
  'rdoc-site': ['Quick', 'Home', 'Generated', 'RDoc', 'click', 'toggle'],
  // Doxygen's footer, title area (project name and brief) and jump links.
  'doxygen-site': ['Generated', 'doxygen', 'ringlet', 'Tiny', 'Macros'],
  // mdBook's side table of contents (a part title), the book's name in the menu bar and at the
  // end of every document title.
  'mdbook-site': ['Workshop', 'Ledger', 'Kiln Handbook', 'Handbook'],
  // rustdoc's "source" links, "Run", the notable-traits pop-up, "Expand description", the logo,
  // the blanket implementations every type has (and their text), and its source pages (`src/`).
  'rustdoc-site': [
    'source',
    'Run',
    'Notable',
    'Expand',
    'logo',
    'Blanket',
    'untouched',
    'Stovepipe',
  ],
  // Haddock's package header, synopsis (the signatures again), instance labels and footer.
  'haddock-site': ['Synopsis', 'Contents', 'details', 'Produced', 'Haddock'],
  // Docusaurus's navbar, sidebars, "On this page", "Edit this page", "Last updated", previous/next
  // links, footer, and its blog listings (a tag's posts again, under "… tagged with …").
  'docusaurus-site': [
    'Kilnworks',
    'Quillwire',
    'Recent',
    'Edit',
    'updated',
    'Previous',
    'Copyright',
    'tagged',
  ],
  // TypeDoc's "Defined in kiln.ts:22" under every entry, the page's index of its members, its
  // toolbar (search "Preparing search index..."), settings, navigation and footer.
  'typedoc-site': ['Defined', 'Index', 'Preparing', 'Visibility', 'Loading', 'Generated'],
  // JSDoc's "Source: kiln.js, line 27" under every entry, the scope and return type beside each
  // name ("(async)", "→ {Promise.<void>}": the type is said again under Returns), its
  // navigation and footer.
  'jsdoc-site': ['Source', 'async', 'Home', 'Modules', 'JSDoc'],
};

/** A query each fixture doc set answers with sections that have anchors. */
const ANCHORED_QUERY: Record<(typeof SETS)[number], string> = {
  flare12: 'billing statement',
  'sphinx-site': 'agent',
  'docbook-site': 'entries',
  'asciidoc-site': 'shards',
  'texinfo-site': 'handle',
  'texi2html-site': 'tension',
  'rdoc-site': 'postage',
  'doxygen-site': 'ring_push',
  'mdbook-site': 'glaze',
  'rustdoc-site': 'kiln',
  'haddock-site': 'recipe',
  'docusaurus-site': 'glaze firing',
  'typedoc-site': 'witness cone',
  'jsdoc-site': 'witness cone',
};

let engine: SearchEngine;
let work: string;
/** A reader of every fixture doc set. */
const EVERYONE = { docSetIds: [...SETS] };

function descriptor(id: string): DocSetDescriptor {
  return {
    id,
    title: id,
    product: 'Fixture',
    version: '1.0',
    docType: 'User Guide',
    urlPrefix: `/docs/${id}`,
    folder: join(FIXTURES, id),
  };
}

async function search(q: string, reader = EVERYONE) {
  return engine.search(
    { q, product: [], version: [], docType: [], page: 1, pageSize: 50, explain: false },
    reader,
  );
}

async function hitFor(q: string, path: string) {
  const { hits } = await search(q);
  return hits.find((hit) => decodeURI(hit.url.split('?')[0] ?? '').endsWith(path));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'search-generators-'));
  engine = await createSearchEngine({ engine: 'sqlite', dataDir: work });
  for (const id of SETS) await syncDocSet(engine, descriptor(id));
});

afterAll(async () => {
  await engine.close();
  rmSync(work, { recursive: true, force: true });
});

describe('real generator structures', () => {
  it.each(SETS)('finds no word of the skin or of unsearchable parts of %s', async (id) => {
    // Asked of this doc set alone: another may say the word in its content.
    const reader = { docSetIds: [id] };
    for (const word of NOT_SEARCHABLE[id]) {
      const response = await search(word, reader);
      expect(
        response.hits.map((hit) => hit.url),
        word,
      ).toEqual([]);
      const { suggestions } = await engine.suggest({ q: word.slice(0, 5), limit: 20 }, reader);
      expect(
        suggestions.filter((s) => s.text.toLowerCase().includes(word.toLowerCase())),
        word,
      ).toEqual([]);
    }
  });

  it.each(SETS)('links every section of %s to an element of the published page', async (id) => {
    const { hits } = await search(ANCHORED_QUERY[id]);
    expect(hits.length).toBeGreaterThan(0);
    const all = await Promise.all(['a', 'the', 'of', 'and'].map((q) => search(q)));
    const urls = new Set(
      [...hits, ...all.flatMap((r) => r.hits)].flatMap((hit) => [
        hit.url,
        ...hit.sections.map((s) => s.url),
      ]),
    );
    let withAnchor = 0;
    for (const url of urls) {
      const [pathAndQuery, fragment] = url.split('#');
      if (fragment === undefined || !url.startsWith(`/docs/${id}/`)) continue;
      withAnchor++;
      const path = decodeURI(pathAndQuery?.split('?')[0] ?? '').replace(`/docs/${id}`, '');
      const served = addHeadingIds(readFileSync(join(FIXTURES, id, path)));
      const $ = load(served.toString('utf8'));
      const name = decodeURIComponent(fragment);
      const found = $('[id]')
        .toArray()
        .some((el) => el.attribs.id === name)
        ? true
        : $('a[name]')
            .toArray()
            .some((el) => el.attribs.name === name);
      expect(found, url).toBe(true);
    }
    expect(withAnchor).toBeGreaterThan(0);
  });

  it('keeps the alt text of content images and the text of drop-down heads searchable', async () => {
    expect(await hitFor('remittance stub', '/Content/Billing/Billing_Overview.htm')).toBeDefined();
    expect(await hitFor('timeline', '/Content/Billing/Billing_Cycles.htm')).toBeDefined();
  });

  it('joins words split by zero-width characters', async () => {
    const hit = await hitFor(
      'administrable_role_authorizations',
      '/Content/Billing/Billing_Overview.htm',
    );
    expect(hit?.snippet).toContain('administrable_role_');
    expect(hit?.snippet).not.toMatch(/administrable_role_\s/);
    expect(hit?.snippet).not.toContain('\u200b');
  });

  it('leaves out the search-results template topic and pages marked not searchable', async () => {
    expect(await hitFor('search', '/Content/Search_Results.htm')).toBeUndefined();
    expect(await hitFor('refund', '/Content/Billing/Draft_Refunds.htm')).toBeUndefined();
    for (const q of ['Searc', 'Refund D']) {
      const { suggestions } = await engine.suggest({ q, limit: 20 }, EVERYONE);
      expect(suggestions.filter((s) => s.kind === 'title').map((s) => s.text)).toEqual([]);
    }
  });

  it('takes breadcrumbs from the Flare 12 TOC in Data/, not from folders', async () => {
    expect((await hitFor('prorated', '/Content/Billing/Billing_Cycles.htm'))?.breadcrumb).toEqual([
      'Billing and Payments',
    ]);
    expect((await hitFor('waive', '/Content/Billing/Late_Fees.htm'))?.breadcrumb).toEqual([
      'Billing and Payments',
      'Collections',
    ]);
  });

  it('keeps the folder name as written for a page outside every TOC', async () => {
    expect(
      (await hitFor('downloadable', '/Content/W - Invoices/Invoice_Archive.htm'))?.breadcrumb,
    ).toEqual(['W - Invoices']);
  });

  it('takes Sphinx breadcrumbs from the related bar, without the root page', async () => {
    expect((await hitFor('musl', '/guide/agents.html'))?.breadcrumb).toEqual(['User guide']);
    expect((await hitFor('lockfile', '/guide/pipelines.html'))?.breadcrumb).toEqual(['User guide']);
    expect((await hitFor('outbound', '/guide/index.html'))?.breadcrumb).toEqual([]);
  });

  it('links a Sphinx member and a program option by the name its entry qualifies', async () => {
    // A method is headed `drain(timeout)` inside its class's entry, which says `drain` more
    // often; its id names the class. Read with that qualifier, its heading says both query
    // words, the class's heading one.
    const drain = await hitFor('drain harbor.coordinator.Backlog method', '/guide/api.html');
    expect(drain?.section).toBe('drain(timeout)');
    expect(drain?.sections[0]?.url).toMatch(/#harbor\.coordinator\.Backlog\.drain$/);
    // An option's entry is headed by its flags, one name of it each, and what it takes; its id
    // names the program, which only the text above the options says.
    const wait = await hitFor('harborctl --wait', '/guide/api.html');
    expect(wait?.section).toBe('-w <seconds> / --wait <seconds>');
    expect(wait?.sections[0]?.url).toMatch(/#cmdoption-harborctl-w$/);
    const quiet = await hitFor('harborctl --quiet', '/guide/api.html');
    expect(quiet?.sections[0]?.url).toMatch(/#cmdoption-harborctl-q$/);
    // The class itself is still the entry for its name.
    const backlog = await hitFor('harbor.coordinator.Backlog', '/guide/api.html');
    expect(backlog?.sections[0]?.url).toMatch(/#harbor\.coordinator\.Backlog$/);
  });

  it('reads the content after an AsciiDoc or Asciidoctor header, not only the header', async () => {
    // A man page: the title and its NAME line are in #header, the rest in #content.
    const options = await hitFor('prune', '/lumen-sync.html');
    expect(options?.title).toBe('lumen-sync(1) Manual Page');
    expect(options?.section).toBe('OPTIONS');
    expect(await hitFor('checksum', '/lumen-sync.html')).toBeDefined();
    // An article: a byline and a table of contents in #header.
    expect((await hitFor('legal hold', '/operator-guide.html'))?.section).toBe('2. Retention');
  });

  it('titles a Texinfo node by its name and leaves its navigation panel out', async () => {
    for (const [q, path, title] of [
      ['inkwell primes', '/Opening-a-handle.html', 'Opening a handle'],
      ['blotter', '/Closing-a-handle.html', 'Closing a handle'],
    ] as const) {
      const hit = await hitFor(q, path);
      expect(hit?.title, path).toBe(title);
      expect(hit?.snippet, path).not.toMatch(/Next:|Previous:|Up:/);
    }
    expect((await hitFor('quill_close', '/Closing-a-handle.html'))?.section).toBe(
      'Function: void quill_close (quill_t *q)',
    );
    // The index lists every function: only its title is searchable (makeinfo 6 and 7 tables).
    for (const q of ['quill_open', 'quill_reopen']) {
      expect(await hitFor(q, '/Function-Index.html'), q).toBeUndefined();
    }
    expect(await hitFor('function index', '/Function-Index.html')).toBeDefined();
    // The trail follows the Up links, the chapter titled by its name.
    expect((await hitFor('blotter', '/Closing-a-handle.html'))?.breadcrumb).toEqual(['Handles']);
    expect((await hitFor('writing surface', '/Handles.html'))?.title).toBe('Handles');
    // The stub makeinfo leaves for an anchor only sends the reader to the node.
    expect(await hitFor('quill_reopen', '/quill_005freopen.html')).toBeUndefined();
  });

  it('titles a texi2html node by its heading, which links to the table of contents', async () => {
    const chapter = await hitFor('bobbin', '/spindle_2.html');
    expect(chapter?.title).toBe('2. Winding Thread');
    expect(chapter?.snippet).not.toMatch(/\[|generated/);
    const section = await hitFor('knurl', '/spindle_2.html');
    expect(section?.section).toBe('2.1 Setting the Tension');
    expect(section?.sections[0]?.url).toMatch(/#SEC6$/);
  });

  it('titles a Doxygen page by the title above its contents, without the project name', async () => {
    expect((await hitFor('circular queue', '/ring__buffer_8h.html'))?.title).toBe(
      'ring_buffer.h File Reference',
    );
    // A related page: its first <h1> ("Introduction") heads a section, not the page.
    const intro = await hitFor('overwrite oldest', '/walkthrough.html');
    expect(intro?.title).toBe('Ring Walkthrough');
    expect(intro?.section).toBe('Introduction');
    expect((await hitFor('ring walkthrough', '/walkthrough.html'))?.title).toBe('Ring Walkthrough');
  });

  it('indexes pages whose search box holds an empty results list', async () => {
    const hit = await hitFor('cardboard', '/Parcel/Box.html');
    expect(hit?.title).toBe('class Parcel::Box');
    expect(await hitFor('tape', '/Parcel/Box.html')).toBeDefined();
  });

  it('makes each RDoc method and attribute a section, linked to its entry', async () => {
    for (const [q, heading, anchor] of [
      ['flaps', 'seal(tape)', 'method-i-seal'],
      ['prices postage', 'stamp(country)', 'method-i-stamp'],
      ['grams scales', 'weight[R]', 'attribute-i-weight'],
    ] as const) {
      const hit = await hitFor(q, '/Parcel/Box.html');
      expect(hit?.section, q).toBe(heading);
      expect(hit?.sections[0]?.url, q).toMatch(new RegExp(`#${anchor}$`));
    }
    // The method's name counts as defined by its entry: the entry leads for the bare name.
    const { hits } = await search('stamp', { docSetIds: ['rdoc-site'] });
    expect(hits[0]?.sections[0]?.url).toMatch(/#method-i-stamp$/);
  });

  it('indexes a short mdBook page, whose frame holds the book search results, hidden', async () => {
    const hit = await hitFor('quartz inversion', '/firing.html');
    expect(hit?.title).toBe('Firing');
    expect(hit?.sections[0]?.url).toMatch(/\/firing\.html(?:\?[^#]*)?#firing$/);
  });

  it('titles an mdBook page without an <h1> by its document title, less the book', async () => {
    const hit = await hitFor('pyrometric', '/appendix-a.html');
    expect(hit?.title).toBe('A - Cone Chart');
    expect(hit?.section).toBe('Appendix A: Cone Chart');
    const { suggestions } = await engine.suggest({ q: 'cone cha', limit: 8 }, EVERYONE);
    expect(suggestions[0]).toMatchObject({ kind: 'title', text: 'A - Cone Chart' });
  });

  it('links each rustdoc method and field to its entry, the name defined there', async () => {
    for (const [q, heading, anchor] of [
      ['pyrometer setpoint', 'fire(&mut self, cone: u8)', 'method.fire'],
      ['downdraft fumes', 'vent(&mut self, open: bool)', 'method.vent'],
      ['posts carry', 'shelves: u8', 'structfield.shelves'],
      ['terminal block', 'element_ohms: f32', 'structfield.element_ohms'],
    ] as const) {
      const hit = await hitFor(q, '/kiln/struct.Kiln.html');
      expect(hit?.title, q).toBe('Struct kiln::Kiln');
      expect(hit?.section, q).toBe(heading);
      expect(hit?.sections[0]?.url, q).toMatch(new RegExp(`#${anchor.replace('.', '\\.')}$`));
    }
    // Each field's name leads to its own entry.
    const { hits } = await search('element_ohms', { docSetIds: ['rustdoc-site'] });
    expect(hits[0]?.sections[0]?.url).toMatch(/#structfield\.element_ohms$/);
    // The trait implementations the type has are content; the blanket ones every type has not.
    expect((await hitFor('second kiln', '/kiln/struct.Kiln.html'))?.section).toBe('clone(&self)');
    // A method's heading is its name and parameters, as a Sphinx entry's; what it is (`pub fn`)
    // and returns are words of its text: a query naming the type it returns does not find it
    // by its heading.
    const fire = await hitFor('fire Firing', '/kiln/struct.Kiln.html');
    expect(fire?.sections[0]?.url).toMatch(/#method\.fire$/);
    expect(fire?.sections[0]?.snippet).toContain('Firing');

    // A method named as the query leads the page's sections, before one that only takes the
    // word as a parameter and a part of its name, however often its text says it.
    const coils = await hitFor('Kiln coils', '/kiln/struct.Kiln.html');
    expect(coils?.section).toBe('coils(&self)');
    expect(coils?.sections[0]?.url).toMatch(/#method\.coils$/);
  });

  it('makes each Haddock declaration a section, linked to it and defining its name', async () => {
    for (const [q, heading, anchor] of [
      ['proportion', 'scaleBatch :: Grams -> Recipe -> Recipe', 'v:scaleBatch'],
      ['slurry', 'specificGravity :: Recipe -> Grams -> Double', 'v:specificGravity'],
    ] as const) {
      const hit = await hitFor(q, '/Pottery-Glaze.html');
      expect(hit?.title, q).toBe('Pottery.Glaze');
      expect(hit?.section, q).toBe(heading);
      expect(hit?.sections[0]?.url, q).toMatch(new RegExp(`#${anchor}$`));
    }
    // The index of every identifier is not an answer for any of them.
    const { hits } = await search('specificGravity', { docSetIds: ['haddock-site'] });
    expect(hits.map((hit) => hit.sections[0]?.url.replace(/\?[^#]*/, ''))).toEqual([
      '/docs/haddock-site/Pottery-Glaze.html#v:specificGravity',
    ]);
  });

  it('reads a Docusaurus page with its breadcrumbs, and a blog post once, not in its tag listing', async () => {
    const glaze = await hitFor('glaze firing', '/docs/kilns/firing-schedules/index.html');
    expect(glaze?.title).toBe('Firing schedules');
    expect(glaze?.breadcrumb).toEqual(['Kilns']);
    expect(glaze?.url).toMatch(/#glaze-firing$/);
    const { hits } = await search('thickest feet', { docSetIds: ['docusaurus-site'] });
    expect(hits.map((hit) => decodeURI(hit.url.split('?')[0] ?? ''))).toEqual([
      '/docs/docusaurus-site/blog/bisque-notes/index.html',
    ]);
  });

  it.each([
    { id: 'typedoc-site' as const, name: 'coolDown', anchor: 'cooldown', heading: 'coolDown' },
    { id: 'jsdoc-site' as const, name: 'fireAt', anchor: 'fireAt', heading: 'fireAt(cone)' },
  ])(
    'makes each $id member a section defining its name, its parameters and return inside',
    async ({ id, name, anchor, heading }) => {
      const reader = { docSetIds: [id] };
      const { hits } = await search(name, reader);
      expect(hits).toHaveLength(1);
      expect(hits[0]?.url).toMatch(new RegExp(`#${anchor}$`));
      expect(hits[0]?.sections[0]?.heading).toBe(heading);
      // "Parameters", "Returns number" (TypeDoc), "Parameters:", "Throws:" (JSDoc) head nothing.
      const labels = await search('parameters returns throws', reader);
      const headings = labels.hits.flatMap((hit) => hit.sections.map((s) => s.heading));
      expect(headings.length).toBeGreaterThan(0);
      expect(headings.filter((h) => /^(?:Parameters|Returns|Throws)\b|:$/.test(h))).toEqual([]);
    },
  );

  it('follows DocBook up links from page to page, without the book itself', async () => {
    expect((await hitFor('cleared', '/ch01s02.html'))?.breadcrumb).toEqual(['Chapter 1. Ledgers']);
    // This page has only the navigation footer's Up link: the title comes from the page above.
    expect((await hitFor('journaled', '/ch01s03.html'))?.breadcrumb).toEqual([
      'Chapter 1. Ledgers',
    ]);
    expect((await hitFor('liabilities', '/ch01.html'))?.breadcrumb).toEqual([]);
  });

  it('finds a function on the page whose one-cell function table defines it, at its row', async () => {
    // "Closing a period" names `ledger_balance` three times in passing; "Ledger functions"
    // once, as the signature its table row starts with. (Pages saying `ledger` and `balance`
    // apart follow.)
    const { hits } = await search('ledger_balance', { docSetIds: ['docbook-site'] });
    expect(hits.slice(0, 2).map((hit) => decodeURI(hit.url.split('?')[0] ?? ''))).toEqual([
      '/docs/docbook-site/ch01s04.html',
      '/docs/docbook-site/ch01s03.html',
    ]);
    // The row is an entry of its own, headed by the name, linked to the anchor before it.
    expect(hits[0]?.section).toBe('ledger_balance');
    expect(hits[0]?.url.split('#')[1]).toBe('id-1.4.2.1');
  });

  it('finds a variable on the page whose list of variables describes it', async () => {
    // "Reconciliation report" names `LEDGERLY_STATEMENTS` three times in passing; "Ledger
    // functions" once, at the start of an item of a list whose every item starts with a name.
    const { hits } = await search('LEDGERLY_STATEMENTS', { docSetIds: ['docbook-site'] });
    expect(hits.slice(0, 2).map((hit) => decodeURI(hit.url.split('?')[0] ?? ''))).toEqual([
      '/docs/docbook-site/ch01s04.html',
      '/docs/docbook-site/ch01s02.html',
    ]);
  });
});
