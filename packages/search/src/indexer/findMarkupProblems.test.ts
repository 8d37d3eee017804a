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

  it('reads names and raw-text end tags in any case, beside non-ASCII text', () => {
    expect(findMarkupProblems('<DIV><P>text</DIV><B>x</b>').count).toBe(0);
    expect(findMarkupProblems('<Div>a</dIV><SPAN>b')).toEqual({
      count: 1,
      first: 'unclosed <span> at line 1',
    });
    expect(
      findMarkupProblems('<script>if (a </b) x = "</div>";</SCRIPT><div>after</div>').count,
    ).toBe(0);
    expect(findMarkupProblems('<style>p { }</Style ><i>unclosed').first).toBe(
      'unclosed <i> at line 1',
    );
    expect(findMarkupProblems('<SCRIPT>a</script ><h1>t</H1><h2>').first).toBe(
      'unclosed <h2> at line 1',
    );
    expect(findMarkupProblems('<textarea><b></textarea><em>').first).toBe(
      'unclosed <em> at line 1',
    );
    expect(findMarkupProblems('<noscript><b>').count).toBe(0);
    // An end tag that only starts with the name ends the raw text too.
    expect(findMarkupProblems('<xmp></xmpx></xmp><q>')).toEqual({
      count: 2,
      first: 'stray </xmp> at line 1',
    });
    expect(findMarkupProblems('<p>日本語の文 <b>太字</i></p> 𝒳𝒴 <span>')).toEqual({
      count: 3,
      first: 'stray </i> at line 1',
    });
    expect(findMarkupProblems('<script>K</sc\u212Aript></script><s>').first).toBe(
      'unclosed <s> at line 1',
    );
  });

  it('keeps its place after raw text on pages with U+0130, which lower-cases to two characters', () => {
    // A scan from a lower-cased copy's positions resumed early there and reported a stray </b>.
    expect(findMarkupProblems('<title>İstanbul</title><b>x</b><i>y')).toEqual({
      count: 1,
      first: 'unclosed <i> at line 1',
    });
    // ... or resumed late, inside the next element, and missed a problem after a script.
    expect(findMarkupProblems('<p>İİİİİİİİİİ</p><script>var s = "<b>";</script><u>')).toEqual({
      count: 1,
      first: 'unclosed <u> at line 1',
    });
    expect(findMarkupProblems('<style>İ{}</STYLE>\n<em>İ</strong>')).toEqual({
      count: 2,
      first: 'stray </strong> at line 2',
    });
  });
});
