import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../../test/portalHarness';

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
