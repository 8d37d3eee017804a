import { describe, expect, it } from 'vitest';
import { basePathOfScript, withoutHighlight } from './startDocPage';

describe('basePathOfScript', () => {
  it('takes the base path from the script address on the page’s own origin only', () => {
    const origin = 'http://portal.test';
    expect(basePathOfScript('http://portal.test/docs/search-client/highlight.js', origin)).toBe(
      '/docs',
    );
    expect(basePathOfScript('/kb/search-client/highlight.js', origin)).toBe('/kb');
    expect(basePathOfScript('https://cdn.example/docs/search-client/highlight.js', origin)).toBe(
      null,
    );
    expect(basePathOfScript('/docs/other.js', origin)).toBeNull();
    expect(basePathOfScript(undefined, origin)).toBeNull();
  });
});

describe('withoutHighlight', () => {
  it('drops Highlight in any case and keeps the other parameters', () => {
    expect(withoutHighlight('?Highlight=vm&tab=2')).toBe('?tab=2');
    expect(withoutHighlight('?highlight=vm')).toBe('');
    expect(withoutHighlight('')).toBe('');
  });
});
