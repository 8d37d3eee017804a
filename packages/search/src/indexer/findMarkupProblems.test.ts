import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures';
import { findMarkupProblems } from './findMarkupProblems';

describe('findMarkupProblems', () => {
  it('accepts well-formed pages, optional end tags and XHTML-style empty elements', () => {
    expect(findMarkupProblems(fixture('flare/Content/Overview.htm').toString()).count).toBe(0);
    expect(findMarkupProblems(fixture('sphinx/library/textwrap.html').toString()).count).toBe(0);
    expect(findMarkupProblems('<ul><li>one<li>two</ul><p>a<p>b<a name="x" /><br>').count).toBe(0);
    expect(
      findMarkupProblems('<script>if (a < b) { x = "</div>"; }</script><!-- <div> -->').count,
    ).toBe(0);
  });

  it('reports unclosed elements and stray end tags with the line of the first', () => {
    expect(findMarkupProblems('<div>\n<h1>Title <b>bold</h1></div>')).toEqual({
      count: 1,
      first: 'unclosed <b> at line 2',
    });
    expect(findMarkupProblems('<div>text</span></div><section>').count).toBe(2);
  });

  it('reads a tag to the first > outside quotes, and a comment to --> or the end', () => {
    // The > inside the title is not the end of the <div> tag, so the </span> after it is stray.
    expect(findMarkupProblems('<div title="a > b"></span></div>')).toEqual({
      count: 1,
      first: 'stray </span> at line 1',
    });
    // A quote left open: no tag there, so nothing is left unclosed.
    expect(findMarkupProblems('<div title="open>text').count).toBe(0);
    expect(findMarkupProblems('<section><!-- </section> never closed').count).toBe(1);
    expect(findMarkupProblems('<DIV CLASS=x>\n<Em>t</em></div >').count).toBe(0);
    expect(findMarkupProblems('<div/ >< div>a<3 b</div>').count).toBe(1);
  });
});
