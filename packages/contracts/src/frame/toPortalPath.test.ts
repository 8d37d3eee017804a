import { describe, expect, it } from 'vitest';
import { toPortalPath } from './toPortalPath';

const ORIGIN = 'http://portal.test';

describe('toPortalPath', () => {
  it('keeps same-origin paths under the base path with their query and fragment', () => {
    expect(toPortalPath('/docs/a/b.htm?x=1#h', ORIGIN, '/docs')).toBe('/docs/a/b.htm?x=1#h');
    expect(toPortalPath('/docs/a.htm?Highlight=x#s', ORIGIN, '/docs')).toBe(
      '/docs/a.htm?Highlight=x#s',
    );
    expect(toPortalPath('/docs', ORIGIN, '/docs')).toBe('/docs');
    expect(toPortalPath(`${ORIGIN}/docs`, ORIGIN, '/docs')).toBe('/docs');
    expect(toPortalPath(`${ORIGIN}/docs/a`, ORIGIN, '/docs')).toBe('/docs/a');
  });

  it.each([
    'https://evil.example/docs',
    'https://evil.example/docs/a',
    '//evil.example/docs',
    '//evil.example/docs/a',
    '/docsx',
    '/docsx/a',
    '/',
    '/other/a',
    'data:text/html,x',
    'javascript:alert(1)',
    ' /docs\\x',
    '/docs\\..\\x',
    '/docs/a\nb',
    '/docs/a\u007fb',
    'http://[bad',
  ])('refuses %j (other origins, schemes, paths outside the base path)', (url) => {
    expect(toPortalPath(url, ORIGIN, '/docs')).toBeNull();
  });

  it('reads a base path with a trailing slash like one without, and an empty one as the whole site', () => {
    expect(toPortalPath('/docs/a', ORIGIN, '/docs/')).toBe('/docs/a');
    expect(toPortalPath('/docsx', ORIGIN, '/docs/')).toBeNull();
    expect(toPortalPath('/any/page', ORIGIN, '')).toBe('/any/page');
    expect(toPortalPath('https://evil.example/any', ORIGIN, '')).toBeNull();
  });
});
