import { describe, expect, it } from 'vitest';
import { analysePage } from '../core/analysePage';
import { definitionTermsOf } from './definitionTerms';
import { extractSections } from './extractSections';

const html = (body: string) => `<html><body><main><h1>Reference</h1>${body}</main></body></html>`;
const definitionsOf = (body: string) =>
  extractSections(html(body), { path: '/ref.htm' }).sections.flatMap((s) => s.definitions ?? []);

describe('definitions', () => {
  it('takes the key column of a reference table, the name of a signature', () => {
    const table = `<table><thead><tr><th>Function</th><th>Description</th></tr></thead><tbody>
      <tr><td><p><code>exp</code> ( <code>numeric</code> ) → <code>numeric</code></p><p>Exponential</p></td><td>e to the power</td></tr>
      <tr><td><code>power</code> ( a, b )</td><td>a raised to b</td></tr>
      <tr><th>work_mem</th><td>memory for sorts</td></tr></tbody></table>`;
    expect(definitionsOf(table)).toEqual(['exp', 'power', 'work_mem']);
  });

  it('takes the signature a lone cell of a function table starts with, and nothing else', () => {
    // One cell per function: its signature, its description, an example (as PostgreSQL's
    // manual writes its function tables). An index anchor before the name changes nothing.
    const table = `<table><thead><tr><th>Function</th></tr></thead><tbody>
      <tr><td><p><a id="ix-1" class="indexterm"></a><code>radians_of</code> ( <code>double precision</code> )
        → <code>double precision</code></p><p>Converts degrees to radians</p>
        <p><code>radians_of(45.0)</code> → <code>0.785</code></p></td></tr>
      <tr><td><p><code>kiln_log</code>(<em>x</em>)</p></td></tr>
      <tr><td><p><code>current_kiln</code> → <code>name</code></p><p>The kiln in use.</p></td></tr>
      <tr><td>Converts degrees with <code>radians_of</code> ( x ) when asked</td></tr>
      <tr><td><a href="math.html#f"><code>firing_curve</code></a> ( x )</td></tr>
      <tr><td><p>x ( y )</p></td></tr>
      <tr><td>A layout cell of prose, no signature.</td></tr></tbody></table>`;
    expect(definitionsOf(table)).toEqual(['radians_of', 'kiln_log', 'current_kiln']);
  });

  it('takes definition-list terms, short ones whole, and skips labels and field lists', () => {
    const list = `<dl><dt>virtual environment</dt><dd>An isolated runtime.</dd>
      <dt><code>--dry-run</code>, <code>-n</code></dt><dd>Show what would run.</dd>
      <dt>Note:</dt><dd>a label</dd></dl>
      <dl class="field-list"><dt>Parameters</dt><dd>x</dd></dl>`;
    expect(definitionsOf(list)).toEqual(['virtual environment', '--dry-run, -n']);
  });

  it('takes the names of a list whose every item starts with a name it describes', () => {
    // A list of environment variables (an index anchor before each name changes nothing).
    const variables = `<ul><li><p><a id="ix-7" class="indexterm"></a><code class="envar">KILNHOST</code>
      behaves the same as the host parameter.</p></li>
      <li><p><code>KILN_PORT</code>: the port the kiln listens on.</p></li>
      <li><code>--kiln-dir</code> sets where firings are kept.</li></ul>`;
    expect(definitionsOf(variables)).toEqual(['KILNHOST', 'KILN_PORT', '--kiln-dir']);
  });

  it("takes the parameters a Sphinx field list names, and no other field's words", () => {
    // A list of parameters, each after its link target (sphinx-paramlinks), and a field of one
    // parameter, which is a paragraph; what an entry raises or returns it does not define.
    const fields = `<dl class="field-list simple">
      <dt class="field-odd">Parameters<span class="colon">:</span></dt>
      <dd class="field-odd"><ul class="simple">
        <li><p><span class="target" id="kiln.Kiln.params.max_heat"></span><strong>max_heat</strong>
          <a class="paramlink headerlink" href="#kiln.Kiln.params.max_heat">¶</a> – the hottest it gets.</p></li>
        <li><p><strong>*glazes</strong> (<em>list</em>) – glazes it takes.</p></li></ul></dd>
      <dt class="field-even">Keyword Arguments</dt>
      <dd class="field-even"><p><strong>cool_down</strong> – minutes to cool.</p></dd>
      <dt class="field-odd">Raises</dt>
      <dd class="field-odd"><ul><li><p><strong>KilnError</strong> – when too hot.</p></li>
        <li><p><strong>ValueError</strong> – when too cold.</p></li></ul></dd>
      <dt class="field-even">Returns</dt><dd class="field-even"><p><strong>heat</strong> – degrees.</p></dd></dl>
      <ul><li><p><strong>Fast</strong> – bold words of a list elsewhere.</p></li>
        <li><p><strong>Quiet</strong> – no parameters.</p></li></ul>`;
    expect(definitionsOf(fields)).toEqual(['max_heat', '*glazes', 'cool_down']);
  });

  it('takes no names from a list of changes, of bare names or of links', () => {
    // Release notes start some items with a name and others not: mentions, not definitions.
    const changes = `<ul><li><code>kiln.fire()</code> will be removed.</li>
      <li>Support for the <code>glaze</code> argument will be removed.</li></ul>`;
    // Names alone say nothing of what they are; a linked name is defined where the link goes.
    const bare = '<ul><li><code>kiln_log</code></li><li><code>kiln_reset</code></li></ul>';
    const linked = `<ul><li><a href="api.html#fire"><code>fire</code></a> fires.</li>
      <li><a href="api.html#cool"><code>cool</code></a> cools.</li></ul>`;
    // Nor a list of one item, nor an item that starts with code that is not a name.
    const single = '<ul><li><code>KILNHOST</code> is the host.</li></ul>';
    const code = `<ul><li><code>fire(kiln)</code> starts it.</li><li><code>cool</code> stops it.</li></ul>`;
    for (const list of [changes, bare, linked, single, code])
      expect(definitionsOf(list)).toEqual([]);
  });

  it('reads words with combining marks whole, as the index does', () => {
    // A signature and a long cell, whose name is cut from the rest: every vowel sign and virama
    // of the Hindi names is a combining mark, which used to end the name at its first letter.
    const table = `<table><tr><td><code>स्थापना</code> ( <code>मार्ग</code> )</td><td>x</td></tr>
      <tr><td>दस्तावेज़ — यह पंक्ति चार शब्दों से कहीं अधिक लंबी है और पूरी नहीं ली जाती</td><td>y</td></tr></table>`;
    expect(definitionsOf(table)).toEqual(['स्थापना', 'दस्तावेज़']);
  });

  it('skips entries that link to a definition elsewhere, numbers and single letters', () => {
    const summary = `<table><tr><td><a href="math.html#exp"><code>exp()</code></a></td><td>see there</td></tr>
      <tr><td>1</td><td>first step</td></tr><tr><td>'c'</td><td>a character</td></tr></table>`;
    expect(definitionsOf(summary)).toEqual([]);
    expect(definitionsOf('<p>The <code>exp</code> function is fast.</p>')).toEqual([]);
  });

  it("counts a qualified name's parts, a compound only whole", () => {
    const terms = (definition: string) => [...definitionTermsOf({ definitions: [definition] })];
    // The qualifier whole too (`os.path`): a query naming it finds its members' entries.
    expect(terms('os.path.join')).toEqual([
      'os',
      'os.path.join',
      'path',
      'path.join',
      'join',
      'os.path',
    ]);
    expect(terms('io.IOBase.tell')).toContain('io.iobase');
    expect(terms('os.path')).toEqual(['os', 'os.path', 'path']);
    // A name of over 200 characters: its qualifiers are not tokenised again, one by one.
    expect(terms(`${'ab.'.repeat(70)}cd`)).not.toContain('ab.ab');
    expect(terms('std::collections::HashMap')).toEqual([
      'std',
      'std::collections::hashmap',
      'collections',
      'collections::hashmap',
      'hashmap',
    ]);
    expect(terms('get_mut')).toEqual(['get_mut']);
    expect(terms('IntoKeys')).toEqual(['intokeys']);
    expect(terms('--dry-run')).toEqual(['dry-run']);
    expect(terms('--fake')).toEqual(['fake']);
    expect(terms('virtual environment')).toEqual(['virtual', 'environment']);
  });

  it('counts defined names as heading words of their section, once each', () => {
    const section = {
      heading: 'Functions',
      anchor: 'f',
      text: 'exp exp',
      definitions: ['exp', 'os.path'],
    };
    expect([...definitionTermsOf(section)]).toEqual(['exp', 'os', 'os.path', 'path']);
    const page = analysePage({
      path: '/a',
      title: 'A',
      breadcrumb: [],
      hash: 'h',
      sections: [section],
    });
    const [analysed] = page.sections;
    expect(analysed?.frequencies.get('exp')).toEqual([0, 1, 0, 2]);
    expect(analysed?.frequencies.get('functions')).toEqual([0, 1, 0, 0]);
    expect(analysed?.lengths[1]).toBe(1);
  });
});
