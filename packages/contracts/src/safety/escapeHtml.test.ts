import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml';

describe('escapeHtml', () => {
  it('escapes the five characters that can open markup or leave a quoted attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&amp;`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;amp;',
    );
  });

  it('leaves other text, including non-ASCII, as it is', () => {
    expect(escapeHtml('Sauvegarde – données 6.5 / ok')).toBe('Sauvegarde – données 6.5 / ok');
  });
});
