import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippetParts';

describe('snippetParts', () => {
  it('splits marked terms from the text around them', () => {
    expect(snippetParts('Run a <mark>backup</mark> of the <MARK>vm</MARK>.')).toEqual([
      { text: 'Run a ', mark: false },
      { text: 'backup', mark: true },
      { text: ' of the ', mark: false },
      { text: 'vm', mark: true },
      { text: '.', mark: false },
    ]);
  });

  it('decodes the entities of escaped text', () => {
    expect(snippetParts('a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#x27; &nbsp;&bogus; &#0;')).toEqual(
      [{ text: 'a <b> & "c" \'d\' \u00a0&bogus; &#0;', mark: false }],
    );
  });

  it('keeps every other tag as literal text', () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    expect(snippetParts(`x <mark>${hostile}</mark>`)).toEqual([
      { text: 'x ', mark: false },
      { text: hostile, mark: true },
    ]);
  });

  it('does not let decoded entities turn into marks', () => {
    expect(snippetParts('&lt;mark&gt;not marked&lt;/mark&gt;')).toEqual([
      { text: '<mark>not marked</mark>', mark: false },
    ]);
  });
});
