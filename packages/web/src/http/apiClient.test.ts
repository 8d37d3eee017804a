import { describe, expect, it, vi } from 'vitest';
import { json, unauthorized } from '../../test/fakeServer';
import { createApiClient, HttpError, isRelativeUrl } from './apiClient';

function client(response: () => Response = () => json({ ok: true })) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  const onUnauthorized = vi.fn();
  return {
    api: createApiClient({ basePath: '/docs', onUnauthorized, fetch }),
    fetch,
    onUnauthorized,
  };
}

function sentHeaders(fetch: ReturnType<typeof client>['fetch'], call = 0): Headers {
  return new Headers(fetch.mock.calls[call]?.[1]?.headers);
}

describe('the XSRF header', () => {
  it('carries the XSRF-TOKEN cookie on a non-GET request to a relative URL', async () => {
    document.cookie = 'XSRF-TOKEN=tok%2Ben; path=/';
    const { api, fetch } = client();
    await api.request('/docs/feedback', { method: 'POST', body: '{}' });
    await api.request('/docs/session', { method: 'delete' });
    expect(sentHeaders(fetch, 0).get('X-XSRF-TOKEN')).toBe('tok+en');
    expect(sentHeaders(fetch, 1).get('X-XSRF-TOKEN')).toBe('tok+en');
  });

  it('is not sent on GET requests or to absolute URLs', async () => {
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    const { api, fetch } = client();
    await api.request('/docs/user');
    await api.request('https://elsewhere.example/api', { method: 'POST' });
    await api.request('//elsewhere.example/api', { method: 'POST' });
    for (const call of [0, 1, 2]) expect(sentHeaders(fetch, call).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('tells relative URLs from absolute ones', () => {
    expect(isRelativeUrl('/docs/x')).toBe(true);
    expect(isRelativeUrl('x/y')).toBe(true);
    expect(isRelativeUrl('HTTPS://a.example')).toBe(false);
    expect(isRelativeUrl('//a.example')).toBe(false);
  });

  it.each([
    '/\\a.example/x',
    '\\\\a.example/x',
    '/\t/a.example/x',
    ' //a.example/x',
    ' https://a.example',
  ])('does not count %j as relative: a browser sends it to another host', (url) => {
    expect(isRelativeUrl(url)).toBe(false);
  });
});

describe('the 401 rule', () => {
  it('triggers the login redirect for a 401 from the documentation API and still rejects', async () => {
    const { api, onUnauthorized } = client(unauthorized);
    const failure = api.getJson('/user', (data) => data);
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 401,
      apiError: { code: 'unauthenticated' },
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 from elsewhere and other error statuses to the caller alone', async () => {
    const { api, onUnauthorized } = client(unauthorized);
    await expect(api.request('/other/api')).rejects.toMatchObject({ status: 401 });
    const server = client(() => json({ code: 'boom', message: 'Broken' }, 500));
    await expect(server.api.request('/docs/user')).rejects.toMatchObject({
      status: 500,
      message: 'Broken',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(server.onUnauthorized).not.toHaveBeenCalled();
  });
});
