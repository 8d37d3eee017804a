import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type RunningPortal, signIn, startPortal, testConfig } from '../../test/portalHarness';
import { rawHttpRequest } from '../../test/rawHttpRequest';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(testConfig(), { webDistDir: '/nonexistent' });
});
afterAll(async () => {
  await app.close();
});

describe('XSRF protection', () => {
  it('gives a readable XSRF-TOKEN cookie on a GET', async () => {
    const res = await app.inject({ url: '/docs/ui/' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe('/docs');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'answers 403 JSON to a %s without the header',
    async (method) => {
      const res = await app.inject({ method, url: '/docs/user', cookies: { 'XSRF-TOKEN': 'abc' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'xsrf_mismatch' });
    },
  );

  it('answers 403 when the header does not match the cookie, or there is no cookie', async () => {
    const mismatch = await app.inject({
      method: 'POST',
      url: '/docs/user',
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abd' },
    });
    expect(mismatch.statusCode).toBe(403);
    const noCookie = await app.inject({
      method: 'POST',
      url: '/docs/user',
      headers: { 'x-xsrf-token': 'abc' },
    });
    expect(noCookie.statusCode).toBe(403);
  });

  it('lets a matching header through to the route', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/docs/user',
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abc' },
    });
    expect(res.statusCode).not.toBe(403);
  });
});

describe('XSRF protection over a real socket', () => {
  let portal: RunningPortal;
  let cookie: string;
  beforeAll(async () => {
    portal = await startPortal({}, { webDistDir: '/nonexistent' });
    const client = portal.client();
    await signIn(client, 'customer');
    cookie = [...client.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
    expect(cookie).toContain('XSRF-TOKEN=');
  });
  afterAll(async () => {
    await portal.close();
  });

  const click = JSON.stringify({ query: 'backup', rank: 1, url: '/docs/HomePage/a.htm' });

  it('records a click when the header matches the cookie (the requests below differ only in it)', async () => {
    const token = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
    const answer = await rawHttpRequest(portal.origin, {
      method: 'POST',
      target: '/docs/analytics/click',
      headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': token },
      body: click,
    });
    expect(answer.status).toBe(204);
  });

  it.each([
    ['the plain path', () => '/docs/analytics/click'],
    ['a percent-encoded letter', () => '/%64ocs/analytics/click'],
    ['an encoded letter after the prefix', () => '/docs/%61nalytics/click'],
    ['the absolute form', () => `${portal.origin}/docs/analytics/click`],
    ['the absolute form with another host', () => 'http://elsewhere.example/docs/analytics/click'],
    ['the prefix spelt with encoded letters', () => '/%64%6f%63%73/analytics/click'],
  ])(
    'answers 403 to a POST without the header however the path is spelt: %s',
    async (_, target) => {
      const answer = await rawHttpRequest(portal.origin, {
        method: 'POST',
        target: target(),
        headers: { cookie, 'content-type': 'application/json' },
        body: click,
      });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'xsrf_mismatch' });
    },
  );

  it('answers 403 to a POST without the header on an unmatched path under the base path', async () => {
    for (const target of ['/docs/no/such/route', '/%64ocs/no/such/route', '/docs', '/docs?x=1']) {
      const answer = await rawHttpRequest(portal.origin, {
        method: 'POST',
        target,
        headers: { cookie },
      });
      expect(answer.status, target).toBe(403);
    }
  });
});
