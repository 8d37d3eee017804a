import { describe, expect, it } from 'vitest';
import { isDocsApiUrl, loginRouteFor } from './loginRedirect';

const page = (pathname: string, search = '', hash = '') => ({
  protocol: 'http:',
  host: 'portal.test',
  pathname,
  search,
  hash,
});

describe('loginRouteFor', () => {
  it('carries the encoded page path and query as redirectPath, and keeps the fragment', () => {
    expect(loginRouteFor(page('/docs/ui/search/vm%20restore', '?product=Helios', '#top'))).toBe(
      '/login?redirectPath=%2Fdocs%2Fui%2Fsearch%2Fvm%2520restore%3Fproduct%3DHelios#top',
    );
  });

  it('adds no redirectPath when the page path ends in /ui/', () => {
    expect(loginRouteFor(page('/docs/ui/'))).toBe('/login');
    expect(loginRouteFor(page('/docs/ui/', '', '#frag'))).toBe('/login#frag');
    expect(loginRouteFor(page('/docs/ui'))).toBe('/login');
    expect(loginRouteFor(page('/docs/ui/search/ui/'))).toBe('/login');
  });
});

describe('isDocsApiUrl', () => {
  const origin = 'http://portal.test';

  it('matches paths and same-origin URLs under the API base', () => {
    expect(isDocsApiUrl('/docs/user', '/docs', origin)).toBe(true);
    expect(isDocsApiUrl('http://portal.test/docs/search?q=x', '/docs', origin)).toBe(true);
  });

  it('does not match other paths or other origins', () => {
    expect(isDocsApiUrl('/other/user', '/docs', origin)).toBe(false);
    expect(isDocsApiUrl('/docsx/user', '/docs', origin)).toBe(false);
    expect(isDocsApiUrl('https://elsewhere.example/docs/user', '/docs', origin)).toBe(false);
  });
});
