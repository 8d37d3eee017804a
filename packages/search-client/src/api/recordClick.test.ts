import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeSearchApi';
import { clickUrlOf, recordClick } from './recordClick';

describe('recordClick', () => {
  it('posts the click as JSON with the XSRF token, kept alive through the navigation', () => {
    const api = fakeFetch(() => new Response(null, { status: 204 }));
    recordClick(
      { searchUrl: '/docs/search', fetch: api.fetch, cookies: 'a=1; XSRF-TOKEN=abc%3D; b=2' },
      { query: 'backup', rank: 3, url: '/docs/a.htm#s' },
    );
    const call = api.calls[0];
    expect(call?.url.pathname).toBe('/docs/analytics/click');
    expect(call?.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
    });
    const headers = new Headers(call?.init.headers);
    expect(headers.get('x-xsrf-token')).toBe('abc=');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(call?.init.body))).toEqual({
      query: 'backup',
      rank: 3,
      url: '/docs/a.htm#s',
    });
  });

  it('never throws, even when the request fails', () => {
    const broken = vi.fn(() => {
      throw new TypeError('no network');
    }) as unknown as typeof fetch;
    expect(() =>
      recordClick(
        { searchUrl: '/docs/search', fetch: broken, cookies: '' },
        {
          query: 'q',
          rank: 1,
          url: '/docs/a',
        },
      ),
    ).not.toThrow();
  });

  it('finds the analytics endpoint beside the search API, and none elsewhere', () => {
    expect(clickUrlOf('/docs/search')).toBe('/docs/analytics/click');
    expect(clickUrlOf('/search?x=1')).toBe('/analytics/click');
    expect(clickUrlOf('/docs/find')).toBeNull();
  });

  it('sends the token of the XSRF-TOKEN cookie, not of one whose name only starts the same', () => {
    const api = fakeFetch(() => new Response(null, { status: 204 }));
    recordClick(
      { searchUrl: '/docs/search', fetch: api.fetch, cookies: 'XSRF-TOKEN-OLD=no; XSRF-TOKEN=yes' },
      { query: 'q', rank: 1, url: '/docs/a' },
    );
    expect(new Headers(api.calls[0]?.init.headers).get('x-xsrf-token')).toBe('yes');
  });
});
